import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../../components/StatusBadge';
import { formatDate } from '../../../../lib/format';
import { Card, type PanelProps } from './parts';

/** Professional view: the viewer's open stories. */
export function MyWorkPanel({ d, lang }: PanelProps) {
  const { t } = useTranslation();
  if (!d.mine) return null;
  return (
    <Card title={t('ui.dashboard.sections.mine')} testId="mine" wide>
      {d.mine.stories.length === 0 ? (
        <p className="muted">{t('ui.dashboard.mine.empty')}</p>
      ) : (
        <ul className="dash-list">
          {d.mine.stories.map((s) => (
            <li key={s.storyIdx} className="dash-list__row">
              <div className="dash-list__main">
                <Link
                  className="dash-list__title"
                  to={`/timeline/${d.projectIdx}?selectedStory=${s.storyIdx}`}
                >
                  {s.title}
                </Link>
                {s.endDt && (
                  <span className="muted dash-small">
                    {t('ui.dashboard.deadlines.due', { date: formatDate(s.endDt, lang) })}
                  </span>
                )}
              </div>
              <StatusBadge status={s.status} />
            </li>
          ))}
        </ul>
      )}
      {d.mine.openStoryCount > d.mine.stories.length && (
        <p className="muted dash-small">
          {t('ui.dashboard.deadlines.more', {
            count: d.mine.openStoryCount - d.mine.stories.length,
          })}
        </p>
      )}
    </Card>
  );
}
