import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approvalRequestableStatuses,
  milestoneTransitions,
  type Milestone,
  type MilestoneApprovalRequest,
  type MilestoneStatus,
  type TimelineResponse,
  type UpdateMilestoneRequest,
  milestoneApprovalRequest,
  updateMilestoneRequest,
} from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Form, FormField } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { planningApi, planningKeys } from '../../../lib/planning/planning-api';
import { useErrorToast } from '../../../lib/planning/use-planning';
import { useAbilities } from '../../../lib/use-abilities';
import { applyOptimistic } from '../../../lib/planning/optimistic';
import type { Plan } from '../../../lib/planning/plan';
import { InlineText, SelectField } from './fields';
import { isShownOnFields, TitleDateFields } from './TitleDateFields';
import { HistoryList } from './HistoryList';
import { StatusBadge } from '../../../components/StatusBadge';
import { ConfirmDeleteButton } from '../../../components/ui/ConfirmDeleteButton';

/**
 * Which approval buttons the user sees (docs/product/planning.md#approvals), from what the server allows them: who may request
 * (`milestone.requestApproval`) and who may approve or reject (`milestone.decide`).
 */
export function approvalActions(
  status: MilestoneStatus,
  may: { request: boolean; decide: boolean },
): ('request' | 'approve' | 'reject')[] {
  if (may.decide) return status === 'approving' ? ['approve', 'reject'] : [];
  if (may.request) return approvalRequestableStatuses.includes(status) ? ['request'] : [];
  return [];
}

