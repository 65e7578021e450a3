import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="card state-card">
        <h2>{t('ui.notFound.title')}</h2>
        <p>{t('ui.notFound.body')}</p>
        <Link className="btn btn--green btn--medium" to="/">
          {t('ui.common.goHome')}
        </Link>
      </div>
    </div>
  );
}
