import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { planningApi, planningKeys } from '../../planning/api/planning-api';
import { useErrorToast } from '../../planning/hooks/use-planning';

export function CommentsSection({ projectIdx, storyIdx }: { projectIdx: number; storyIdx: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const onError = useErrorToast();
  const [content, setContent] = useState('');
  const key = planningKeys.comments(projectIdx, storyIdx);
  const comments = useQuery({ queryKey: key, queryFn: () => planningApi.comments(storyIdx) });
  const add = useMutation({
    mutationFn: (text: string) => planningApi.addComment(storyIdx, text),
    onSuccess: async () => {
      setContent('');
      await client.invalidateQueries({ queryKey: key });
      await client.invalidateQueries({ queryKey: planningKeys.history(projectIdx, 'story', storyIdx) });
    },
    onError,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (content.trim()) add.mutate(content.trim());
  }
  return (
    <section className="dp-section" aria-labelledby={`comments-${storyIdx}`}>
      <h3 id={`comments-${storyIdx}`}>{t('ui.planning.comments.title')}</h3>
      {comments.isLoading && (
        <span className="spinner spinner--inline" role="status" aria-label={t('ui.common.loading')} />
      )}
      {comments.isError && <p className="dp-muted">{t('ui.common.loadFailed')}</p>}
      {comments.data?.length === 0 && <p className="dp-muted">{t('ui.planning.comments.empty')}</p>}
      <ul className="comment-list">
        {comments.data?.map((c) => (
          <li key={c.commentIdx}>
            <strong>{c.nickname}</strong>{' '}
            <time dateTime={c.createdAt}>{formatDateTime(c.createdAt, lang)}</time>
            <p>{c.content}</p>
          </li>
        ))}
      </ul>
      <form className="dp-inline-form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={`comment-input-${storyIdx}`}>
          {t('ui.planning.comments.placeholder')}
        </label>
        <textarea
          id={`comment-input-${storyIdx}`}
          className="input dp-textarea dp-textarea--short"
          placeholder={t('ui.planning.comments.placeholder')}
          value={content}
          maxLength={5000}
          onChange={(e) => setContent(e.target.value)}
        />
        <Button type="submit" size="small" isLoading={add.isPending} disabled={!content.trim()}>
          {t('ui.planning.comments.send')}
        </Button>
      </form>
    </section>
  );
}
