import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  hireRoles,
  updateApplicationRequest,
  type Application,
  type Language,
  type Recruitment,
  type UpdateApplicationRequest,
} from '@teamline/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../../../app/profile/ProfileViewPopup';
import { Button } from '../../../components/ui/Button';
import {
  ContractTermsFields,
  toContractTerms,
  type ContractTermsValues,
} from '../../../components/contract/ContractTermsFields';
import { Form, FormField } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { formatDate } from '../../../lib/format';
import { useServerError } from '../../../lib/form';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useLanguage } from '../../../lib/use-language';
import { requestForm, useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { recruitmentApi, recruitmentKeys } from '../api/recruitment-api';
import { minorToInput } from './PostFormModal';

/** The poster's side: every applicant with profile (popup), note and careers; shortlist, reject, hire. */
export function Applicants({ post }: { post: Recruitment }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: recruitmentKeys.applications(post.recruitmentIdx),
    queryFn: () => recruitmentApi.applications(post.recruitmentIdx),
  });
  const applications = list.data?.applications ?? [];
  return (
    <section className="recruitment-applicants" aria-labelledby="recruitment-applicants-heading">
      <h3 id="recruitment-applicants-heading">{t('ui.recruitment.applicants.heading')}</h3>
      {list.isLoading ? (
        <p role="status">{t('ui.common.loading')}</p>
      ) : list.isError ? (
        <div role="alert" className="recruitment-empty">
          <p>{t('ui.common.loadFailed')}</p>
          <Button size="small" variant="outline" onClick={() => void list.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      ) : applications.length === 0 ? (
        <p className="recruitment-empty">{t('ui.recruitment.applicants.empty')}</p>
      ) : (
        <ul className="recruitment-list">
          {applications.map((a) => (
            <li key={a.applicationIdx}>
              <ApplicantCard post={post} application={a} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ApplicantCard({ post, application: a }: { post: Recruitment; application: Application }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const onError = useErrorToast();
  const [dialog, setDialog] = useState<'reject' | 'hire' | null>(null);
  const [note, setNote] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: recruitmentKeys.all });
  const decide = useMutation({
    mutationFn: (body: UpdateApplicationRequest) => recruitmentApi.decide(a.applicationIdx, body),
    onSuccess: async (_saved, body) => {
      if (body.status === 'shortlisted')
        notify(t('ui.recruitment.applicants.shortlisted', { name: a.nickname }), 'success');
      if (body.status === 'rejected')
        notify(t('ui.recruitment.applicants.rejected', { name: a.nickname }), 'success');
      setDialog(null);
      await refresh();
    },
    onError,
  });
  const undecided = a.status === 'applied' || a.status === 'shortlisted';
  const rejectFormId = `recruitment-reject-${a.applicationIdx}`;

  return (
    <article className="recruitment-applicant card" aria-label={a.nickname}>
      <div className="recruitment-applicant__who">
        <MemberAvatar
          memberIdx={a.memberIdx}
          nickname={a.nickname}
          profileFileIdx={a.profileFileIdx}
          colorCode={a.colorCode}
          size={40}
        />
        <div className="recruitment-applicant__id">
          <p className="recruitment-applicant__name">{a.nickname}</p>
          {a.job && <p className="recruitment-card__project">{a.job}</p>}
        </div>
        <span className={`recruitment-badge recruitment-badge--${a.status}`}>
          {t(`ui.recruitment.applicationStatus.${a.status}`)}
        </span>
      </div>
      <p className="recruitment-card__project">
        {t('ui.recruitment.applicants.applied', { date: formatDate(a.createdAt, lang) })}
      </p>
      <p className="recruitment-applicant__note">{a.note}</p>
      {a.decisionNote && (
        <p className="recruitment-card__project">
          {t('ui.recruitment.applicants.decisionNote', { note: a.decisionNote })}
        </p>
      )}
      <h4 className="recruitment-applicant__careers">{t('ui.recruitment.applicants.careers')}</h4>
      {a.career.length === 0 ? (
        <p className="recruitment-card__project">{t('ui.recruitment.applicants.noCareers')}</p>
      ) : (
        <ul className="recruitment-careers">
          {a.career.map((c, i) => (
            <li key={i}>
              <strong>{c.company}</strong>
              {c.level && ` · ${c.level}`} · {formatDate(c.startDt, lang)} –{' '}
              {c.endDt ? formatDate(c.endDt, lang) : t('ui.recruitment.applicants.present')}
              {c.description && <span className="recruitment-careers__text">{c.description}</span>}
            </li>
          ))}
        </ul>
      )}
      {undecided && (
        <div className="recruitment-actions">
          {a.status === 'applied' && (
            <Button
              size="small"
              variant="outline"
              isLoading={decide.isPending && decide.variables?.status === 'shortlisted'}
              onClick={() => decide.mutate({ status: 'shortlisted' })}
            >
              {t('ui.recruitment.applicants.shortlist')}
            </Button>
          )}
          <Button size="small" variant="danger" onClick={() => setDialog('reject')}>
            {t('ui.recruitment.applicants.reject')}
          </Button>
          <Button size="small" onClick={() => setDialog('hire')}>
            {t('ui.recruitment.applicants.hire')}
          </Button>
        </div>
      )}
      <Modal
        title={t('ui.recruitment.applicants.rejectTitle', { name: a.nickname })}
        isOpen={dialog === 'reject'}
        onClose={() => setDialog(null)}
        formId={rejectFormId}
        confirmText={t('ui.recruitment.applicants.reject')}
        isConfirmLoading={decide.isPending}
        isDanger
        size="small"
      >
        <form
          id={rejectFormId}
          className="form"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            decide.mutate({ status: 'rejected', ...(note.trim() && { note: note.trim() }) });
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={`${rejectFormId}-note`}>
              {t('ui.recruitment.applicants.rejectNote')}
            </label>
            <textarea
              id={`${rejectFormId}-note`}
              className="input dp-textarea"
              maxLength={2000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
        </form>
      </Modal>
      {dialog === 'hire' && <HireModal post={post} application={a} onClose={() => setDialog(null)} />}
    </article>
  );
}

/** What the hire form holds: the role, and the contract's terms as typed (the shared fieldset's values). */
export interface HireValues {
  role: (typeof hireRoles)[number];
  contract: ContractTermsValues;
}

export function toHireRequest(values: HireValues, lang: Language) {
  return { status: 'hired', role: values.role, contract: toContractTerms(values.contract, lang) };
}

const isoOf = (code: string | null) =>
  code ? `${code.slice(0, 4)}-${code.slice(4, 6)}-${code.slice(6, 8)}` : '';

/** Hire: a role and the contract offer, prefilled from the post (its lowest rate, currency, period, title). */
function HireModal({
  post,
  application: a,
  onClose,
}: {
  post: Recruitment;
  application: Application;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const schema = useMemo(
    () =>
      requestForm<HireValues, UpdateApplicationRequest>(
        (v) => toHireRequest(v, lang),
        updateApplicationRequest,
      ),
    [lang],
  );
  const form = useZodForm(schema, {
    defaultValues: {
      role: 'depth2',
      contract: {
        dailyRate: minorToInput(post.rateMin, post.currency, lang),
        currency: post.currency,
        startDt: isoOf(post.startDt),
        endDt: isoOf(post.endDt),
        scope: post.title,
        withholdingRateBp: '0',
      },
    },
  });
  const onServerError = useServerError(form, {
    codeFields: {
      CONTRACT_PERIOD_OVERLAP: 'contract.startDt',
      CONTRACT_ALREADY_RUNNING: 'role',
      ALREADY_MEMBER: 'role',
    },
  });
  const hire = useMutation({
    mutationFn: (body: UpdateApplicationRequest) => recruitmentApi.decide(a.applicationIdx, body),
  });
  const formId = `recruitment-hire-${a.applicationIdx}`;

  async function send(body: UpdateApplicationRequest) {
    try {
      await hire.mutateAsync(body);
      notify(t('ui.recruitment.applicants.hired', { name: a.nickname }), 'success');
      await client.invalidateQueries({ queryKey: recruitmentKeys.all });
      onClose();
    } catch (error) {
      onServerError(error);
    }
  }

  return (
    <Modal
      title={t('ui.recruitment.applicants.hireTitle', { name: a.nickname })}
      isOpen
      onClose={onClose}
      formId={formId}
      confirmText={t('ui.recruitment.applicants.hire')}
      isConfirmLoading={hire.isPending}
    >
      <p>{t('ui.recruitment.applicants.hireIntro', { name: a.nickname, project: post.projectName })}</p>
      <Form id={formId} className="form" form={form} onSubmit={send}>
        <FormField name="role" label={t('ui.recruitment.applicants.role')}>
          {(props) => (
            <select {...props} className="input" {...form.register('role')}>
              {hireRoles.map((r) => (
                <option key={r} value={r}>
                  {t(`ui.recruitment.applicants.roles.${r}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <ContractTermsFields prefix="contract." />
      </Form>
    </Modal>
  );
}
