import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { copyToClipboard } from '../../../lib/clipboard';

/**
 * A standard hook's signing secret, shown once after it is made or rotated
 * (docs/product/notifications-and-webhooks.md#standard-webhooks): the server never sends it again.
 */
export function SigningSecret({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="webhook-secret" role="status" data-testid="webhook-secret">
      <label className="webhook-form__label" htmlFor={id}>
        {t('ui.webhook.standard.secretTitle')}
      </label>
      <div className="webhook-secret__row">
        <input
          id={id}
          className="input webhook-secret__value"
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="webhook-secret-value"
        />
        <Button
          size="small"
          variant="outline"
          data-testid="webhook-secret-copy"
          onClick={() =>
            void copyToClipboard(secret, {
              done: t('ui.webhook.standard.copied'),
              failed: t('ui.webhook.standard.copyFailed'),
            })
          }
        >
          {t('ui.webhook.standard.copy')}
        </Button>
      </div>
      <p className="webhook-form__hint">{t('ui.webhook.standard.secretOnce')}</p>
    </div>
  );
}
