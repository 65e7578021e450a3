import { UPCOMING_DAYS, type DeadlineItem, type Language } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../../components/StatusBadge';
import { formatDate } from '../../../../lib/format';
import { timelineHref } from '../../logic/dashboard-logic';
import { Card, type PanelProps } from './parts';

function DeadlineList({
  items,
  total,
  empty,
  projectIdx,
  lang,
}: {
  items: DeadlineItem[];
  total: number;
  empty: string;
  projectIdx: number;
  lang: Language;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <>
      <ul className="dash-list">
        {items.map((item) => {
          const href = timelineHref(
            projectIdx,
            item.kind === 'story'
              ? { storyIdx: item.idx, milestoneIdx: null }
              : { storyIdx: null, milestoneIdx: item.idx },
          );
          return (
            <li key={`${item.kind}-${item.idx}`} className="dash-list__row">
              <div className="dash-list__main">
                <Link className="dash-list__title" to={href!}>
                  {item.title}
                </Link>
                <span className="muted dash-small">
                  {t(`ui.dashboard.deadlines.${item.kind}`)}
                  {item.endDt &&
                    ` · ${t('ui.dashboard.deadlines.due', { date: formatDate(item.endDt, lang) })}`}
                </span>
              </div>
              <StatusBadge status={item.status} />
            </li>
          );
        })}
      </ul>
      {total > items.length && (
        <p className="muted dash-small">
          {t('ui.dashboard.deadlines.more', { count: total - items.length })}
        </p>
      )}
    </>
  );
}

/** Delayed work and work due soon. */
export function DeadlinesPanel({ d, lang }: PanelProps) {
  const { t } = useTranslation();
  return (
    <>
      <Card title={t('ui.dashboard.sections.delayed')} testId="delayed">
        <DeadlineList
          items={d.delayed.items}
          total={d.delayed.total}
          empty={t('ui.dashboard.deadlines.delayedEmpty')}
          projectIdx={d.projectIdx}
          lang={lang}
        />
      </Card>
      <Card title={t('ui.dashboard.sections.upcoming', { days: UPCOMING_DAYS })} testId="upcoming">
        <DeadlineList
          items={d.upcoming.items}
          total={d.upcoming.total}
          empty={t('ui.dashboard.deadlines.upcomingEmpty', { days: UPCOMING_DAYS })}
          projectIdx={d.projectIdx}
          lang={lang}
        />
      </Card>
    </>
  );
}
