import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyRequest, type ApplyRequest, type ProjectOfMember, type Recruitment } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Form, FormField } from '../../../components/ui/Form';
import { openAlert } from '../../../components/ui/alert-store';
import { errorCodeOf } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { recruitmentApi, recruitmentKeys } from '../api/recruitment-api';
import { Applicants } from './Applicants';
import { PostFormModal } from './PostFormModal';
import { usePeriodText, useRateText } from './RecruitmentPage';

/** One post: its terms; the apply form or one's application; for its managers, edit/close/delete and applicants. */
export function PostDetail({
  recruitmentIdx,
  projects,
  onBack,
}: {
  recruitmentIdx: number;
  projects: ProjectOfMember[];
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: recruitmentKeys.one(recruitmentIdx),
    queryFn: () => recruitmentApi.get(recruitmentIdx),
    retry: (count, error) => errorCodeOf(error) !== 'RECRUITMENT_NOT_FOUND' && count < 2,
  });
  const back = (
    <button type="button" className="link-button recruitment-back" onClick={onBack}>
      ← {t('ui.recruitment.backToList')}
    </button>
  );
  if (query.isLoading)
    return (
      <>
        {back}
        <p role="status">{t('ui.common.loading')}</p>
      </>
    );
  if (!query.data)
    return (
      <>
        {back}
        <div role="alert" className="recruitment-empty">
          <p>
            {errorCodeOf(query.error) === 'RECRUITMENT_NOT_FOUND'
              ? t('ui.recruitment.notFound')
              : t('ui.common.loadFailed')}
          </p>
          {errorCodeOf(query.error) !== 'RECRUITMENT_NOT_FOUND' && (
            <Button size="small" variant="outline" onClick={() => void query.refetch()}>
              {t('ui.common.retry')}
            </Button>
          )}
        </div>
      </>
    );
  const post = query.data;
  return (
    <>
      {back}
      <PostBody post={post} projects={projects} onDeleted={onBack} />
      {post.can.manage ? <Applicants post={post} /> : <ApplySection post={post} />}
    </>
  );
}

