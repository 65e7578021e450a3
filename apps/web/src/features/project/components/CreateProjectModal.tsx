import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isoDateToCode, type ProjectOfMember } from '@teamline/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Modal } from '../../../components/ui/Modal';
import { RadioGroup } from '../../../components/ui/Radio';
import { TextInput } from '../../../components/ui/TextInput';
import { errorCodeOf } from '../../../lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '../../../lib/form';
import { useProjectStore } from '../../../stores/project-store';
import { useRoleStore } from '../../../stores/role-store';
import { notify } from '../../../stores/toast-store';
import { projectApi } from '../../../lib/project-api';
import { projectsKey } from '../../../lib/use-projects';

export const createProjectFormSchema = z
  .object({
    name: z.string().trim().min(1, 'required').max(100, 'projectNameLength'),
    startDt: z.string(),
    endDt: z.string(),
    side: z.enum(['client', 'professional']),
  })
  .refine((v) => !v.startDt || !v.endDt || v.endDt >= v.startDt, {
    message: 'endBeforeStart',
    path: ['endDt'],
  });
type CreateProjectForm = z.input<typeof createProjectFormSchema>;

/** Create a project; on success refresh the list, select it and open its timeline. */
export function CreateProjectModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isClient = useRoleStore((s) => s.isClient);
  const form = useForm<CreateProjectForm>({
    resolver: zodResolver(createProjectFormSchema),
    defaultValues: { name: '', startDt: '', endDt: '', side: isClient ? 'client' : 'professional' },
  });
  const { errors } = form.formState;
  const create = useMutation({ mutationFn: projectApi.create });

  async function handleCreate(values: CreateProjectForm) {
    try {
      const project: ProjectOfMember = await create.mutateAsync({
        name: values.name.trim(),
        startDt: values.startDt ? isoDateToCode(values.startDt) : null,
        endDt: values.endDt ? isoDateToCode(values.endDt) : null,
        isClient: values.side === 'client',
      });
      await queryClient.invalidateQueries({ queryKey: projectsKey });
      // The new project belongs to the side it was created for: show that mode's list.
      useRoleStore.getState().setIsClient(project.isClient);
      useProjectStore.getState().select(project);
      notify(t('ui.createProject.created'), 'success');
      form.reset();
      onClose();
      await navigate(`/timeline/${project.projectIdx}`);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['name', 'startDt', 'endDt']);
      notify(t(`errors.${errorCodeOf(error)}`), 'error');
    }
  }

  return (
    <Modal
      title={t('ui.createProject.title')}
      isOpen={isOpen}
      onClose={onClose}
      formId="create-project-form"
      confirmText={t('ui.createProject.submit')}
      isConfirmLoading={create.isPending}
      isDraggable
      isZoomable
    >
      <form id="create-project-form" className="form" onSubmit={form.handleSubmit(handleCreate)} noValidate>
        <TextInput
          label={t('ui.createProject.name')}
          maxLength={100}
          error={fieldErrorText(t, errors.name)}
          {...form.register('name')}
        />
        <div className="form__row">
          <TextInput
            type="date"
            label={t('ui.createProject.startDt')}
            error={fieldErrorText(t, errors.startDt)}
            {...form.register('startDt')}
          />
          <TextInput
            type="date"
            label={t('ui.createProject.endDt')}
            error={fieldErrorText(t, errors.endDt)}
            {...form.register('endDt')}
          />
        </div>
        <Controller
          control={form.control}
          name="side"
          render={({ field }) => (
            <RadioGroup
              legend={t('ui.createProject.side')}
              name="side"
              value={field.value}
              onChange={field.onChange}
              options={[
                { value: 'client', label: t('ui.createProject.client') },
                { value: 'professional', label: t('ui.createProject.professional') },
              ]}
            />
          )}
        />
      </form>
    </Modal>
  );
}
