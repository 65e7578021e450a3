import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_EPICS, createEpicRequest, type Epic, type ProjectAction } from '@teamline/contract';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { AlertRejected, openAlert } from '../../../components/ui/alert-store';
import { Button } from '../../../components/ui/Button';
import { Form, FormText } from '../../../components/ui/Form';
import { errorCodeOf } from '../../../lib/api-client';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { settingsApi } from '../api/settings-api';
import { textColorOn } from '../../../components/ui/Avatar';

/** Epics of the project (at most MAX_EPICS), through the planning API. */
export function EpicsSection({
  projectIdx,
  can,
}: {
  projectIdx: number;
  can: (a: ProjectAction) => boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['settings', projectIdx, 'epics'];
  const query = useQuery({ queryKey: key, queryFn: () => settingsApi.epics(projectIdx) });
  const form = useZodForm(createEpicRequest.pick({ projectIdx: true, label: true }), {
    defaultValues: { projectIdx, label: '' },
  });
  const onAddError = useServerError(form);
  const label = useWatch({ control: form.control, name: 'label' });
  const canManage = can('epic.manage');
  const onError = (error: unknown) => notify(t(`errors.${errorCodeOf(error)}`), 'error');
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const add = useMutation({
    mutationFn: settingsApi.addEpic,
    onSuccess: async () => {
      notify(t('ui.settings.epics.added'), 'success');
      form.reset();
      await refresh();
    },
    onError: (error) => void onAddError(error),
  });
  const remove = useMutation({
    mutationFn: settingsApi.removeEpic,
    onSuccess: async () => {
      notify(t('ui.settings.epics.deleted'), 'success');
      await refresh();
    },
    onError,
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
  const epics = query.data;
  const isFull = epics.length >= MAX_EPICS;

  async function handleRemove(epic: Epic) {
    try {
      await openAlert(t('ui.settings.epics.confirmDelete', { name: epic.label }), {
        isDanger: true,
        confirmText: t('ui.common.delete'),
      });
    } catch (error) {
      if (error instanceof AlertRejected) return;
      throw error;
    }
    remove.mutate(epic.epicIdx);
  }

  return (
    <div className="card" data-testid="settings-epics">
      <h3>
        {t('ui.settings.epics.title')}{' '}
        <span className="settings__muted">
          ({t('ui.settings.epics.limit', { count: epics.length, max: MAX_EPICS })})
        </span>
      </h3>
      {!canManage && <p className="settings__muted">{t('ui.settings.epics.readOnly')}</p>}
      {canManage && (
        <p>
          <Link to={`/epic/${projectIdx}`}>{t('ui.settings.epics.editOnPage')}</Link>
        </p>
      )}
      {canManage && (
        <Form
          form={form}
          onSubmit={(body) => {
            if (!isFull) add.mutate(body);
          }}
          className="settings__inline"
        >
          <FormText
            name="label"
            label={t('ui.settings.epics.label')}
            maxLength={100}
            disabled={isFull}
            hint={isFull ? t('ui.settings.epics.full', { max: MAX_EPICS }) : undefined}
          />
          <Button type="submit" size="medium" isLoading={add.isPending} disabled={isFull || !label.trim()}>
            {t('ui.settings.epics.add')}
          </Button>
        </Form>
      )}
      {epics.length === 0 && <p className="settings__muted">{t('ui.settings.epics.empty')}</p>}
      <ul className="settings__list">
        {epics.map((epic) => (
          <li key={epic.epicIdx} className="settings__row">
            <div className="settings__who">
              <span
                className="settings__tag"
                style={
                  epic.colorCode
                    ? { background: epic.colorCode, color: textColorOn(epic.colorCode) }
                    : undefined
                }
              >
                {epic.label}
              </span>
              <span className="settings__muted">
                {t('ui.settings.epics.progress', { value: epic.progress })} ·{' '}
                {t('ui.settings.epics.stories', { count: epic.storyCount })}
              </span>
            </div>
            {canManage && (
              <Button size="small" variant="danger" onClick={() => void handleRemove(epic)}>
                {t('ui.common.delete')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
