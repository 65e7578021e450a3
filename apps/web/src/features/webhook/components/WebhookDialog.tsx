import {
  chatWebhookTypes,
  createWebhookRequest,
  isChatWebhookType,
  languages,
  standardWebhookEventGroups,
  webhookCategories,
  webhookEvents,
  webhookTypes,
  type CreateWebhookRequest,
  type Webhook,
} from '@teamline/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormField, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { errorCodeOf } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { useWebhookChange } from '../api/use-webhooks';
import { webhookApi } from '../api/webhook-api';
import { SigningSecret } from './SigningSecret';

/**
 * Add or edit a hook: tool, URL (checked as typed and by the server), then categories × events and a
 * language for chat tools, or catalogue events for Standard Webhooks. A new standard hook's signing
 * secret is shown here once, after saving.
 */
export function WebhookDialog({
  projectIdx,
  webhook,
  onClose,
}: {
  projectIdx: number;
  webhook: Webhook | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const form = useZodFormFor(projectIdx, webhook, i18n.language);
  const type = form.watch('type');
  const [secret, setSecret] = useState<string | null>(null);
  // A standard hook stays standard and a chat hook stays a chat hook (WEBHOOK_TYPE_LOCKED).
  const typeChoices = webhook
    ? isChatWebhookType(webhook.type)
      ? chatWebhookTypes
      : (['standard'] as const)
    : webhookTypes;
  const save = useWebhookChange(projectIdx, (body: CreateWebhookRequest) =>
    webhook
      ? webhookApi.update(webhook.webhookIdx, {
          name: body.name,
          type: body.type,
          url: body.url,
          ...(isChatWebhookType(webhook.type)
            ? { categories: body.categories, events: body.events, language: body.language }
            : { eventNames: body.eventNames }),
        })
      : webhookApi.create(body),
  );
  if (secret)
    return (
      <Modal
        title={t('ui.webhook.form.addTitle')}
        isOpen
        onClose={onClose}
        onConfirm={onClose}
        hideCancel
        confirmText={t('ui.webhook.standard.done')}
      >
        <SigningSecret secret={secret} />
      </Modal>
    );
  return (
    <Modal
      title={t(webhook ? 'ui.webhook.form.editTitle' : 'ui.webhook.form.addTitle')}
      isOpen
      onClose={onClose}
      formId={formId}
      confirmText={t('ui.webhook.form.save')}
      isConfirmLoading={save.isPending}
    >
      <Form
        id={formId}
        className="form webhook-form"
        form={form}
        onSubmit={(body) =>
          save.mutate(body, {
            onSuccess: (saved) => {
              notify(t('ui.webhook.form.saved'), 'success');
              // Only a new standard hook's answer carries its secret: show it once, then close.
              if (saved && typeof saved === 'object' && 'secret' in saved && typeof saved.secret === 'string')
                setSecret(saved.secret);
              else onClose();
            },
            onError: (error) => {
              const code = errorCodeOf(error);
              if (code === 'WEBHOOK_URL_INVALID' || code === 'WEBHOOK_URL_PRIVATE')
                form.setError('url', { type: 'server', message: `errors.${code}` }, { shouldFocus: true });
              else notify(t(`errors.${code}`), 'error');
            },
          })
        }
      >
        <FormField name="type" label={t('ui.webhook.form.type')}>
          {(props) => (
            <select {...props} className="input" {...form.register('type')} data-testid="webhook-type">
              {typeChoices.map((value) => (
                <option key={value} value={value}>
                  {t(`ui.webhook.types.${value}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormText
          name="url"
          label={t('ui.webhook.form.url')}
          placeholder="https://"
          inputMode="url"
          autoComplete="off"
          data-testid="webhook-url"
        />
        <p className="webhook-form__hint">{t(`ui.webhook.form.urlHint.${type}`)}</p>
        <FormText
          name="name"
          label={t('ui.webhook.form.name')}
          placeholder={t('ui.webhook.form.namePlaceholder')}
          maxLength={100}
        />
        {type === 'standard' ? (
          <fieldset data-testid="webhook-event-picker">
            <legend>{t('ui.webhook.standard.eventNames')}</legend>
            <p className="webhook-form__hint">{t('ui.webhook.standard.eventNamesHint')}</p>
            <div className="webhook-events">
              {standardWebhookEventGroups.map(({ group, events }) => (
                <div
                  key={group}
                  className="webhook-events__group"
                  role="group"
                  aria-label={t(`ui.webhook.standard.groups.${group}`)}
                >
                  <span className="webhook-form__label">{t(`ui.webhook.standard.groups.${group}`)}</span>
                  {events.map((name) => (
                    <label key={name} className="webhook-form__check">
                      <input type="checkbox" value={name} {...form.register('eventNames')} />
                      {t(`ui.webhook.standard.events.${name}`)}
                    </label>
                  ))}
                </div>
              ))}
            </div>
          </fieldset>
        ) : (
          <>
            <fieldset className="webhook-form__grid">
              <legend>{t('ui.webhook.form.sends')}</legend>
              <div role="group" aria-label={t('ui.webhook.form.categories')}>
                <span className="webhook-form__label">{t('ui.webhook.form.categories')}</span>
                {webhookCategories.map((value) => (
                  <label key={value} className="webhook-form__check">
                    <input type="checkbox" value={value} {...form.register('categories')} />
                    {t(`ui.webhook.categories.${value}`)}
                  </label>
                ))}
              </div>
              <div role="group" aria-label={t('ui.webhook.form.events')}>
                <span className="webhook-form__label">{t('ui.webhook.form.events')}</span>
                {webhookEvents.map((value) => (
                  <label key={value} className="webhook-form__check">
                    <input type="checkbox" value={value} {...form.register('events')} />
                    {t(`ui.webhook.events.${value}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormField name="language" label={t('ui.webhook.form.language')}>
              {(props) => (
                <select {...props} className="input" {...form.register('language')}>
                  {languages.map((value) => (
                    <option key={value} value={value}>
                      {t(`ui.webhook.languages.${value}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </>
        )}
      </Form>
    </Modal>
  );
}

function useZodFormFor(projectIdx: number, webhook: Webhook | null, uiLanguage: string) {
  return useZodForm(createWebhookRequest, {
    defaultValues: {
      projectIdx,
      name: webhook?.name ?? '',
      type: webhook?.type ?? 'slack',
      url: webhook?.url ?? '',
      categories: webhook?.categories ?? [...webhookCategories],
      events: webhook?.events ?? [...webhookEvents],
      eventNames: webhook?.eventNames ?? [],
      language: webhook?.language ?? (languages.includes(uiLanguage as never) ? (uiLanguage as 'en') : 'en'),
      status: webhook?.status ?? 'ACTIVE',
    },
  });
}
