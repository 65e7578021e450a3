import { auditDetails, auditSentence, type AuditList, type AuditTranslate } from '@teamline/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../app/RootLayout';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { browserName } from './browser-name';

/**
 * A page of audit records as a table (time, what happened with what changed, address, browser), with
 * its loading, error and empty states and the pager. On a phone each record is a small card.
 */
export function AuditRecords({
  query,
  emptyText,
  page,
  onPage,
}: {
  query: UseQueryResult<AuditList>;
  emptyText: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const translate: AuditTranslate = (key, values) => t(key, values);
  if (query.isLoading) return <PageSpinner />;
  if (query.isError)
    return (
      <div className="state-card" role="alert">
        <p>{t(`errors.${errorCodeOf(query.error)}`)}</p>
        <Button size="medium" onClick={() => void query.refetch()}>
          {t('ui.common.retry')}
        </Button>
      </div>
    );
  const list = query.data;
  if (!list || list.items.length === 0)
    return (
      <p className="audit__empty" data-testid="audit-empty">
        {emptyText}
      </p>
    );
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const columns = ['time', 'event', 'address', 'browser'] as const;
  return (
    <>
      <p className="audit__total" aria-live="polite">
        {t('ui.audit.total', { count: list.total })}
      </p>
      <div className="audit__wrap">
        <table className="audit-table" data-testid="audit-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {t(`ui.audit.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.items.map((record) => {
              const details = auditDetails(record, translate, lang);
              return (
                <tr key={record.auditIdx} data-testid="audit-record" data-kind={record.kind}>
                  <td data-label={t('ui.audit.columns.time')}>
                    <time dateTime={record.occurredAt}>{formatDateTime(record.occurredAt, lang)}</time>
                  </td>
                  <td data-label={t('ui.audit.columns.event')}>
                    <span className="audit-table__sentence">{auditSentence(record, translate, lang)}</span>
                    {details.length > 0 && (
                      <ul className="audit-table__details">
                        {details.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td data-label={t('ui.audit.columns.address')}>
                    <span className="audit-table__mono">{record.ip ?? '—'}</span>
                  </td>
                  <td data-label={t('ui.audit.columns.browser')} title={record.userAgent ?? undefined}>
                    {browserName(record.userAgent)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="audit__pager" aria-label={t('ui.audit.pages')}>
          <Button
            size="small"
            variant="outline"
            disabled={page <= 1 || query.isFetching}
            onClick={() => onPage(page - 1)}
          >
            {t('ui.audit.previous')}
          </Button>
          <span>{t('ui.audit.page', { page, pages })}</span>
          <Button
            size="small"
            variant="outline"
            disabled={page >= pages || query.isFetching}
            onClick={() => onPage(page + 1)}
            data-testid="audit-next"
          >
            {t('ui.audit.next')}
          </Button>
        </nav>
      )}
    </>
  );
}
