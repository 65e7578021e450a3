import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';

/** Shown when a route fails to load (e.g. a script chunk after a deploy) or throws while rendering. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main className="centered-page" id="main">
      <div className="card state-card">
        <h1>{t('ui.common.loadFailed')}</h1>
        <div className="state-card__actions">
          <button
            type="button"
            className="btn btn--green btn--medium"
            onClick={() => window.location.reload()}
          >
            {t('ui.common.retry')}
          </button>
          <Link className="btn btn--outline btn--medium" to="/">
            {t('ui.common.goHome')}
          </Link>
        </div>
      </div>
    </main>
  );
}
