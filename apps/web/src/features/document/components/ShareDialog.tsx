import type {
  DocumentAccess,
  DocumentDetail,
  DocumentPublicLink,
  DocumentVisibility,
} from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useProjectMembers } from '../../../lib/use-project-members';
import { notify } from '../../../stores/toast-store';
import { documentApi } from '../api/document-api';

/**
 * Who sees the document (everyone in the project, or private), member shares (view or edit) and the
 * revocable public link. Copying uses the clipboard; when the browser refuses, spec §8 "Clipboard
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
  const members = useProjectMembers(document.projectIdx);
  const [memberIdx, setMemberIdx] = useState('');
  const [access, setAccess] = useState<DocumentAccess>('view');
  const [link, setLink] = useState<DocumentPublicLink | null>(null);
  const [busy, setBusy] = useState(false);
  const nameOf = (idx: number) => members.data?.find((m) => m.memberIdx === idx)?.nickname ?? String(idx);
  const candidates = (members.data ?? []).filter(
    (m) => m.memberIdx !== document.createdByIdx && !document.shares.some((s) => s.memberIdx === m.memberIdx),
  );

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

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notify(t('ui.document.share.copied'), 'success');
    } catch {
      notify(t('ui.document.share.copyFailed'), 'error');
    }
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
                  (saved) => onChanged({ visibility: saved.visibility, version: saved.version }),
                )
              }
            />
            {t(`ui.document.share.${v}`)}
          </label>
        ))}
      </fieldset>

      <section className="share-dialog__group">
        <h3>{t('ui.document.share.members')}</h3>
        {document.shares.length === 0 ? (
          <p className="empty-state">{t('ui.document.share.noShares')}</p>
        ) : (
          <ul className="share-dialog__list">
            {document.shares.map((s) => (
              <li key={s.shareIdx}>
                <span>{nameOf(s.memberIdx)}</span>
                <span className="badge">{t(`ui.document.share.access.${s.access}`)}</span>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t('ui.document.share.remove', { name: nameOf(s.memberIdx) })}
                  disabled={busy}
                  onClick={() =>
                    void run(
                      () => documentApi.unshare(s.shareIdx),
                      () => onChanged({ shares: document.shares.filter((x) => x.shareIdx !== s.shareIdx) }),
                    )
                  }
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="share-dialog__add">
          <label>
            <span className="visually-hidden">{t('ui.document.share.member')}</span>
            <select value={memberIdx} onChange={(event) => setMemberIdx(event.target.value)}>
              <option value="">{t('ui.document.share.member')}</option>
              {candidates.map((m) => (
                <option key={m.memberIdx} value={m.memberIdx}>
                  {m.nickname}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="visually-hidden">{t('ui.document.share.access.view')}</span>
            <select value={access} onChange={(event) => setAccess(event.target.value as DocumentAccess)}>
              <option value="view">{t('ui.document.share.access.view')}</option>
              <option value="edit">{t('ui.document.share.access.edit')}</option>
            </select>
          </label>
          <Button
            size="small"
            disabled={!memberIdx || busy}
            onClick={() =>
              void run(
                () => documentApi.share(document.documentIdx, { memberIdx: Number(memberIdx), access }),
                (share) => {
                  setMemberIdx('');
                  onChanged({
                    shares: [...document.shares.filter((s) => s.memberIdx !== share.memberIdx), share],
                  });
                },
              )
            }
          >
            {t('ui.document.share.add')}
          </Button>
        </div>
      </section>

      <section className="share-dialog__group">
        <h3>{t('ui.document.share.link')}</h3>
        <p className="hint">{t('ui.document.share.linkHint')}</p>
        {link ? (
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
      </section>
    </Modal>
  );
}
