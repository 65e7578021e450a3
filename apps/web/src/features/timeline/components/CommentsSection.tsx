import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createCommentRequest } from '@teamline/contract';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Form, FormField } from '../../../components/ui/Form';
import { useServerError } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useZodForm } from '../../../lib/zod-form';
import { planningApi, planningKeys } from '../../../lib/planning/planning-api';
import { memberName } from '../../../lib/member-name';

export function CommentsSection({ projectIdx, storyIdx }: { projectIdx: number; storyIdx: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const form = useZodForm(createCommentRequest, { defaultValues: { content: '' } });
  const onServerError = useServerError(form);
  const content = useWatch({ control: form.control, name: 'content' });
  const key = planningKeys.comments(projectIdx, storyIdx);
  const comments = useQuery({ queryKey: key, queryFn: () => planningApi.comments(storyIdx) });
  const add = useMutation({
    mutationFn: (text: string) => planningApi.addComment(storyIdx, text),
    onSuccess: async () => {
      form.reset();
      await client.invalidateQueries({ queryKey: key });
      await client.invalidateQueries({ queryKey: planningKeys.history(projectIdx, 'story', storyIdx) });
    },
    onError: (error) => void onServerError(error),
  });
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
            <strong>{memberName(c.nickname, t)}</strong>{' '}
            <time dateTime={c.createdAt}>{formatDateTime(c.createdAt, lang)}</time>
            <p>{c.content}</p>
          </li>
        ))}
      </ul>
      <Form form={form} onSubmit={(body) => add.mutate(body.content)} className="dp-inline-form">
        <FormField
          name="content"
          label={t('ui.planning.comments.placeholder')}
          hideLabel
          className="dp-comment-field"
        >
          {(props) => (
            <textarea
              {...props}
              className="input dp-textarea dp-textarea--short"
              placeholder={t('ui.planning.comments.placeholder')}
              maxLength={5000}
              {...form.register('content')}
            />
          )}
        </FormField>
        <Button type="submit" size="small" isLoading={add.isPending} disabled={!content.trim()}>
          {t('ui.planning.comments.send')}
        </Button>
      </Form>
    </section>
  );
}
