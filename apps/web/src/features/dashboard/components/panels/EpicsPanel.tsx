import { useTranslation } from 'react-i18next';
import { formatNumberLocal } from '../../../../lib/format';
import { formatPercent } from '../../logic/dashboard-logic';
import { Bar, Card, type PanelProps } from './parts';

/** Progress per epic, by points when the epic has any, else by story count. */
export function EpicsPanel({ d, lang }: PanelProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('ui.dashboard.sections.epics')} testId="epics">
      {d.epics.length === 0 ? (
        <p className="muted">{t('ui.dashboard.epics.empty')}</p>
      ) : (
        <ul className="dash-list">
          {d.epics.map((e) => (
            <li key={e.epicIdx} className="dash-progress-row">
              <div className="dash-progress-row__top">
                <span className="dash-list__title">
                  <span className="dash-dot" style={{ background: e.colorCode ?? '#9ca3af' }} />
                  {e.label}
                </span>
                <strong>{formatPercent(e.progress, lang)}</strong>
              </div>
              <Bar value={e.progress} color={e.colorCode ?? undefined} />
              <span className="muted dash-small">
                {e.totalPoint > 0
                  ? t('ui.dashboard.epics.points', {
                      done: formatNumberLocal(e.completedPoint, lang),
                      total: formatNumberLocal(e.totalPoint, lang),
                    })
                  : t('ui.dashboard.epics.stories', {
                      done: formatNumberLocal(e.completedStoryCount, lang),
                      total: formatNumberLocal(e.storyCount, lang),
                      count: e.storyCount,
                    })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
