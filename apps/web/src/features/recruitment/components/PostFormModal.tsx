import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createRecruitmentRequest,
  currencyMinorDigits,
  workTypes,
  type CreateRecruitmentRequest,
  type Currency,
  type Language,
  type ProjectOfMember,
  type Recruitment,
  type WorkType,
} from '@teamline/contract';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormField, FormSelect, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { isoToCodeOrNull, useServerError } from '../../../lib/form';
import { currencyOptions, decimalMarkOf, parseMajorToMinor } from '../../../lib/money-input';
import { useLanguage } from '../../../lib/use-language';
import { requestForm, useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { recruitmentApi, recruitmentKeys } from '../api/recruitment-api';

/** What the inputs hold: amounts in major units as typed, skills comma-separated, dates `YYYY-MM-DD`. */
export interface PostValues {
  projectIdx: string;
  title: string;
  description: string;
  skills: string;
  workType: WorkType;
  rateMin: string;
  rateMax: string;
  currency: Currency;
  startDt: string;
  endDt: string;
}

const isoOf = (code: string | null) =>
  code ? `${code.slice(0, 4)}-${code.slice(4, 6)}-${code.slice(6, 8)}` : '';
/** Minor units back to what a user types (no grouping; the language's decimal mark). */
export const minorToInput = (minor: number, currency: Currency, lang: Language): string => {
  const digits = currencyMinorDigits[currency];
  return (minor / 10 ** digits).toFixed(digits).replace('.', decimalMarkOf[lang]);
};

/** The typed values → the post. Amounts that do not read are -1, so the contract's rule names them. */
export function toPostRequest(values: PostValues, lang: Language) {
  const digits = currencyMinorDigits[values.currency];
  return {
    projectIdx: Number(values.projectIdx) || 0,
    title: values.title,
    description: values.description,
    skills: values.skills
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    workType: values.workType,
    rateMin: parseMajorToMinor(values.rateMin, digits, lang) ?? -1,
    rateMax: parseMajorToMinor(values.rateMax, digits, lang) ?? -1,
    currency: values.currency,
    startDt: values.startDt.replaceAll('-', ''),
    endDt: isoToCodeOrNull(values.endDt),
  };
}

const examples: Record<Currency, Record<Language, string>> = {
  KRW: { en: '300000', kr: '300000', vi: '300000' },
  USD: { en: '250.00', kr: '250.00', vi: '250,00' },
};

/** "Post a job" and "Edit job post": one form; editing keeps the project. */
export function PostFormModal({
  projects,
  post,
  isOpen,
  onClose,
  onSaved,
}: {
  /** The projects the caller may post for (admin or client). */
  projects: ProjectOfMember[];
  /** The post being edited; none for a new one. */
  post?: Recruitment;
  isOpen: boolean;
  onClose: () => void;
  onSaved?: (post: Recruitment) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const schema = useMemo(
    () =>
      requestForm<PostValues, CreateRecruitmentRequest>(
        (v) => toPostRequest(v, lang),
        createRecruitmentRequest,
      ),
    [lang],
  );
  const defaults: PostValues = post
    ? {
        projectIdx: String(post.projectIdx),
        title: post.title,
        description: post.description,
        skills: post.skills.join(', '),
        workType: post.workType,
        rateMin: minorToInput(post.rateMin, post.currency, lang),
        rateMax: minorToInput(post.rateMax, post.currency, lang),
        currency: post.currency,
        startDt: isoOf(post.startDt),
        endDt: isoOf(post.endDt),
      }
    : {
        projectIdx: projects.length === 1 ? String(projects[0]!.projectIdx) : '',
        title: '',
        description: '',
        skills: '',
        workType: 'freelancer',
        rateMin: '',
        rateMax: '',
        currency: 'KRW',
        startDt: '',
        endDt: '',
      };
  const form = useZodForm(schema, { defaultValues: defaults });
  const onServerError = useServerError(form);
  const save = useMutation({
    mutationFn: ({ projectIdx, ...body }: CreateRecruitmentRequest) =>
      post
        ? recruitmentApi.update(post.recruitmentIdx, body)
        : recruitmentApi.create({ projectIdx, ...body }),
  });
  const currency = useWatch({ control: form.control, name: 'currency' });
  const example = examples[currency][lang];
  const formId = post ? `recruitment-edit-${post.recruitmentIdx}` : 'recruitment-new';

  async function send(body: CreateRecruitmentRequest) {
    try {
      const saved = await save.mutateAsync(body);
      await client.invalidateQueries({ queryKey: recruitmentKeys.all });
      notify(t(post ? 'ui.recruitment.form.saved' : 'ui.recruitment.form.created'), 'success');
      if (!post) form.reset(defaults);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      onServerError(error);
    }
  }

  const rateMessages = { moneyAmount: t('validation.moneyAmount') };
  return (
    <Modal
      title={t(post ? 'ui.recruitment.form.titleEdit' : 'ui.recruitment.form.titleNew')}
      isOpen={isOpen}
      onClose={onClose}
      formId={formId}
      confirmText={t(post ? 'ui.recruitment.form.save' : 'ui.recruitment.form.submit')}
      isConfirmLoading={save.isPending}
    >
      <Form id={formId} className="form" form={form} onSubmit={send}>
        {!post && (
          <FormField
            name="projectIdx"
            label={t('ui.recruitment.form.project')}
            messages={{ numberRange: t('validation.required'), invalid: t('validation.required') }}
          >
            {(props) => (
              <select {...props} className="input" {...form.register('projectIdx')}>
                <option value="">{t('ui.recruitment.form.chooseProject')}</option>
                {projects.map((p) => (
                  <option key={p.projectIdx} value={p.projectIdx}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <FormText name="title" label={t('ui.recruitment.form.title')} maxLength={200} />
        <div className="recruitment-form__row">
          <FormField name="workType" label={t('ui.recruitment.form.workType')}>
            {(props) => (
              <select {...props} className="input" {...form.register('workType')}>
                {workTypes.map((w) => (
                  <option key={w} value={w}>
                    {t(`ui.recruitment.workType.${w}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormSelect name="currency" label={t('ui.recruitment.form.currency')} options={currencyOptions} />
        </div>
        <div className="recruitment-form__row">
          <FormText
            name="rateMin"
            label={t('ui.recruitment.form.rateMin')}
            hint={t('ui.recruitment.form.rateHint', { currency, example })}
            messages={rateMessages}
            inputMode="decimal"
            autoComplete="off"
          />
          <FormText
            name="rateMax"
            label={t('ui.recruitment.form.rateMax')}
            messages={rateMessages}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
        <div className="recruitment-form__row">
          <FormText type="date" name="startDt" label={t('ui.recruitment.form.startDt')} />
          <FormText type="date" name="endDt" label={t('ui.recruitment.form.endDt')} />
        </div>
        <FormText
          name="skills"
          label={t('ui.recruitment.form.skills')}
          hint={t('ui.recruitment.form.skillsHint')}
          autoComplete="off"
        />
        <FormField name="description" label={t('ui.recruitment.form.description')}>
          {(props) => (
            <textarea
              {...props}
              className="input dp-textarea"
              maxLength={20_000}
              {...form.register('description')}
            />
          )}
        </FormField>
      </Form>
    </Modal>
  );
}
