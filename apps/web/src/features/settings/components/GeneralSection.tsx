import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  codeToIsoDate,
  deleteProjectRequest,
  updateProjectRequest,
  type ProjectAction,
  type ProjectSettings,
  type UpdateProjectRequest,
} from '@teamline/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { Form, FormField, FormText } from '../../../components/ui/Form';
import { errorCodeOf } from '../../../lib/api-client';
import { isoToCodeOrNull, useServerError } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { requestForm, useZodForm } from '../../../lib/zod-form';
import { useProjectStore } from '../../../stores/project-store';
import { notify } from '../../../stores/toast-store';
import { projectsKey } from '../../../lib/use-projects';
import { settingsApi } from '../api/settings-api';
import { ProjectTwoFactorSetting } from '../../../app/two-factor-slots';

interface GeneralValues {
  name: string;
  startDt: string;
  endDt: string;
  description: string;
}
/** Date inputs give ISO dates; the contract's update schema judges the request they make. */
const generalForm = requestForm(
  (v: GeneralValues) => ({
    name: v.name,
    description: v.description,
    startDt: isoToCodeOrNull(v.startDt),
    endDt: isoToCodeOrNull(v.endDt),
  }),
  updateProjectRequest,
);

/** The contract's rule, plus the name shown in the dialog (the server checks it again). */
const deleteFormOf = (name: string) =>
  deleteProjectRequest.refine((v) => v.confirmName.trim() === name, {
    message: 'nameMismatch',
    path: ['confirmName'],
  });

export function GeneralSection({
  projectIdx,
  can,
}: {
  projectIdx: number;
  can: (a: ProjectAction) => boolean;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['settings', projectIdx, 'project'],
    queryFn: () => settingsApi.project(projectIdx),
  });
  if (query.isLoading) return <PageSpinner />;
  if (query.isError || !query.data)
    return (
      <div className="card state-card" role="alert">
        <p>{t(`errors.${errorCodeOf(query.error)}`)}</p>
        <Button size="medium" onClick={() => void query.refetch()}>
          {t('ui.common.retry')}
        </Button>
      </div>
    );

  return <GeneralForm key={query.data.updatedAt} data={query.data} projectIdx={projectIdx} can={can} />;
}

