import type { Webhook, WebhookTestResult } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../app/RootLayout';
import { Button } from '../../../components/ui/Button';
import { openAlert } from '../../../components/ui/alert-store';
import { ConfirmDeleteButton } from '../../../components/ui/ConfirmDeleteButton';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { useWebhookChange, useWebhooks } from '../api/use-webhooks';
import { webhookApi } from '../api/webhook-api';
import { DeliveryLog } from './DeliveryLog';
import { SigningSecret } from './SigningSecret';
import { WebhookDialog } from './WebhookDialog';
import './webhook.css';

/** Settings › Webhooks (project admins): the project's hooks, add/edit, on/off, send test, delivery log. */
export function WebhookSection({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  const query = useWebhooks(projectIdx);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  return (
    <div className="card webhook-card" data-testid="webhook-section">
      <div className="webhook-card__head">
        <div>
          <h3>{t('ui.webhook.title')}</h3>
          <p className="webhook-card__intro">{t('ui.webhook.intro')}</p>
        </div>
        <Button size="medium" onClick={() => setEditing('new')} data-testid="webhook-add">
          {t('ui.webhook.add')}
        </Button>
      </div>
      {query.isLoading ? (
        <PageSpinner />
      ) : query.isError ? (
        <div className="state-card" role="alert">
          <p>{t(`errors.${errorCodeOf(query.error)}`)}</p>
          <Button size="medium" onClick={() => void query.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      ) : (query.data ?? []).length === 0 ? (
        <p className="webhook-card__empty">{t('ui.webhook.empty')}</p>
      ) : (
        <ul className="webhook-list">
          {(query.data ?? []).map((hook) => (
            <WebhookRow key={hook.webhookIdx} hook={hook} onEdit={() => setEditing(hook)} />
          ))}
        </ul>
      )}
      {editing && (
        <WebhookDialog
          projectIdx={projectIdx}
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function WebhookRow({ hook, onEdit }: { hook: Webhook; onEdit: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [showLog, setShowLog] = useState(false);
  const [test, setTest] = useState<WebhookTestResult | null>(null);
  const toggle = useWebhookChange(hook.projectIdx, () =>
    webhookApi.update(hook.webhookIdx, { status: hook.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' }),
  );
  const remove = useWebhookChange(hook.projectIdx, () => webhookApi.remove(hook.webhookIdx));
  const sendTest = useWebhookChange(hook.projectIdx, () => webhookApi.test(hook.webhookIdx));
  const rotate = useWebhookChange(hook.projectIdx, () => webhookApi.rotateSecret(hook.webhookIdx));
  // A rotated secret is shown once, here, until the section is left.
  const [secret, setSecret] = useState<string | null>(null);
  const standard = hook.type === 'standard';
  const name = hook.name || `${t(`ui.webhook.types.${hook.type}`)} · ${hostOf(hook.url)}`;
  // A change is sent when both its category and its event are chosen.
  const chosen = standard
    ? hook.eventNames.length
      ? t('ui.webhook.standard.sends', { count: hook.eventNames.length })
      : ''
    : hook.categories.length && hook.events.length
      ? `${hook.categories.map((c) => t(`ui.webhook.categories.${c}`)).join(', ')} · ${hook.events
          .map((e) => t(`ui.webhook.events.${e}`))
          .join(', ')}`
      : '';
  const onError = (error: unknown) => notify(t(`errors.${errorCodeOf(error)}`), 'error');
  return (
    <li className="webhook-row" data-testid="webhook-row">
      <div className="webhook-row__main">
        <span className={`webhook-type webhook-type--${hook.type}`}>
          {t(`ui.webhook.types.${hook.type}`)}
        </span>
        <strong className="webhook-row__name">{name}</strong>
        <span className={`webhook-badge webhook-badge--${hook.status}`}>
          {t(`ui.webhook.status.${hook.status}`)}
        </span>
        {!standard && <span className="webhook-row__lang">{t(`ui.webhook.languages.${hook.language}`)}</span>}
      </div>
      <p className="webhook-row__url" title={hook.url}>
        {hook.url}
      </p>
      <p className="webhook-row__sends" title={standard ? hook.eventNames.join(', ') : undefined}>
        {standard
          ? chosen || t('ui.webhook.standard.noneChosen')
          : chosen
            ? t('ui.webhook.sends', { what: chosen })
            : t('ui.webhook.nothingChosen')}
      </p>
      {standard && hook.previousSecretUntil && new Date(hook.previousSecretUntil) > new Date() && (
        <p className="webhook-row__last">
          {t('ui.webhook.standard.previousUntil', { time: formatDateTime(hook.previousSecretUntil, lang) })}
        </p>
      )}
      {hook.disabledReason && (
        <p className="webhook-row__disabled" role="status">
          {t('ui.webhook.disabled', { reason: hook.disabledReason })}
        </p>
      )}
      <p className="webhook-row__last">
        {hook.lastDeliveryAt && hook.lastDeliveryStatus
          ? t('ui.webhook.lastDelivery', {
              time: formatDateTime(hook.lastDeliveryAt, lang),
              status: t(`ui.webhook.deliveryStatus.${hook.lastDeliveryStatus}`),
            })
          : t('ui.webhook.never')}
      </p>
      <div className="webhook-row__actions">
        <Button
          size="small"
          variant="outline"
          isLoading={sendTest.isPending}
          data-testid="webhook-test"
          onClick={() =>
            sendTest.mutate(undefined, { onSuccess: (r) => setTest(r as WebhookTestResult), onError })
          }
        >
          {t('ui.webhook.sendTest')}
        </Button>
        <Button
          size="small"
          variant="outline"
          onClick={() => setShowLog((v) => !v)}
          data-testid="webhook-log-toggle"
        >
          {t(showLog ? 'ui.webhook.hideLog' : 'ui.webhook.log')}
        </Button>
        <Button size="small" variant="outline" onClick={onEdit}>
          {t('ui.webhook.edit')}
        </Button>
        {standard && (
          <Button
            size="small"
            variant="outline"
            isLoading={rotate.isPending}
            data-testid="webhook-rotate"
            onClick={() =>
              void openAlert(t('ui.webhook.standard.rotateQuestion'), {
                confirmText: t('ui.webhook.standard.rotate'),
              })
                .then(() =>
                  rotate.mutate(undefined, {
                    onSuccess: (answer) => {
                      if (answer && typeof answer === 'object' && 'secret' in answer)
                        setSecret(String(answer.secret));
                      notify(t('ui.webhook.standard.rotated'), 'success');
                    },
                    onError,
                  }),
                )
                // Cancelling the question is the only rejection; nothing to do.
                .catch(() => undefined)
            }
          >
            {t('ui.webhook.standard.rotate')}
          </Button>
        )}
        <Button
          size="small"
          variant="outline"
          isLoading={toggle.isPending}
          onClick={() => toggle.mutate(undefined, { onError })}
        >
          {t(hook.status === 'ACTIVE' ? 'ui.webhook.switchOff' : 'ui.webhook.switchOn')}
        </Button>
        <ConfirmDeleteButton
          label={t('ui.webhook.delete')}
          question={t('ui.webhook.deleteQuestion', { name })}
          isLoading={remove.isPending}
          onConfirm={() =>
            remove.mutate(undefined, { onSuccess: () => notify(t('ui.webhook.deleted'), 'success'), onError })
          }
        />
      </div>
      {secret && <SigningSecret secret={secret} />}
      {test && <TestResult result={test} type={hook.type} />}
      {showLog && <DeliveryLog projectIdx={hook.projectIdx} webhookIdx={hook.webhookIdx} />}
    </li>
  );
}

/** What the receiver answered to "send test"; Teams' 202 means accepted, posted later. */
function TestResult({ result, type }: { result: WebhookTestResult; type: Webhook['type'] }) {
  const { t } = useTranslation();
  const status = result.statusCode ?? '—';
  const text = !result.statusCode
    ? t('ui.webhook.testNoAnswer')
    : result.ok && (result.asynchronous || type === 'teams')
      ? t('ui.webhook.testAsync', { status })
      : result.ok
        ? t('ui.webhook.testOk', { status })
        : t('ui.webhook.testFailed', { status });
  return (
    <div
      className={`webhook-test ${result.ok ? 'webhook-test--ok' : 'webhook-test--failed'}`}
      role="status"
      data-testid="webhook-test-result"
    >
      <p>{text}</p>
      {result.responseExcerpt && (
        <p className="webhook-test__answer">{t('ui.webhook.answer', { text: result.responseExcerpt })}</p>
      )}
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
