import {
  createWebhookRequest,
  languages,
  webhookCategories,
  webhookEvents,
  webhookTypes,
  type CreateWebhookRequest,
  type Webhook,
} from '@teamline/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormField, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { errorCodeOf } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { useWebhookChange } from '../api/use-webhooks';
import { webhookApi } from '../api/webhook-api';

/** Add or edit a hook: tool, URL (checked as typed and by the server), categories × events, language. */
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
  const save = useWebhookChange(projectIdx, (body: CreateWebhookRequest) =>
    webhook
      ? webhookApi.update(webhook.webhookIdx, {
          name: body.name,
          type: body.type,
          url: body.url,
          categories: body.categories,
          events: body.events,
          language: body.language,
        })
      : webhookApi.create(body),
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
            onSuccess: () => {
              notify(t('ui.webhook.form.saved'), 'success');
              onClose();
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
              {webhookTypes.map((value) => (
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
      language: webhook?.language ?? (languages.includes(uiLanguage as never) ? (uiLanguage as 'en') : 'en'),
      status: webhook?.status ?? 'ACTIVE',
    },
  });
}
