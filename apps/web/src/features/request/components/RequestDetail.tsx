import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RequestFile, type UpdateRequestRequest } from '@teamline/contract';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFileSize } from '../../../lib/format';
import { saveBlob } from '../../../lib/save-blob';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useLanguage } from '../../../lib/use-language';
import { Button } from '../../../components/ui/Button';
import { openAlert } from '../../../components/ui/alert-store';
import { currentLocale } from '../../../lib/i18n';
import { notify } from '../../../stores/toast-store';
import { requestApi, requestKeys } from '../api/request-api';
import { memberName } from '../../../lib/member-name';
import { requestDateText } from './request-date';

/**
 * One request: its text, the story it was made for (a link into the timeline), its attached files (downloaded with the access key), the moves the server
 * allows the caller (`can`), and its comments.
 */
export function RequestDetail({
  projectIdx,
  requestIdx,
  nameOf,
  storyTitleOf = () => undefined,
  wasUnread = false,
  renderContractOffer,
  onClose,
}: {
  projectIdx: number;
  requestIdx: number;
  nameOf: (memberInProjectIdx: number) => string;
  /** The title of the story a request was made for, when the project's plan is loaded. */
  storyTitleOf?: (storyIdx: number) => string | undefined;
  /** The list showed it unread: this read marks it read, so the lists and the badge refetch. */
  wasUnread?: boolean;
  /**
   * The offer a `contract` request carries, with Accept and Decline: the contract feature's part,
   * put in by the app layer (app/RequestRoute.tsx) since features do not import one another.
   */
  renderContractOffer?: (requestIdx: number) => ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const onError = useErrorToast();
  const [content, setContent] = useState('');
  const request = useQuery({
    queryKey: requestKeys.one(projectIdx, requestIdx),
    queryFn: () => requestApi.get(requestIdx),
  });
  const refresh = () => client.invalidateQueries({ queryKey: requestKeys.all(projectIdx) });
  const isRead = request.isSuccess;
  useEffect(() => {
    if (wasUnread && isRead)
      void client.invalidateQueries({ queryKey: [...requestKeys.all(projectIdx), 'list'] });
  }, [client, projectIdx, wasUnread, isRead]);
  const update = useMutation({
    mutationFn: (body: UpdateRequestRequest) => requestApi.update(requestIdx, body),
    onSuccess: async (r) => {
      notify(
        t(r.status === 'completed' ? 'ui.request.detail.completed' : 'ui.request.detail.taken'),
        'success',
      );
      await refresh();
    },
    onError,
  });
  const withdraw = useMutation({
    mutationFn: () => requestApi.remove(requestIdx),
    onSuccess: async () => {
      notify(t('ui.request.detail.withdrawn'), 'success');
      onClose();
      await refresh();
    },
    onError,
  });
  const download = useMutation({
    mutationFn: async (file: RequestFile) =>
      saveBlob(await requestApi.download(file.fileIdx), file.originalName),
    onError,
  });
  const comment = useMutation({
    mutationFn: (text: string) => requestApi.comment(requestIdx, text),
    onSuccess: async () => {
      setContent('');
      await refresh();
    },
    onError,
  });

  if (request.isLoading) return <p role="status">{t('ui.common.loading')}</p>;
  if (!request.data) return <p role="alert">{t('ui.common.loadFailed')}</p>;
  const r = request.data;
  const can = r.can;

  async function confirmWithdraw() {
    try {
      await openAlert(t('ui.request.detail.withdrawConfirm'), { isDanger: true });
    } catch {
      return;
    }
    withdraw.mutate();
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    if (content.trim()) comment.mutate(content.trim());
  }

  return (
    <article className="request-detail" aria-labelledby="request-detail-title">
      <Button variant="ghost" size="small" onClick={onClose}>
        {t('ui.request.detail.close')}
      </Button>
      <h2 id="request-detail-title">{r.title}</h2>
      <p className="request-detail__meta">
        <span className={`request-status request-status--${r.status}`}>
          {t(`ui.request.status.${r.status}`)}
        </span>{' '}
        {t('ui.request.from', { name: nameOf(r.senderIdx) })} ·{' '}
        {t('ui.request.to', { name: nameOf(r.receiverIdx) })} · {requestDateText(t, r, lang)}
      </p>
      {r.storyIdx != null && (
        <p className="request-detail__story">
          <Link to={`/timeline/${projectIdx}?selectedStory=${r.storyIdx}`}>
            {t('ui.request.detail.story', { title: storyTitleOf(r.storyIdx) ?? `#${r.storyIdx}` })}
          </Link>
        </p>
      )}
      {r.description && <p className="request-detail__description">{r.description}</p>}
      {r.files.length > 0 && (
        <section className="request-detail__files" aria-labelledby="request-detail-files">
          <h3 id="request-detail-files">{t('ui.request.detail.files')}</h3>
          <ul className="request-files__list">
            {r.files.map((f) => (
              <li key={f.fileIdx} className="request-files__item">
                <Button
                  variant="ghost"
                  size="small"
                  align="start"
                  className="request-files__name"
                  aria-label={t('ui.request.detail.download', { name: f.originalName })}
                  isLoading={download.isPending && download.variables.fileIdx === f.fileIdx}
                  onClick={() => download.mutate(f)}
                >
                  {f.originalName}
                </Button>
                <span className="request-files__size">{formatFileSize(f.size, lang)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {r.kind === 'contract' && renderContractOffer?.(requestIdx)}
      <div className="request-detail__actions">
        {can?.take && (
          <Button
            size="small"
            isLoading={update.isPending}
            onClick={() => update.mutate({ status: 'inProgress' })}
          >
            {t('ui.request.detail.take')}
          </Button>
        )}
        {can?.complete && (
          <Button
            size="small"
            isLoading={update.isPending}
            onClick={() => update.mutate({ status: 'completed' })}
          >
            {t('ui.request.detail.complete')}
          </Button>
        )}
        {can?.delete && (
          <Button
            size="small"
            variant="danger"
            isLoading={withdraw.isPending}
            onClick={() => void confirmWithdraw()}
          >
            {t('ui.request.detail.withdraw')}
          </Button>
        )}
      </div>
      <section aria-label={t('ui.request.detail.comments')}>
        <h3>{t('ui.request.detail.comments')}</h3>
        {(r.comments ?? []).length === 0 ? (
          <p>{t('ui.request.detail.noComments')}</p>
        ) : (
          <ul className="request-detail__comments">
            {(r.comments ?? []).map((c) => (
              <li key={c.commentIdx}>
                <strong>{memberName(c.nickname, t)}</strong>{' '}
                <time dateTime={c.createdAt}>{new Date(c.createdAt).toLocaleString(currentLocale())}</time>
                <p>{c.content}</p>
              </li>
            ))}
          </ul>
        )}
        {can?.comment && (
          <form className="dp-inline-form" onSubmit={submit}>
            <label className="visually-hidden" htmlFor={`request-comment-${requestIdx}`}>
              {t('ui.request.detail.commentLabel')}
            </label>
            <textarea
              id={`request-comment-${requestIdx}`}
              className="input dp-textarea dp-textarea--short"
              placeholder={t('ui.request.detail.commentLabel')}
              value={content}
              maxLength={5000}
              onChange={(e) => setContent(e.target.value)}
            />
            <Button type="submit" size="small" isLoading={comment.isPending} disabled={!content.trim()}>
              {t('ui.request.detail.commentSubmit')}
            </Button>
          </form>
        )}
      </section>
    </article>
  );
}
