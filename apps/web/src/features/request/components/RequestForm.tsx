import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isoDateToCode, type MemberInProject, type MemberRequest } from '@teamline/contract';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Modal } from '../../../components/ui/Modal';
import { TextInput } from '../../../components/ui/TextInput';
import { fieldErrorText, useServerError } from '../../../lib/form';
import { notify } from '../../../stores/toast-store';
import { requestApi, requestKeys } from '../api/request-api';
import { fileIdxsOf, isUploading, RequestFilePicker, type PickedFile } from './RequestFilePicker';

/** What the form holds (the date input gives YYYY-MM-DD; ids come from selects as text). */
export const requestFormSchema = z.object({
  title: z.string().trim().min(1, 'required').max(200),
  description: z.string().max(20_000),
  dueDt: z.string().min(1, 'required'),
  receiverIdx: z.string().min(1, 'required'),
  storyIdx: z.string(),
  /** Held by the file picker; here so that the server's `fileIdxs` error lands on the form. */
  fileIdxs: z.array(z.number()),
});
type RequestForm = z.input<typeof requestFormSchema>;
const blank: RequestForm = {
  title: '',
  description: '',
  dueDt: '',
  receiverIdx: '',
  storyIdx: '',
  fileIdxs: [],
};

/**
 * "New request": title, description, due date, receiver (another member), an optional story and
 * files (uploaded as they are picked).
 */
export function RequestFormModal({
  projectIdx,
  members,
  stories,
  isOpen,
  onClose,
  onSent,
}: {
  projectIdx: number;
  /** Who may receive it: the project's members other than the caller. */
  members: MemberInProject[];
  stories: { storyIdx: number; title: string }[];
  isOpen: boolean;
  onClose: () => void;
  onSent?: (request: MemberRequest) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<RequestForm>({ resolver: zodResolver(requestFormSchema), defaultValues: blank });
  const { errors } = form.formState;
  const onServerError = useServerError(form);
  const create = useMutation({ mutationFn: requestApi.create });
  const [files, setFiles] = useState<PickedFile[]>([]);
  const uploading = isUploading(files);
  const changeFiles: Dispatch<SetStateAction<PickedFile[]>> = (update) => {
    form.clearErrors('fileIdxs');
    setFiles(update);
  };

  async function send(values: RequestForm) {
    // The confirm button waits while a file is uploading; Enter in a field must wait too.
    if (uploading) return;
    const fileIdxs = fileIdxsOf(files);
    try {
      const created = await create.mutateAsync({
        projectIdx,
        title: values.title.trim(),
        description: values.description,
        dueDt: isoDateToCode(values.dueDt),
        receiverIdx: Number(values.receiverIdx),
        storyIdx: values.storyIdx ? Number(values.storyIdx) : null,
        ...(fileIdxs.length > 0 && { fileIdxs }),
      });
      await client.invalidateQueries({ queryKey: requestKeys.all(projectIdx) });
      notify(t('ui.request.form.sent'), 'success');
      form.reset(blank);
      setFiles([]);
      onSent?.(created);
      onClose();
    } catch (error) {
      onServerError(error);
    }
  }

  const receiverError = fieldErrorText(t, errors.receiverIdx);
  const storyError = fieldErrorText(t, errors.storyIdx);
  const descriptionError = fieldErrorText(t, errors.description);
  return (
    <Modal
      title={t('ui.request.newRequest')}
      isOpen={isOpen}
      onClose={onClose}
      formId="request-form"
      confirmText={t('ui.request.form.submit')}
      isConfirmLoading={create.isPending || uploading}
    >
      <form
        id="request-form"
        className="form"
        onSubmit={(event) => void form.handleSubmit(send)(event)}
        noValidate
      >
        <TextInput
          label={t('ui.request.form.title')}
          maxLength={200}
          error={fieldErrorText(t, errors.title)}
          {...form.register('title')}
        />
        <div className="field">
          <label className="field__label" htmlFor="request-receiver">
            {t('ui.request.form.receiver')}
          </label>
          <select
            id="request-receiver"
            className="input"
            aria-invalid={receiverError ? true : undefined}
            {...form.register('receiverIdx')}
          >
            <option value="">{t('ui.request.form.chooseReceiver')}</option>
            {members.map((m) => (
              <option key={m.memberInProjectIdx} value={m.memberInProjectIdx}>
                {m.nickname}
              </option>
            ))}
          </select>
          {receiverError && (
            <p className="field__error" role="alert">
              {receiverError}
            </p>
          )}
        </div>
        <TextInput
          type="date"
          label={t('ui.request.form.dueDt')}
          error={fieldErrorText(t, errors.dueDt)}
          {...form.register('dueDt')}
        />
        <div className="field">
          <label className="field__label" htmlFor="request-story">
            {t('ui.request.form.story')}
          </label>
          <select id="request-story" className="input" {...form.register('storyIdx')}>
            <option value="">{t('ui.request.form.noStory')}</option>
            {stories.map((s) => (
              <option key={s.storyIdx} value={s.storyIdx}>
                {s.title}
              </option>
            ))}
          </select>
          {storyError && (
            <p className="field__error" role="alert">
              {storyError}
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="request-description">
            {t('ui.request.form.description')}
          </label>
          <textarea
            id="request-description"
            className="input dp-textarea"
            maxLength={20_000}
            {...form.register('description')}
          />
          {descriptionError && (
            <p className="field__error" role="alert">
              {descriptionError}
            </p>
          )}
        </div>
        <RequestFilePicker
          projectIdx={projectIdx}
          files={files}
          onFilesChange={changeFiles}
          error={fieldErrorText(t, errors.fileIdxs as FieldError | undefined)}
        />
      </form>
    </Modal>
  );
}
