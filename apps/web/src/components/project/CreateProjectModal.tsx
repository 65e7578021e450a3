import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProjectRequest, type CreateProjectRequest, type ProjectOfMember } from '@teamline/contract';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../ui/Modal';
import { RadioGroup } from '../ui/Radio';
import { Form, FormText } from '../ui/Form';
import { isoToCodeOrNull, useServerError } from '../../lib/form';
import { requestForm, useZodForm } from '../../lib/zod-form';
import { useProjectStore } from '../../stores/project-store';
import { useRoleStore } from '../../stores/role-store';
import { notify } from '../../stores/toast-store';
import { projectApi } from '../../lib/project-api';
import { projectsKey } from '../../lib/use-projects';

interface CreateProjectValues {
  name: string;
  startDt: string;
  endDt: string;
  side: 'client' | 'professional';
}
/** Date inputs give ISO dates and the side is a radio; the contract's create schema judges the request. */
export const createProjectFormSchema = requestForm(
  (v: CreateProjectValues) => ({
    name: v.name,
    startDt: isoToCodeOrNull(v.startDt),
    endDt: isoToCodeOrNull(v.endDt),
    isClient: v.side === 'client',
  }),
  createProjectRequest,
);

/** Create a project; on success refresh the list, select it and open its timeline. */
export function CreateProjectModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isClient = useRoleStore((s) => s.isClient);
  const form = useZodForm(createProjectFormSchema, {
    defaultValues: { name: '', startDt: '', endDt: '', side: isClient ? 'client' : 'professional' },
  });
  const onServerError = useServerError(form);
  const create = useMutation({ mutationFn: projectApi.create });

  async function handleCreate(body: CreateProjectRequest) {
    try {
      const project: ProjectOfMember = await create.mutateAsync(body);
      await queryClient.invalidateQueries({ queryKey: projectsKey });
      // The new project belongs to the side it was created for: show that mode's list.
      useRoleStore.getState().setIsClient(project.isClient);
      useProjectStore.getState().select(project);
      notify(t('ui.createProject.created'), 'success');
      form.reset();
      onClose();
      await navigate(`/timeline/${project.projectIdx}`);
    } catch (error) {
      onServerError(error);
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
      <Form form={form} onSubmit={handleCreate} id="create-project-form" className="form">
        <FormText label={t('ui.createProject.name')} maxLength={100} name="name" />
        <div className="form__row">
          <FormText type="date" label={t('ui.createProject.startDt')} name="startDt" />
          <FormText type="date" label={t('ui.createProject.endDt')} name="endDt" />
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
      </Form>
    </Modal>
  );
}