function PostBody({
  post,
  projects,
  onDeleted,
}: {
  post: Recruitment;
  projects: ProjectOfMember[];
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const onError = useErrorToast();
  const rate = useRateText();
  const period = usePeriodText();
  const [isEditOpen, setEditOpen] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: recruitmentKeys.all });
  const toggle = useMutation({
    mutationFn: () =>
      recruitmentApi.update(post.recruitmentIdx, { status: post.status === 'open' ? 'closed' : 'open' }),
    onSuccess: async (saved) => {
      notify(
        t(saved.status === 'closed' ? 'ui.recruitment.manage.closed' : 'ui.recruitment.manage.reopened'),
        'success',
      );
      await refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => recruitmentApi.remove(post.recruitmentIdx),
    onSuccess: async () => {
      notify(t('ui.recruitment.manage.deleted'), 'success');
      onDeleted();
      await refresh();
    },
    onError,
  });
  async function confirmDelete() {
    try {
      await openAlert(`${t('ui.recruitment.manage.deleteTitle')} ${t('ui.recruitment.manage.deleteBody')}`, {
        confirmText: t('ui.recruitment.manage.delete'),
        isDanger: true,
      });
    } catch {
      return;
    }
    remove.mutate();
  }

  return (
    <article className="recruitment-detail card" aria-labelledby="recruitment-title">
      <div className="recruitment-card__top">
        <h3 id="recruitment-title" className="recruitment-detail__title">
          {post.title}
        </h3>
        <span className={`recruitment-badge recruitment-badge--${post.status}`}>
          {t(`ui.recruitment.status.${post.status}`)}
        </span>
      </div>
      <p className="recruitment-card__project">
        {t('ui.recruitment.postedBy', { name: post.postedByNickname, project: post.projectName })}
      </p>
      <dl className="recruitment-facts">
        <dt>{t('ui.recruitment.form.workType')}</dt>
        <dd>{t(`ui.recruitment.workType.${post.workType}`)}</dd>
        <dt>{t('ui.recruitment.applicants.dailyRate')}</dt>
        <dd>{rate(post)}</dd>
        <dt>{t('ui.recruitment.periodLabel')}</dt>
        <dd>{period(post)}</dd>
      </dl>
      {post.skills.length > 0 && (
        <ul className="recruitment-skills" aria-label={t('ui.recruitment.form.skills')}>
          {post.skills.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
      {post.description && <p className="recruitment-detail__description">{post.description}</p>}
      {post.can.manage && (
        <div className="recruitment-actions">
          <Button size="small" variant="outline" onClick={() => setEditOpen(true)}>
            {t('ui.recruitment.manage.edit')}
          </Button>
          <Button size="small" variant="outline" isLoading={toggle.isPending} onClick={() => toggle.mutate()}>
            {t(post.status === 'open' ? 'ui.recruitment.manage.close' : 'ui.recruitment.manage.reopen')}
          </Button>
          <Button
            size="small"
            variant="danger"
            isLoading={remove.isPending}
            onClick={() => void confirmDelete()}
          >
            {t('ui.recruitment.manage.delete')}
          </Button>
        </div>
      )}
      {isEditOpen && (
        <PostFormModal
          projects={projects}
          post={post}
          isOpen={isEditOpen}
          onClose={() => setEditOpen(false)}
        />
      )}
    </article>
  );
}

/** The apply form, or the caller's application with Withdraw while it is undecided. */
function ApplySection({ post }: { post: Recruitment }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const onError = useErrorToast();
  const form = useZodForm(applyRequest, { defaultValues: { note: '' } });
  const onServerError = useServerError(form, {
    codeFields: { APPLICATION_EXISTS: 'note', RECRUITMENT_CLOSED: 'note', ALREADY_MEMBER: 'note' },
  });
  const refresh = () => client.invalidateQueries({ queryKey: recruitmentKeys.all });
  const apply = useMutation({
    mutationFn: (body: ApplyRequest) => recruitmentApi.apply(post.recruitmentIdx, body.note),
  });
  const withdraw = useMutation({
    mutationFn: (applicationIdx: number) => recruitmentApi.decide(applicationIdx, { status: 'withdrawn' }),
    onSuccess: async () => {
      notify(t('ui.recruitment.apply.withdrawn'), 'success');
      await refresh();
    },
    onError,
  });

  async function send(body: ApplyRequest) {
    try {
      await apply.mutateAsync(body);
      notify(t('ui.recruitment.apply.sent'), 'success');
      await refresh();
    } catch (error) {
      onServerError(error);
    }
  }
  async function confirmWithdraw(applicationIdx: number) {
    try {
      await openAlert(
        `${t('ui.recruitment.apply.withdrawTitle')} ${t('ui.recruitment.apply.withdrawBody')}`,
        {
          confirmText: t('ui.recruitment.apply.withdraw'),
          isDanger: true,
        },
      );
    } catch {
      return;
    }
    withdraw.mutate(applicationIdx);
  }

  const mine = post.myApplication;
  if (mine)
    return (
      <section className="recruitment-apply card" aria-labelledby="recruitment-apply-heading">
        <h3 id="recruitment-apply-heading">{t('ui.recruitment.apply.heading')}</h3>
        <p role="status">
          {t('ui.recruitment.apply.yours', { status: t(`ui.recruitment.applicationStatus.${mine.status}`) })}
        </p>
        {(mine.status === 'applied' || mine.status === 'shortlisted') && (
          <Button
            size="small"
            variant="danger"
            isLoading={withdraw.isPending}
            onClick={() => void confirmWithdraw(mine.applicationIdx)}
          >
            {t('ui.recruitment.apply.withdraw')}
          </Button>
        )}
      </section>
    );
  if (!post.can.apply)
    return (
      <p className="recruitment-empty">
        {t(post.status === 'open' ? 'ui.recruitment.apply.member' : 'ui.recruitment.apply.closed')}
      </p>
    );
  return (
    <section className="recruitment-apply card" aria-labelledby="recruitment-apply-heading">
      <h3 id="recruitment-apply-heading">{t('ui.recruitment.apply.heading')}</h3>
      <Form form={form} onSubmit={send} className="form">
        <FormField
          name="note"
          label={t('ui.recruitment.apply.note')}
          hint={t('ui.recruitment.apply.noteHint')}
        >
          {(props) => (
            <textarea {...props} className="input dp-textarea" maxLength={5000} {...form.register('note')} />
          )}
        </FormField>
        <Button type="submit" size="medium" isLoading={apply.isPending}>
          {t('ui.recruitment.apply.submit')}
        </Button>
      </Form>
    </section>
  );
}
