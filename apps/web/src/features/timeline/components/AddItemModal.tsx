import { useQueryClient } from '@tanstack/react-query';
import { createMilestoneRequest, type CreateMilestoneRequest } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { Form, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { isoToCodeOrNull, useServerError } from '../../../lib/form';
import { requestForm, useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { planningApi, planningKeys } from '../../../lib/planning/planning-api';

/** A milestone and a story share the title and date rules of the contract. */
const addItemForm = requestForm(
  (v: { projectIdx: number; title: string; startDt: string; endDt: string }) => ({
    projectIdx: v.projectIdx,
    title: v.title,
    startDt: isoToCodeOrNull(v.startDt),
    endDt: isoToCodeOrNull(v.endDt),
  }),
  createMilestoneRequest,
);

export type AddTarget = { kind: 'milestone' } | { kind: 'story'; milestoneIdx: number | null; place: string };

/** Add a milestone, or a story into a milestone or the backlog: title and optional dates. */
export function AddItemModal({
  projectIdx,
  target,
  onClose,
  onCreated,
}: {
  projectIdx: number;
  target: AddTarget | null;
  onClose: () => void;
  onCreated: (kind: 'story' | 'milestone', idx: number) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useZodForm(addItemForm, {
    defaultValues: { projectIdx, title: '', startDt: '', endDt: '' },
  });
  const onServerError = useServerError(form);
  const isMilestone = target?.kind === 'milestone';

  async function handleAdd(item: CreateMilestoneRequest) {
    try {
      let created: { kind: 'story' | 'milestone'; idx: number };
      if (target?.kind === 'story') {
        const s = await planningApi.createStory({ ...item, milestoneIdx: target.milestoneIdx });
        created = { kind: 'story', idx: s.storyIdx };
      } else {
        const m = await planningApi.createMilestone(item);
        created = { kind: 'milestone', idx: m.milestoneIdx };
      }
      notify(
        t(created.kind === 'story' ? 'ui.planning.storyCreated' : 'ui.planning.milestoneCreated'),
        'success',
      );
      form.reset();
      await Promise.all([
        client.invalidateQueries({ queryKey: planningKeys.timeline(projectIdx) }),
        client.invalidateQueries({ queryKey: planningKeys.backlog(projectIdx) }),
      ]);
      onCreated(created.kind, created.idx);
    } catch (error) {
      onServerError(error);
    }
  }

  return (
    <Modal
      title={
        isMilestone
          ? t('ui.planning.addMilestone')
          : t('ui.planning.newStoryIn', { place: target?.kind === 'story' ? target.place : '' })
      }
      isOpen={target !== null}
      onClose={onClose}
      size="small"
      formId="add-plan-item"
      confirmText={t('ui.common.add')}
      isConfirmLoading={form.formState.isSubmitting}
    >
      <Form form={form} onSubmit={handleAdd} id="add-plan-item" className="add-form">
        <FormText
          name="title"
          label={t(isMilestone ? 'ui.planning.milestoneTitle' : 'ui.planning.storyTitle')}
          maxLength={200}
        />
        <div className="dp-grid">
          <FormText name="startDt" type="date" label={t('ui.planning.detail.startDt')} />
          <FormText name="endDt" type="date" label={t('ui.planning.detail.endDt')} />
        </div>
      </Form>
    </Modal>
  );
}
