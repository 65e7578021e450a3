import type { DashboardMilestone, DashboardResponse, Language } from '@teamline/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumberLocal } from '../../../../lib/format';

/** What every panel of the dashboard receives: the one answer of GET /dashboard and the language. */
export interface PanelProps {
  d: DashboardResponse;
  lang: Language;
}

/** A titled card of the dashboard grid. */
export function Card({
  title,
  testId,
  wide = false,
  children,
}: {
  title: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`card dash-card${wide ? ' dash-card--wide' : ''}`} data-testid={`dash-${testId}`}>
      <h3 className="dash-card__title">{title}</h3>
      {children}
    </section>
  );
}

/** A key number with an optional hint and progress bar. */
export function Kpi({
  id,
  label,
  value,
  hint,
  bar,
  tone,
}: {
  id: string;
  label: string;
  value: string;
  hint?: string | undefined;
  bar?: number;
  tone?: 'danger' | 'warning' | undefined;
}) {
  return (
    <div className={`card dash-kpi${tone ? ` dash-kpi--${tone}` : ''}`} data-testid={`kpi-${id}`}>
      <span className="dash-kpi__label">{label}</span>
      <strong className="dash-kpi__value" data-testid={`kpi-${id}-value`}>
        {value}
      </strong>
      {bar !== undefined && <Bar value={bar} />}
      {hint && <span className="dash-kpi__hint muted">{hint}</span>}
    </div>
  );
}

export function Bar({ value, color }: { value: number; color?: string | undefined }) {
  return (
    <span className="dash-bar" aria-hidden="true">
      <span
        className="dash-bar__fill"
        style={{ width: `${Math.min(100, Math.max(0, value))}%`, ...(color ? { background: color } : {}) }}
      />
    </span>
  );
}

export function MilestoneMeta({ m, lang }: { m: DashboardMilestone; lang: Language }) {
  const { t } = useTranslation();
  return (
    <span className="muted dash-small">
      {t('ui.dashboard.milestones.stories', {
        done: formatNumberLocal(m.completedStoryCount, lang),
        total: formatNumberLocal(m.storyCount, lang),
        count: m.storyCount,
      })}
      {' · '}
      {m.endDt
        ? t('ui.dashboard.milestones.due', { date: formatDate(m.endDt, lang) })
        : t('ui.dashboard.milestones.noEnd')}
    </span>
  );
}