function GeneralForm({
  data,
  projectIdx,
  can,
}: {
  data: ProjectSettings;
  projectIdx: number;
  can: (a: ProjectAction) => boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useZodForm(generalForm, {
    defaultValues: {
      name: data.name,
      startDt: codeToIsoDate(data.startDt),
      endDt: codeToIsoDate(data.endDt),
      description: data.description,
    },
  });
  const onSaveError = useServerError(form);
  const [deleteForm] = useState(() => deleteFormOf(data.name));
  const confirm = useZodForm(deleteForm, { defaultValues: { confirmName: '' } });
  const onDeleteError = useServerError(confirm);
  const [isDeleting, setIsDeleting] = useState(false);
  const canEdit = can('project.update');

  const save = useMutation({
    mutationFn: (body: UpdateProjectRequest) => settingsApi.update(projectIdx, body),
    onSuccess: async () => {
      notify(t('ui.settings.general.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['settings', projectIdx] });
      await queryClient.invalidateQueries({ queryKey: projectsKey });
    },
    onError: (error) => void onSaveError(error),
  });

  const remove = useMutation({
    mutationFn: (confirmName: string) => settingsApi.remove(projectIdx, confirmName),
    onSuccess: async () => {
      notify(t('ui.settings.general.deleted'), 'success');
      setIsDeleting(false);
      useProjectStore.getState().reset();
      await queryClient.invalidateQueries({ queryKey: projectsKey });
      await queryClient.invalidateQueries({ queryKey: ['settings', 'deleted'] });
      void navigate('/', { replace: true });
    },
    onError: (error) => void onDeleteError(error),
  });

  return (
    <>
      <Form
        form={form}
        onSubmit={(body) => save.mutate(body)}
        className="card form"
        data-testid="settings-general"
      >
        <h3>{t('ui.settings.tabs.general')}</h3>
        {!canEdit && <p className="settings__muted">{t('ui.settings.general.readOnly')}</p>}
        <FormText name="name" label={t('ui.settings.general.name')} maxLength={100} disabled={!canEdit} />
        <div className="settings__dates">
          <FormText name="startDt" label={t('ui.settings.general.startDt')} type="date" disabled={!canEdit} />
          <FormText name="endDt" label={t('ui.settings.general.endDt')} type="date" disabled={!canEdit} />
        </div>
        <FormField name="description" label={t('ui.settings.general.description')}>
          {(props) => (
            <textarea
              {...props}
              className="field__input field__textarea"
              rows={5}
              maxLength={2000}
              disabled={!canEdit}
              {...form.register('description')}
            />
          )}
        </FormField>
        {canEdit && (
          <div className="form__actions">
            <Button type="submit" size="medium" isLoading={save.isPending}>
              {t('ui.settings.general.save')}
            </Button>
          </div>
        )}
      </Form>
      <Suspense fallback={<PageSpinner />}>
        <ProjectTwoFactorSetting projectIdx={projectIdx} canEdit={canEdit} />
      </Suspense>
      {can('project.delete') && (
        <div className="card settings__danger">
          <h3>{t('ui.settings.general.dangerTitle')}</h3>
          <p className="settings__muted">{t('ui.settings.general.dangerBody')}</p>
          <Button
            variant="danger"
            size="medium"
            data-testid="settings-delete-project"
            onClick={() => {
              confirm.reset();
              setIsDeleting(true);
            }}
          >
            {t('ui.settings.general.delete')}
          </Button>
        </div>
      )}
      {can('project.restore') && <DeletedProjects />}
      <Modal
        title={t('ui.settings.general.confirmTitle', { name: data.name })}
        isOpen={isDeleting}
        onClose={() => setIsDeleting(false)}
        formId="delete-project-form"
        confirmText={t('ui.settings.general.delete')}
        isConfirmLoading={remove.isPending}
        isDanger
        size="small"
      >
        <p>{t('ui.settings.general.dangerBody')}</p>
        <Form
          form={confirm}
          onSubmit={(v) => remove.mutate(v.confirmName.trim())}
          id="delete-project-form"
          className="form"
        >
          <FormText
            name="confirmName"
            label={t('ui.settings.general.confirmLabel')}
            hint={t('ui.settings.general.confirmHint')}
            placeholder={data.name}
            autoComplete="off"
          />
        </Form>
      </Modal>
    </>
  );
}

function DeletedProjects() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['settings', 'deleted'], queryFn: settingsApi.deleted });
  const restore = useMutation({
    mutationFn: settingsApi.restore,
    onSuccess: async () => {
      notify(t('ui.settings.general.restored'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['settings', 'deleted'] });
      await queryClient.invalidateQueries({ queryKey: projectsKey });
    },
    onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
  });
  const date = (iso: string) => formatDate(iso, currentLanguage());
  return (
    <div className="card">
      <h3>{t('ui.settings.general.deletedTitle')}</h3>
      {query.isLoading && <p className="settings__muted">{t('ui.common.loading')}</p>}
      {query.isError && <p role="alert">{t(`errors.${errorCodeOf(query.error)}`)}</p>}
      {query.data?.length === 0 && <p className="settings__muted">{t('ui.settings.general.deletedEmpty')}</p>}
      <ul className="settings__list">
        {query.data?.map((p) => (
          <li key={p.projectIdx} className="settings__row">
            <div className="settings__who">
              <strong>{p.name}</strong>
              <span className="settings__muted">
                {t('ui.settings.general.restorableUntil', { date: date(p.restorableUntil) })}
              </span>
            </div>
            <Button
              size="small"
              variant="outline"
              isLoading={restore.isPending && restore.variables === p.projectIdx}
              onClick={() => restore.mutate(p.projectIdx)}
            >
              {t('ui.settings.general.restore')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
