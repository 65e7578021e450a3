import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isoDateToCode } from '@teamline/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/Modal';
import { notify } from '../../../stores/toast-store';
import { planningApi, planningKeys } from '../../planning/api/planning-api';
import { useErrorToast } from '../../planning/hooks/use-planning';
import { DateInput } from '../../../components/ui/DateInput';

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
  const onError = useErrorToast();
  const [title, setTitle] = useState('');
  const [startDt, setStartDt] = useState('');
  const [endDt, setEndDt] = useState('');
  const [error, setError] = useState('');
  const create = useMutation({
    mutationFn: async () => {
      const dates = {
        startDt: startDt ? isoDateToCode(startDt) : null,
        endDt: endDt ? isoDateToCode(endDt) : null,
      };
      if (target?.kind === 'milestone') {
        const m = await planningApi.createMilestone({ projectIdx, title: title.trim(), ...dates });
        return { kind: 'milestone' as const, idx: m.milestoneIdx };
      }
      const s = await planningApi.createStory({
        projectIdx,
        milestoneIdx: target?.kind === 'story' ? target.milestoneIdx : null,
        title: title.trim(),
        ...dates,
      });
      return { kind: 'story' as const, idx: s.storyIdx };
    },
    onSuccess: async (created) => {
      notify(
        t(created.kind === 'story' ? 'ui.planning.storyCreated' : 'ui.planning.milestoneCreated'),
        'success',
      );
      setTitle('');
      setStartDt('');
      setEndDt('');
      await Promise.all([
        client.invalidateQueries({ queryKey: planningKeys.timeline(projectIdx) }),
        client.invalidateQueries({ queryKey: planningKeys.backlog(projectIdx) }),
      ]);
      onCreated(created.kind, created.idx);
    },
    onError,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return setError(t('validation.required'));
    if (startDt && endDt && endDt < startDt) return setError(t('validation.endBeforeStart'));
    setError('');
    create.mutate();
  }
  const isMilestone = target?.kind === 'milestone';
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
      isConfirmLoading={create.isPending}
    >
      <form id="add-plan-item" className="add-form" onSubmit={submit}>
        <label htmlFor="add-title">
          {t(isMilestone ? 'ui.planning.milestoneTitle' : 'ui.planning.storyTitle')}
        </label>
        <input
          id="add-title"
          className="input"
          value={title}
          maxLength={200}
          required
          aria-invalid={!!error}
          onChange={(e) => setTitle(e.target.value)}
        />
        <div className="dp-grid">
          <label>
            <span>{t('ui.planning.detail.startDt')}</span>
            <DateInput className="input" value={startDt} onChange={(e) => setStartDt(e.target.value)} />
          </label>
          <label>
            <span>{t('ui.planning.detail.endDt')}</span>
            <DateInput
              className="input"
              value={endDt}
              min={startDt || undefined}
              onChange={(e) => setEndDt(e.target.value)}
            />
          </label>
        </div>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
