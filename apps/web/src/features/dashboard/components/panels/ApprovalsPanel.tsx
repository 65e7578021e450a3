import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMinorUnits, formatMonth } from '../../../../lib/format';
import { Card, MilestoneMeta, type PanelProps } from './parts';

/** Client view: milestones waiting for the client, and approved and paid spend of this month and the last. */
export function ApprovalsPanel({ d, lang }: PanelProps) {
  const { t } = useTranslation();
  if (!d.approvals) return null;
  const spend = d.settlement.spend ?? [];
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
        {spend.length === 0 ? (
          <p className="muted">{t('ui.dashboard.spend.empty')}</p>
        ) : (
          <ul className="dash-list">
            {spend.map((s) => (
              <li key={`${s.month}-${s.currency}`} className="dash-list__row">
                <span className="dash-list__main">{formatMonth(s.month, lang)}</span>
                <strong className="dash-num">{formatMinorUnits(s.grossAmount, s.currency, lang)}</strong>
              </li>
            ))}
          </ul>
        )}
        <Link className="btn btn--outline btn--small" to={`/calculate/client/${d.projectIdx}`}>
          {t('ui.dashboard.spend.open')}
        </Link>
      </Card>
    </>
  );
}
