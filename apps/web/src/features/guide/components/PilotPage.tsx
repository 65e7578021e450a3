import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import '../guide.css';

/** `/pilot/{id}`: the auto-coding pilot (docs/product/README.md#not-in-scope: a page that says it is a pilot, nothing more). */
export function PilotPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <div className="page">
      <div className="card state-card pilot" data-testid="pilot">
        <span className="pilot__badge">{t('ui.guide.pilot.badge')}</span>
        <h2>{t('ui.guide.pilot.title')}</h2>
        <p>{t('ui.guide.pilot.body')}</p>
        {id && (
          <Link className="btn btn--green btn--medium" to={`/timeline/${id}`}>
            {t('ui.guide.pilot.back')}
          </Link>
        )}
      </div>
    </div>
  );
}
