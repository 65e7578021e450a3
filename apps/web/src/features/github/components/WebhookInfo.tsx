import type { GithubConnection } from '@teamline/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { copyToClipboard } from '../../../lib/clipboard';

/** Where to point the repository's webhook and its secret, each with a copy button, and how to add it. */
export function WebhookInfo({ connection }: { connection: GithubConnection }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section className="github-webhook" data-testid="github-webhook">
      <h4>{t('ui.github.webhook.title')}</h4>
      <CopyField
        label={t('ui.github.webhook.url')}
        copyLabel={t('ui.github.webhook.copyUrl')}
        value={connection.webhookUrl}
        testId="github-webhook-url"
      />
      <CopyField
        label={t('ui.github.webhook.secret')}
        copyLabel={t('ui.github.webhook.copySecret')}
        value={connection.webhookSecret}
        testId="github-webhook-secret"
      />
      <p className="github-muted">{t('ui.github.webhook.howTo')}</p>
      <p className="github-muted">
        {connection.lastWebhookAt
          ? t('ui.github.webhook.lastWebhook', { time: formatDateTime(connection.lastWebhookAt, lang) })
          : t('ui.github.webhook.noWebhook')}
      </p>
    </section>
  );
}

function CopyField({
  label,
  copyLabel,
  value,
  testId,
}: {
  label: string;
  copyLabel: string;
  value: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="github-copy">
        <input
          id={id}
          className="field__input github-copy__value"
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          data-testid={testId}
        />
        <Button
          size="small"
          variant="outline"
          aria-label={copyLabel}
          data-testid={`${testId}-copy`}
          onClick={() =>
            void copyToClipboard(value, {
              done: t('ui.github.webhook.copied'),
              failed: t('ui.github.webhook.copyFailed'),
            })
          }
        >
          {t('ui.github.webhook.copy')}
        </Button>
      </div>
    </div>
  );
}
