import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, MilestoneMeta, type PanelProps } from './parts';

/** Client view: milestones waiting for the client, and the spend slot (settlement is not built yet). */
export function ApprovalsPanel({ d, lang }: PanelProps) {
  const { t } = useTranslation();
  if (!d.approvals) return null;
  return (
    <>
      <Card title={t('ui.dashboard.sections.approvals')} testId="approvals">
        {d.approvals.length === 0 ? (
          <p className="muted">{t('ui.dashboard.approvals.empty')}</p>
        ) : (
          <ul className="dash-list">
            {d.approvals.map((m) => (
              <li key={m.milestoneIdx} className="dash-list__row">
                <div className="dash-list__main">
                  <span className="dash-list__title">{m.title}</span>
                  <MilestoneMeta m={m} lang={lang} />
                </div>
                <Link
                  className="btn btn--green btn--small"
                  to={`/timeline/${d.projectIdx}?selectedMilestone=${m.milestoneIdx}`}
                >
                  {t('ui.dashboard.approvals.review')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('ui.dashboard.sections.spend')} testId="spend">
        <p className="dash-unavailable">
          <strong>{t('ui.dashboard.spend.notAvailable')}</strong>
          <span className="muted">{t('ui.dashboard.spend.notAvailableBody')}</span>
        </p>
      </Card>
    </>
  );
}
