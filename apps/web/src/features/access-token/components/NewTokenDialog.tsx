import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { copyToClipboard } from '../../../lib/clipboard';

/** The new token's secret, shown this once: copy it, then close. */
export function NewTokenDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('ui.accessToken.createdTitle')}
      isOpen
      onClose={onClose}
      onConfirm={onClose}
      hideCancel
      confirmText={t('ui.accessToken.done')}
      size="small"
    >
      <p>{t('ui.accessToken.createdBody')}</p>
      <code className="token-secret" data-testid="token-secret">
        {secret}
      </code>
      <Button
        variant="outline"
        size="small"
        onClick={() =>
          void copyToClipboard(secret, {
            done: t('ui.accessToken.copied'),
            failed: t('ui.accessToken.copyFailed'),
          })
        }
      >
        {t('ui.accessToken.copy')}
      </Button>
    </Modal>
  );
}
