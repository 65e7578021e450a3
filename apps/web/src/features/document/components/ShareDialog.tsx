import type { DocumentDetail, DocumentPublicLink, DocumentVisibility } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { useErrorToast } from '../../../lib/use-error-toast';
import { copyToClipboard } from '../../../lib/clipboard';
import { notify } from '../../../stores/toast-store';
import { documentApi } from '../api/document-api';
import { MemberShares } from './MemberShares';

/**
 * Who sees the document (everyone in the project, or private), member shares (view or edit) and the
 * revocable public link. Copying uses the clipboard; when the browser refuses, docs/product/documents-and-ai.md#sharing "Clipboard
 * copy failed" is shown and the link stays selectable.
 */
export function ShareDialog({
  document,
  onClose,
  onChanged,
}: {
  document: DocumentDetail;
  onClose: () => void;
  onChanged: (next: Partial<DocumentDetail>) => void;
}) {
  const { t } = useTranslation();
  const onError = useErrorToast();
  const [link, setLink] = useState<DocumentPublicLink | null>(null);
  const [busy, setBusy] = useState(false);

  async function run<T>(work: () => Promise<T>, after: (result: T) => void) {
    setBusy(true);
    try {
      after(await work());
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  }

  function copy(url: string) {
    return copyToClipboard(url, {
      done: t('ui.document.share.copied'),
      failed: t('ui.document.share.copyFailed'),
    });
  }

  return (
    <Modal title={t('ui.document.share.title', { title: document.title })} isOpen onClose={onClose}>
      <fieldset className="share-dialog__group">
        <legend>{t('ui.document.share.visibility')}</legend>
        {(['project', 'private'] as DocumentVisibility[]).map((v) => (
          <label key={v} className="radio-line">
            <input
              type="radio"
              name="visibility"
              checked={document.visibility === v}
              disabled={busy}
              onChange={() =>
                void run(
                  () => documentApi.update(document.documentIdx, { visibility: v }),
                  (saved) => {
                    // Made private, its public link is gone (the server deleted it).
                    if (!saved.hasPublicLink) setLink(null);
                    onChanged({
                      visibility: saved.visibility,
                      version: saved.version,
                      hasPublicLink: saved.hasPublicLink,
                    });
                  },
                )
              }
            />
            {t(`ui.document.share.${v}`)}
          </label>
        ))}
      </fieldset>

      <MemberShares
        projectIdx={document.projectIdx}
        ownerIdx={document.createdByIdx}
        shares={document.shares}
        onShare={(memberIdx, access) => documentApi.share(document.documentIdx, { memberIdx, access })}
        onUnshare={documentApi.unshare}
        onChanged={(shares) => onChanged({ shares })}
      />

      <section className="share-dialog__group">
        <h3>{t('ui.document.share.link')}</h3>
        <p className="hint">{t('ui.document.share.linkHint')}</p>
        {document.visibility === 'private' ? (
          <p>{t('ui.document.share.privateNoLink')}</p>
        ) : link ? (
          <div className="share-dialog__link">
            <input
              readOnly
              value={link.url}
              aria-label={t('ui.document.share.link')}
              onFocus={(e) => e.target.select()}
            />
            <Button size="small" onClick={() => void copy(link.url)}>
              {t('ui.document.share.copy')}
            </Button>
          </div>
        ) : (
          document.hasPublicLink && <p>{t('ui.document.share.linkActive')}</p>
        )}
        {document.visibility !== 'private' && (
          <div className="share-dialog__actions">
            <Button
              size="small"
              variant="outline"
              disabled={busy}
              onClick={() =>
                void run(
                  () => documentApi.createPublicLink(document.documentIdx),
                  (created) => {
                    setLink(created);
                    onChanged({ hasPublicLink: true });
                  },
                )
              }
            >
              {document.hasPublicLink || link
                ? t('ui.document.share.newLink')
                : t('ui.document.share.createLink')}
            </Button>
            {(document.hasPublicLink || link) && (
              <Button
                size="small"
                variant="danger"
                disabled={busy}
                onClick={() =>
                  void run(
                    () => documentApi.revokePublicLink(document.documentIdx),
                    () => {
                      setLink(null);
                      onChanged({ hasPublicLink: false });
                      notify(t('ui.document.share.revoked'), 'success');
                    },
                  )
                }
              >
                {t('ui.document.share.revoke')}
              </Button>
            )}
          </div>
        )}
      </section>
    </Modal>
  );
}
