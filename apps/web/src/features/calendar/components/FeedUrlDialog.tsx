import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { copyToClipboard } from '../../../lib/clipboard';

/** A new feed address, shown this once: copy it into a calendar app, then close. */
export function FeedUrlDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('ui.calendar.urlTitle')}
      isOpen
      onClose={onClose}
      onConfirm={onClose}
      hideCancel
      confirmText={t('ui.calendar.close')}
      size="small"
    >
      <p>{t('ui.calendar.urlHint')}</p>
      <label className="calendar-url">
        <span className="visually-hidden">{t('ui.calendar.urlLabel')}</span>
        <input
          className="input"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="calendar-url"
        />
      </label>
      <Button
        variant="outline"
        size="small"
        onClick={() =>
          void copyToClipboard(url, { done: t('ui.calendar.copied'), failed: t('ui.calendar.copyFailed') })
        }
        data-testid="calendar-copy"
      >
        {t('ui.calendar.copy')}
      </Button>
    </Modal>
  );
}
