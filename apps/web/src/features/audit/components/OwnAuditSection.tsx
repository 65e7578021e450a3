import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnAudit } from '../api/use-audit';
import { AuditRecords } from './AuditRecords';
import './audit.css';

/** The profile's "Account activity": one's own account log (sign-ins, password, cards, records about you). */
export function OwnAuditSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useOwnAudit({ page });
  return (
    <section className="card section audit audit--own" aria-labelledby="own-audit" data-testid="own-audit">
      <h3 id="own-audit" className="section__title">
        {t('ui.audit.ownTitle')}
      </h3>
      <p className="audit__intro">{t('ui.audit.ownIntro')}</p>
      <AuditRecords query={query} emptyText={t('ui.audit.ownEmpty')} page={page} onPage={setPage} />
    </section>
  );
}
