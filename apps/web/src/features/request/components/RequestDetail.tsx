import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type UpdateRequestRequest } from '@teamline/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { Button } from '../../../components/ui/Button';
import { openAlert } from '../../../components/ui/alert-store';
import { currentLocale } from '../../../lib/i18n';
import { notify } from '../../../stores/toast-store';
import { ContractOffer } from '../../contract/components/ContractOffer';
import { useErrorToast } from '../../planning/hooks/use-planning';
import { requestApi, requestKeys } from '../api/request-api';

/** One request: its text, the moves the server allows the caller (`can`), and its comments. */
export function RequestDetail({
  projectIdx,
  requestIdx,
  nameOf,
  wasUnread = false,
  onClose,
}: {
  projectIdx: number;
  requestIdx: number;
  nameOf: (memberInProjectIdx: number) => string;
  /** The list showed it unread: this read marks it read, so the lists and the badge refetch. */
  wasUnread?: boolean;
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
        {t('ui.request.to', { name: nameOf(r.receiverIdx) })} ·{' '}
        {t('ui.request.due', { date: formatDate(r.dueDt, lang) })}
      </p>
      {r.description && <p className="request-detail__description">{r.description}</p>}
      {r.kind === 'contract' && <ContractOffer projectIdx={projectIdx} requestIdx={requestIdx} />}
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
                <strong>{c.nickname}</strong>{' '}
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