export function MilestoneDetail({
  projectIdx,
  milestoneIdx,
  plan,
  onClose,
}: {
  projectIdx: number;
  milestoneIdx: number;
  plan: Plan | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const onError = useErrorToast();
  const { can } = useAbilities(projectIdx);
  const [isRejecting, setIsRejecting] = useState(false);
  const rejectForm = useZodForm(milestoneApprovalRequest, {
    defaultValues: { action: 'reject', rejectReason: '' },
  });
  const key = planningKeys.milestone(projectIdx, milestoneIdx);
  const milestone = useQuery({ queryKey: key, queryFn: () => planningApi.milestone(milestoneIdx) });

  /** The header row and the detail change at once; a refusal puts both back. */
  const optimistic = (patch: Partial<Milestone>) =>
    Promise.all([
      applyOptimistic(client, [[key, (old: Milestone) => ({ ...old, ...patch })]]),
      applyOptimistic(client, [
        [
          planningKeys.timeline(projectIdx),
          (old: TimelineResponse) => ({
            ...old,
            milestones: old.milestones.map((m) => (m.milestoneIdx === milestoneIdx ? { ...m, ...patch } : m)),
          }),
        ],
      ]),
    ]).then((undos) => () => undos.forEach((undo) => undo()));

  /** A write answers the milestone without `can`: keep the last answer and ask the server again. */
  const keepCan = (saved: Milestone) => {
    client.setQueryData<Milestone>(key, (old) => ({ ...saved, can: saved.can ?? old?.can }));
    void client.invalidateQueries({ queryKey: key, exact: true });
  };
  const update = useMutation({
    mutationFn: (body: UpdateMilestoneRequest) => planningApi.updateMilestone(milestoneIdx, body),
    onMutate: (body) => optimistic(body as Partial<Milestone>),
    onError: (error, body, rollback) => {
      rollback?.();
      if (!isShownOnFields(error, body)) onError(error);
    },
    onSuccess: (saved) => {
      keepCan(saved);
      void client.invalidateQueries({
        queryKey: planningKeys.history(projectIdx, 'milestone', milestoneIdx),
      });
    },
  });
  const approval = useMutation({
    mutationFn: (body: MilestoneApprovalRequest) => planningApi.approveMilestone(milestoneIdx, body),
    onMutate: (body) =>
      optimistic({
        status: body.action === 'request' ? 'approving' : body.action === 'approve' ? 'approved' : 'rejected',
      }),
    onError: (error, _b, rollback) => {
      rollback?.();
      onError(error);
    },
    onSuccess: (saved, body) => {
      keepCan(saved);
      setIsRejecting(false);
      rejectForm.reset();
      notify(
        t(
          body.action === 'request'
            ? 'ui.planning.approval.requested'
            : body.action === 'approve'
              ? 'ui.planning.approval.approved'
              : 'ui.planning.approval.rejected',
        ),
        'success',
      );
      void client.invalidateQueries({
        queryKey: planningKeys.history(projectIdx, 'milestone', milestoneIdx),
      });
    },
  });
  const remove = useMutation({
    mutationFn: () => planningApi.deleteMilestone(milestoneIdx),
    onSuccess: async () => {
      notify(t('ui.planning.detail.deleted'), 'success');
      onClose();
      await client.invalidateQueries({ queryKey: planningKeys.all(projectIdx) });
    },
    onError,
  });

  if (milestone.isLoading)
    return <span className="spinner" role="status" aria-label={t('ui.common.loading')} />;
  if (milestone.isError || !milestone.data)
    return (
      <p className="dp-muted">
        {t('ui.planning.detail.notFound')}{' '}
        <button type="button" className="btn-link" onClick={() => void milestone.refetch()}>
          {t('ui.common.retry')}
        </button>
      </p>
    );
  const m = milestone.data;
  // The server's answer on this record (its creator, a lead's team, admin authority), not a role check.
  const canEdit = m.can?.edit ?? false;
  const canDelete = m.can?.delete ?? false;
  const mayDecide = can('milestone.decide');
  const actions = approvalActions(m.status, { request: can('milestone.requestApproval'), decide: mayDecide });
  const statusOptions = [m.status, ...milestoneTransitions[m.status]].map((v) => ({
    value: v,
    label: t(`ui.status.${v}`),
  }));

  return (
    <div className="dp-body" data-testid="milestone-detail">
      <div className="dp-meta">
        <StatusBadge status={m.status} />
        {m.status === 'approving' && !mayDecide && (
          <span className="dp-muted">{t('ui.planning.approval.waiting')}</span>
        )}
      </div>
      {m.status === 'rejected' && m.rejectReason && (
        <p className="dp-reject" role="note">
          {t('ui.planning.detail.rejectReason', { reason: m.rejectReason })}
        </p>
      )}
      {actions.length > 0 && (
        <div className="dp-actions" data-testid="approval-actions">
          {actions.includes('request') && (
            <Button
              size="medium"
              isLoading={approval.isPending}
              onClick={() => approval.mutate({ action: 'request' })}
            >
              {t('ui.planning.approval.request')}
            </Button>
          )}
          {actions.includes('approve') && (
            <Button
              size="medium"
              isLoading={approval.isPending}
              onClick={() => approval.mutate({ action: 'approve' })}
            >
              {t('ui.planning.approval.approve')}
            </Button>
          )}
          {actions.includes('reject') && (
            <Button size="medium" variant="danger" onClick={() => setIsRejecting(true)}>
              {t('ui.planning.approval.reject')}
            </Button>
          )}
        </div>
      )}
      <TitleDateFields
        key={m.milestoneIdx}
        item={m}
        request={updateMilestoneRequest}
        update={update}
        disabled={!canEdit}
      />
      <SelectField
        label={t('ui.planning.detail.status')}
        value={m.status}
        options={statusOptions}
        disabled={!canEdit || statusOptions.length < 2}
        onSave={(status) => status && status !== m.status && update.mutate({ status })}
      />
      <InlineText
        label={t('ui.planning.detail.description')}
        value={m.description}
        multiline
        disabled={!canEdit}
        onSave={(description) => update.mutate({ description })}
      />
      <HistoryList projectIdx={projectIdx} kind="milestone" idx={milestoneIdx} plan={plan} />
      {canDelete && (
        <ConfirmDeleteButton
          label={t('ui.planning.detail.deleteMilestone')}
          question={t('ui.planning.detail.confirmDeleteMilestone')}
          isLoading={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      )}
      <Modal
        title={t('ui.planning.approval.rejectTitle')}
        isOpen={isRejecting}
        onClose={() => setIsRejecting(false)}
        size="small"
        confirmText={t('ui.planning.approval.reject')}
        isConfirmLoading={approval.isPending}
        isDanger
        formId="reject-milestone-form"
      >
        <Form
          form={rejectForm}
          onSubmit={(body) => approval.mutate(body)}
          id="reject-milestone-form"
          className="add-form"
        >
          <FormField
            name="rejectReason"
            label={t('ui.planning.approval.reason')}
            messages={{ required: t('ui.planning.approval.reasonRequired') }}
          >
            {(props) => (
              <textarea
                {...props}
                className="input dp-textarea"
                maxLength={2000}
                {...rejectForm.register('rejectReason')}
              />
            )}
          </FormField>
        </Form>
      </Modal>
    </div>
  );
}
