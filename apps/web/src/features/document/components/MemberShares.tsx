import type { DocumentAccess } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useProjectMembers } from '../../../lib/use-project-members';

interface Share {
  shareIdx: number;
  memberIdx: number;
  access: DocumentAccess;
}

/**
 * The members a document or folder is shared with (view or edit), each removable, and a line to
 * share it with one more. The same for both; only the calls differ.
 */
export function MemberShares<S extends Share>({
  projectIdx,
  ownerIdx,
  shares,
  onShare,
  onUnshare,
  onChanged,
}: {
  projectIdx: number;
  /** The author or creator: always has access, so not offered. */
  ownerIdx: number;
  shares: S[];
  onShare: (memberIdx: number, access: DocumentAccess) => Promise<S>;
  onUnshare: (shareIdx: number) => Promise<unknown>;
  onChanged: (shares: S[]) => void;
}) {
  const { t } = useTranslation();
  const onError = useErrorToast();
  const members = useProjectMembers(projectIdx);
  const [memberIdx, setMemberIdx] = useState('');
  const [access, setAccess] = useState<DocumentAccess>('view');
  const [busy, setBusy] = useState(false);
  const nameOf = (idx: number) => members.data?.find((m) => m.memberIdx === idx)?.nickname ?? String(idx);
  const candidates = (members.data ?? []).filter(
    (m) => m.memberIdx !== ownerIdx && !shares.some((s) => s.memberIdx === m.memberIdx),
  );

  async function run(work: () => Promise<S[]>) {
    setBusy(true);
    try {
      onChanged(await work());
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="share-dialog__group">
      <h3>{t('ui.document.share.members')}</h3>
      {shares.length === 0 ? (
        <p className="empty-state">{t('ui.document.share.noShares')}</p>
      ) : (
        <ul className="share-dialog__list">
          {shares.map((s) => (
            <li key={s.shareIdx}>
              <span>{nameOf(s.memberIdx)}</span>
              <span className="badge">{t(`ui.document.share.access.${s.access}`)}</span>
              <button
                type="button"
                className="icon-btn"
                aria-label={t('ui.document.share.remove', { name: nameOf(s.memberIdx) })}
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await onUnshare(s.shareIdx);
                    return shares.filter((x) => x.shareIdx !== s.shareIdx);
                  })
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
          <span className="visually-hidden">{t('ui.document.share.accessLabel')}</span>
          <select value={access} onChange={(event) => setAccess(event.target.value as DocumentAccess)}>
            <option value="view">{t('ui.document.share.access.view')}</option>
            <option value="edit">{t('ui.document.share.access.edit')}</option>
          </select>
        </label>
        <Button
          size="small"
          disabled={!memberIdx || busy}
          onClick={() =>
            void run(async () => {
              const share = await onShare(Number(memberIdx), access);
              setMemberIdx('');
              return [...shares.filter((s) => s.memberIdx !== share.memberIdx), share];
            })
          }
        >
          {t('ui.document.share.add')}
        </Button>
      </div>
    </section>
  );
}
