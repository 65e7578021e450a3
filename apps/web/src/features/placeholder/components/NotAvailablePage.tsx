import type { RouteName } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteMeta } from '../../../app/use-route-meta';

/** The routes still served by this page (documents, issue 15) and the section each names. */
const sectionKey: Partial<Record<RouteName, string>> = {
  document: 'doclist',
  doclist: 'doclist',
};

/** An honest "not available yet" state for routes owned by later features. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const section = t(`ui.sections.${sectionKey[meta.name] ?? 'home'}`);
  const content = (
    <div className="card state-card">
      {!meta.header && <h1>{section}</h1>}
      <h2>{t('ui.notAvailable.title')}</h2>
      <p>{t('ui.notAvailable.body', { section })}</p>
      <Link className="btn btn--green btn--medium" to="/">
        {t('ui.common.goHome')}
      </Link>
    </div>
  );
  return meta.header ? <div className="page">{content}</div> : <div className="centered-page">{content}</div>;
}
