import type { GithubSyncLogEntry } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../stores/toast-store';
import { useLanguage } from '../../../lib/use-language';
import { githubApi } from '../api/github-api';
import { useGithubChange, useSyncLog } from '../api/use-github';
import { InlineQueryError } from './InlineQueryError';

const columns = ['time', 'source', 'event', 'status', 'linked', 'completed', 'details'] as const;

/** Each webhook delivery, poll, backfill and manual sync: what it linked and completed, why it failed; "retry". */
export function SyncLog({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  const query = useSyncLog(projectIdx);
  const retry = useGithubChange(projectIdx, (syncLogIdx: number) =>
    githubApi.sync({ projectIdx, syncLogIdx }),
  );
  const rows = query.data ?? [];
  return (
    <section className="github-log" data-testid="github-sync-log">
      <h4>{t('ui.github.log.title')}</h4>
      {query.isLoading ? (
        <span className="spinner" role="status" aria-label={t('ui.common.loading')} />
      ) : query.isError ? (
        <InlineQueryError error={query.error} retry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <p className="github-muted">{t('ui.github.log.empty')}</p>
      ) : (
        <div className="github-log__wrap">
          <table className="github-log__table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {t(`ui.github.log.columns.${c}`)}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('ui.github.log.retry')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <SyncRow
                  key={row.syncLogIdx}
                  row={row}
                  isRetrying={retry.isPending && retry.variables === row.syncLogIdx}
                  onRetry={() =>
                    retry.mutate(row.syncLogIdx, {
                      onSuccess: () => notify(t('ui.github.log.retried'), 'success'),
                      onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
                    })
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SyncRow({
  row,
  isRetrying,
  onRetry,
}: {
  row: GithubSyncLogEntry;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <tr data-testid="github-sync-entry">
      <td>{formatDateTime(row.at, lang)}</td>
      <td>{t(`ui.github.log.source.${row.source}`)}</td>
      <td>{row.event ? <code>{row.event}</code> : '—'}</td>
      <td>
        <span className={`github-status github-status--${row.status}`}>
          {t(`ui.github.log.status.${row.status}`)}
        </span>
      </td>
      <td>{row.linked}</td>
      <td>{row.completed.length ? row.completed.join(', ') : '—'}</td>
      <td className="github-log__details">
        {row.errorCode && (
          <span className="github-log__error">
            {t(`errors.${row.errorCode}`, { defaultValue: t('errors.GITHUB_SYNC_FAILED') })}
          </span>
        )}
        {row.summary && <span className="github-muted">{row.summary}</span>}
      </td>
      <td>
        {row.status === 'failed' && (
          <Button
            size="small"
            variant="outline"
            isLoading={isRetrying}
            onClick={onRetry}
            data-testid="github-retry"
          >
            {t('ui.github.log.retry')}
          </Button>
        )}
      </td>
    </tr>
  );
}
