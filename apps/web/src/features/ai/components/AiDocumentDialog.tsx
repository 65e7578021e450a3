import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormField, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { errorCodeOf } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { aiApi } from '../api/ai-api';
import { aiDocumentTypes, jobProblemKey } from '../api/ai-types';
import { useAiJob, useCancelAiJob } from '../api/use-ai-job';
import {
  aiDocumentForm,
  aiDocumentRequest,
  emptyAiDocumentValues,
  isReport,
  reportPeriod,
  type AiDocumentValues,
} from '../logic/document-form';
import { JobProgress } from './JobProgress';
import './ai.css';

export interface AiDocumentDialogProps {
  projectIdx: number;
  folderIdx: number | null;
  onClose: () => void;
  onCreated: (documentIdx: number) => void;
}

const FORM_ID = 'ai-document-form';

/**
 * docs/product/documents-and-ai.md#ai-documents: pick a type and a reference date (a report also its collection period),
 * watch the job write the draft (cancellable), then open the new document (`onCreated`).
 */
export function AiDocumentDialog({ projectIdx, folderIdx, onClose, onCreated }: AiDocumentDialogProps) {
  const { t } = useTranslation();
  const form = useZodForm<AiDocumentValues, AiDocumentValues>(aiDocumentForm, {
    defaultValues: emptyAiDocumentValues,
  });
  const typeField = form.register('type');
  const type = useWatch({ control: form.control, name: 'type' });
  const referenceDate = useWatch({ control: form.control, name: 'referenceDate' });
  // A report's period follows its type and reference day (reportPeriod) until the user changes it,
  // so "Write" does not first have to say that it is missing.
  const derived = useRef<{ periodStart: string; periodEnd: string } | null>(null);
  useEffect(() => {
    const next = reportPeriod(type, referenceDate);
    if (!next) return;
    const { periodStart, periodEnd } = form.getValues();
    const last = derived.current;
    const isOwn = last
      ? periodStart !== last.periodStart || periodEnd !== last.periodEnd
      : periodStart || periodEnd;
    if (isOwn) return;
    derived.current = next;
    const options = { shouldValidate: form.formState.isSubmitted };
    form.setValue('periodStart', next.periodStart, options);
    form.setValue('periodEnd', next.periodEnd, options);
  }, [type, referenceDate, form]);
  const [jobIdx, setJobIdx] = useState<number | null>(null);
  const job = useAiJob(jobIdx);
  const cancel = useCancelAiJob(jobIdx);
  const created = useRef(false);
  const start = useMutation({
    mutationFn: (values: AiDocumentValues) =>
      aiApi.writeDocument(aiDocumentRequest(values, projectIdx, folderIdx)),
    onSuccess: (started) => setJobIdx(started.jobIdx),
    onError: (failure) => notify(t(`errors.${errorCodeOf(failure)}`), 'error'),
  });

  // Done: hand the new document over once. Failed or cancelled: the form again, with the reason.
  const data = job.data;
  const problem = jobProblemKey(job);
  const failure = problem ? t(problem) : null;
  const documentIdx = data?.state === 'done' ? data.documentIdx : null;
  useEffect(() => {
    if (documentIdx == null || created.current) return;
    created.current = true;
    notify(t('ui.ai.document.created'), 'success');
    onCreated(documentIdx);
  }, [documentIdx, onCreated, t]);

  const messages = {
    typeRequired: t('ui.ai.document.typeRequired'),
    dateRequired: t('ui.ai.document.dateRequired'),
    periodRequired: t('ui.ai.document.periodRequired'),
    periodOrder: t('ui.ai.document.periodOrder'),
  };
  const isWriting = jobIdx != null && !failure;

  return (
    <Modal
      title={t('ui.ai.document.title')}
      isOpen
      onClose={onClose}
      size="small"
      formId={isWriting ? undefined : FORM_ID}
      confirmText={t('ui.ai.document.submit')}
      isConfirmLoading={start.isPending}
    >
      {isWriting ? (
        <JobProgress job={job.data} onCancel={() => cancel.mutate()} isCancelling={cancel.isPending} />
      ) : (
        <Form
          form={form}
          onSubmit={(values) => {
            setJobIdx(null);
            start.mutate(values);
          }}
          id={FORM_ID}
          className="ai-doc-form"
          data-testid="ai-document-form"
        >
          {failure && (
            <p className="field__error" role="alert">
              {failure}
            </p>
          )}
          <FormField name="type" label={t('ui.ai.document.type')} messages={messages}>
            {(props) => (
              <select
                {...props}
                className="input"
                name={typeField.name}
                ref={typeField.ref}
                onChange={(e) => void typeField.onChange(e)}
                onBlur={(e) => void typeField.onBlur(e)}
                data-testid="ai-document-type"
              >
                <option value="">—</option>
                {aiDocumentTypes.map((value) => (
                  <option key={value} value={value}>
                    {t(`ui.ai.document.types.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormText
            name="referenceDate"
            type="date"
            label={t('ui.ai.document.referenceDate')}
            messages={messages}
          />
          {isReport(type) && (
            <div className="ai-doc-form__period">
              <p className="field__hint">{t('ui.ai.document.periodHint')}</p>
              <div className="ai-doc-form__dates">
                <FormText
                  name="periodStart"
                  type="date"
                  label={t('ui.ai.document.periodStart')}
                  messages={messages}
                />
                <FormText
                  name="periodEnd"
                  type="date"
                  label={t('ui.ai.document.periodEnd')}
                  messages={messages}
                />
              </div>
            </div>
          )}
        </Form>
      )}
    </Modal>
  );
}
