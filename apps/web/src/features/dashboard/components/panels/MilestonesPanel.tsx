import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../../components/StatusBadge';
import { Button } from '../../../../components/ui/Button';
import { Bar, Card, MilestoneMeta, type PanelProps } from './parts';

const MILESTONES_SHOWN = 8;

/** Milestones with their progress; the first few, then all on demand. */
export function MilestonesPanel({ d, lang }: PanelProps) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? d.milestones : d.milestones.slice(0, MILESTONES_SHOWN);
  return (
    <Card title={t('ui.dashboard.sections.milestones')} testId="milestones">
      {d.milestones.length === 0 ? (
        <p className="muted">{t('ui.dashboard.milestones.empty')}</p>
      ) : (
        <>
          <ul className="dash-list">
            {shown.map((m) => (
              <li
                key={m.milestoneIdx}
                className="dash-progress-row"
                data-testid={`milestone-${m.milestoneIdx}`}
              >
                <div className="dash-progress-row__top">
                  <Link
                    className="dash-list__title"
                    to={`/timeline/${d.projectIdx}?selectedMilestone=${m.milestoneIdx}`}
                  >
                    {m.title}
                  </Link>
                  <StatusBadge status={m.status} />
                </div>
                <Bar value={m.storyCount ? (m.completedStoryCount / m.storyCount) * 100 : 0} />
                <MilestoneMeta m={m} lang={lang} />
              </li>
            ))}
          </ul>
          {d.milestones.length > MILESTONES_SHOWN && (
            <Button variant="ghost" size="small" onClick={() => setShowAll((v) => !v)}>
              {showAll
                ? t('ui.dashboard.milestones.showLess')
                : t('ui.dashboard.milestones.showAll', { count: d.milestones.length })}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
