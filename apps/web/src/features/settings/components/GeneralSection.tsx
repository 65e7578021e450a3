import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { codeToIsoDate, isoDateToCode, type ProjectAction, type ProjectSettings } from '@teamline/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { TextInput } from '../../../components/ui/TextInput';
import { ApiError, errorCodeOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useProjectStore } from '../../../stores/project-store';
import { notify } from '../../../stores/toast-store';
import { projectsKey } from '../../project/hooks/use-projects';
import { settingsApi } from '../api/settings-api';

const fieldError = (t: (k: string) => string, error: unknown, field: string) =>
  error instanceof ApiError && error.fieldErrors[field]
    ? t(`validation.${error.fieldErrors[field]}`)
    : undefined;

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
  const [form, setForm] = useState(() => ({
    name: data.name,
    startDt: codeToIsoDate(data.startDt),
    endDt: codeToIsoDate(data.endDt),
    description: data.description,
  }));
  const [isDeleting, setIsDeleting] = useState(false);
  const [confirmName, setConfirmName] = useState('');
  const canEdit = can('project.update');

  const save = useMutation({
    mutationFn: () =>
      settingsApi.update(projectIdx, {
        name: form.name,
        description: form.description,
        startDt: form.startDt ? isoDateToCode(form.startDt) : null,
        endDt: form.endDt ? isoDateToCode(form.endDt) : null,
      }),
    onSuccess: async () => {
      notify(t('ui.settings.general.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['settings', projectIdx] });
      await queryClient.invalidateQueries({ queryKey: projectsKey });
    },
    onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
  });

  const remove = useMutation({
    mutationFn: () => settingsApi.remove(projectIdx, confirmName),
    onSuccess: async () => {
      notify(t('ui.settings.general.deleted'), 'success');
      setIsDeleting(false);
      useProjectStore.getState().reset();
      await queryClient.invalidateQueries({ queryKey: projectsKey });
      await queryClient.invalidateQueries({ queryKey: ['settings', 'deleted'] });
      void navigate('/', { replace: true });
    },
    onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <>
      <form className="card form" onSubmit={handleSubmit} noValidate data-testid="settings-general">
        <h3>{t('ui.settings.tabs.general')}</h3>
        {!canEdit && <p className="settings__muted">{t('ui.settings.general.readOnly')}</p>}
        <TextInput
          label={t('ui.settings.general.name')}
          value={form.name}
          maxLength={100}
          disabled={!canEdit}
          error={fieldError(t, save.error, 'name')}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <div className="settings__dates">
          <TextInput
            label={t('ui.settings.general.startDt')}
            type="date"
            value={form.startDt}
            disabled={!canEdit}
            error={fieldError(t, save.error, 'startDt')}
            onChange={(e) => setForm({ ...form, startDt: e.target.value })}
          />
          <TextInput
            label={t('ui.settings.general.endDt')}
            type="date"
            value={form.endDt}
            disabled={!canEdit}
            error={fieldError(t, save.error, 'endDt')}
            onChange={(e) => setForm({ ...form, endDt: e.target.value })}
          />
        </div>
        <label className="settings__field">
          <span>{t('ui.settings.general.description')}</span>
          <textarea
            value={form.description}
            maxLength={2000}
            disabled={!canEdit}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </label>
        {canEdit && (
          <div className="form__actions">
            <Button type="submit" size="medium" isLoading={save.isPending}>
              {t('ui.settings.general.save')}
            </Button>
          </div>
        )}
      </form>
      {can('project.delete') && (
        <div className="card settings__danger">
          <h3>{t('ui.settings.general.dangerTitle')}</h3>
          <p className="settings__muted">{t('ui.settings.general.dangerBody')}</p>
          <Button
            variant="danger"
            size="medium"
            data-testid="settings-delete-project"
            onClick={() => {
              setConfirmName('');
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
        onConfirm={() => {
          if (confirmName.trim() === data.name) remove.mutate();
        }}
        confirmText={t('ui.settings.general.delete')}
        isConfirmLoading={remove.isPending}
        isDanger
        size="small"
      >
        <p>{t('ui.settings.general.dangerBody')}</p>
        <TextInput
          label={t('ui.settings.general.confirmLabel')}
          hint={t('ui.settings.general.confirmHint')}
          value={confirmName}
          placeholder={data.name}
          error={confirmName && confirmName.trim() !== data.name ? t('validation.nameMismatch') : undefined}
          onChange={(e) => setConfirmName(e.target.value)}
        />
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
