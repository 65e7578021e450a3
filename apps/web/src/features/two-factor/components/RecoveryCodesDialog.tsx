import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { saveBlob } from '../../../lib/save-blob';
import { copyToClipboard } from '../../../lib/clipboard';

/** New recovery codes, shown once: copy or download them, then close. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  return (
    <Modal
      title={t('ui.twoFactor.codesTitle')}
      isOpen
      onClose={onClose}
      onConfirm={onClose}
      hideCancel
      confirmText={t('ui.twoFactor.codesDone')}
      size="small"
    >
      <p>{t('ui.twoFactor.codesBody')}</p>
      <ol className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <Button
          variant="outline"
          size="small"
          onClick={() =>
            void copyToClipboard(text, {
              done: t('ui.twoFactor.codesCopied'),
              failed: t('ui.twoFactor.codesCopyFailed'),
            })
          }
        >
          {t('ui.twoFactor.codesCopy')}
        </Button>
        <Button
          variant="outline"
          size="small"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), t('ui.twoFactor.codesFile'))}
        >
          {t('ui.twoFactor.codesDownload')}
        </Button>
      </div>
    </Modal>
  );
}
