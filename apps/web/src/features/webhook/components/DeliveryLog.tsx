import type { WebhookDelivery } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../app/RootLayout';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { useDeliveries, useWebhookChange } from '../api/use-webhooks';
import { webhookApi } from '../api/webhook-api';

/** A hook's delivery log: time, event, status, HTTP code, attempts, next try, answer; "retry now". */
export function DeliveryLog({ projectIdx, webhookIdx }: { projectIdx: number; webhookIdx: number }) {
  const { t } = useTranslation();
  const query = useDeliveries(webhookIdx);
  const retry = useWebhookChange(projectIdx, (deliveryIdx: number) => webhookApi.retry(deliveryIdx));
  if (query.isLoading) return <PageSpinner />;
  if (query.isError)
    return (
      <p className="webhook-log__note" role="alert">
        {t(`errors.${errorCodeOf(query.error)}`)}
      </p>
    );
  const rows = query.data?.deliveries ?? [];
  return (
    <div className="webhook-log" data-testid={`webhook-log-${webhookIdx}`}>
      <p className="webhook-log__note">{t('ui.webhook.logHint')}</p>
      {rows.length === 0 ? (
        <p className="webhook-log__note">{t('ui.webhook.logEmpty')}</p>
      ) : (
        <div className="webhook-log__wrap">
          <table className="webhook-log__table">
            <thead>
              <tr>
                {(['time', 'event', 'status', 'code', 'attempts', 'next', 'response'] as const).map((c) => (
                  <th key={c} scope="col">
                    {t(`ui.webhook.columns.${c}`)}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('ui.webhook.retry')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <DeliveryRow
                  key={row.deliveryIdx}
                  row={row}
                  isRetrying={retry.isPending && retry.variables === row.deliveryIdx}
                  onRetry={() =>
                    retry.mutate(row.deliveryIdx, {
                      onSuccess: () => {
                        notify(t('ui.webhook.retried'), 'success');
                        void query.refetch();
                      },
                      onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
                    })
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function DeliveryRow({
  row,
  isRetrying,
  onRetry,
}: {
  row: WebhookDelivery;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <tr data-testid="webhook-delivery">
      <td>{formatDateTime(row.createdAt, lang)}</td>
      <td>
        <code>{row.eventName}</code>
      </td>
      <td>
        <span className={`webhook-status webhook-status--${row.status}`}>
          {t(`ui.webhook.deliveryStatus.${row.status}`)}
        </span>
      </td>
      <td>{row.statusCode ?? '—'}</td>
      <td>{row.attempts}</td>
      <td>{row.nextAttemptAt ? formatDateTime(row.nextAttemptAt, lang) : '—'}</td>
      <td className="webhook-log__excerpt" title={row.responseExcerpt ?? undefined}>
        {row.responseExcerpt ?? '—'}
      </td>
      <td>
        {(row.status === 'failed' || row.status === 'gaveUp') && (
          <Button size="small" variant="outline" isLoading={isRetrying} onClick={onRetry}>
            {t('ui.webhook.retry')}
          </Button>
        )}
      </td>
    </tr>
  );
}
