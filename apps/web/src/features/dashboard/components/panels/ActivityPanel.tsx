import type { ActivityItem, Language } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { activityTypeKey, formatRelative, timelineHref } from '../../logic/dashboard-logic';
import { Card, type PanelProps } from './parts';

function ActivityFeed({
  items,
  projectIdx,
  lang,
}: {
  items: ActivityItem[];
  projectIdx: number;
  lang: Language;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="muted">{t('ui.dashboard.activity.empty')}</p>;
  return (
    <ul className="dash-activity">
      {items.map((a) => {
        const href = timelineHref(projectIdx, a);
        const title = a.title || t('ui.dashboard.activity.untitled');
        return (
          <li key={a.historyIdx} className="dash-activity__row">
            <span className="dash-activity__text">
              <strong>{a.actor?.nickname ?? t('ui.dashboard.activity.system')}</strong>{' '}
              {t(`ui.dashboard.activity.types.${activityTypeKey(a.type)}`, {
                status: a.status ? t(`ui.status.${a.status}`) : '',
              })}{' '}
              {href ? (
                <Link to={href}>{title}</Link>
              ) : (
                <span>
                  {title} <span className="muted">({t('ui.dashboard.activity.deletedItem')})</span>
                </span>
              )}
            </span>
            <time className="muted dash-small" dateTime={a.createdAt}>
              {formatRelative(a.createdAt, lang)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}

/** The newest history events, linking into the timeline. */
export function ActivityPanel({ d, lang }: PanelProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('ui.dashboard.sections.activity')} testId="activity">
      <ActivityFeed items={d.activity} projectIdx={d.projectIdx} lang={lang} />
    </Card>
  );
}
