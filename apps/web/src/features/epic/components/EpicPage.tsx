import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EPIC_LIMIT,
  updateEpicRequest,
  type Epic,
  type Story,
  type UpdateEpicRequest,
} from '@teamline/contract';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ColorPicker } from '../../../components/ui/ColorPicker';
import { Icon } from '../../../components/ui/Icon';
import { Form, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { useServerError } from '../../../lib/form';
import { requestForm, useZodForm } from '../../../lib/zod-form';
import { openAlert } from '../../../components/ui/alert-store';
import { notify } from '../../../stores/toast-store';
import { planningApi, planningKeys } from '../../../lib/planning/planning-api';
import { useEpics, useErrorToast } from '../../../lib/planning/use-planning';
import { useAbilities } from '../../../lib/use-abilities';
import { formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { applyOptimistic } from '../../../lib/planning/optimistic';
import { useProjectRealtime } from '../../../lib/planning/use-project-realtime';
import { StatusBadge } from '../../../components/StatusBadge';
import '../../../lib/planning/planning.css';

interface EpicDraft {
  label: string;
  weight: string;
  point: string;
  colorCode: string;
}
const blank: EpicDraft = { label: '', weight: '0', point: '0', colorCode: '#00D696' };

/** Number inputs give text; the contract's epic rules judge the numbers. */
const epicForm = requestForm(
  (d: EpicDraft) => ({
    label: d.label,
    weight: d.weight.trim() === '' ? 0 : Number(d.weight),
    point: d.point.trim() === '' ? 0 : Number(d.point),
    colorCode: d.colorCode,
  }),
  updateEpicRequest,
);

/** `/epic/{id}`: the project's epics with progress, create/edit/delete (max 30), and their stories. */
export function EpicPage() {
  const { t } = useTranslation();
  const projectIdx = Number(useParams().id);
  const client = useQueryClient();
  const onError = useErrorToast();
  const { can } = useAbilities(projectIdx);
  const mayManage = can('epic.manage');
  useProjectRealtime(Number.isInteger(projectIdx) ? projectIdx : null);
  const epics = useEpics(projectIdx);
  const [editing, setEditing] = useState<Epic | 'new' | null>(null);
  const form = useZodForm(epicForm, { defaultValues: blank });
  const onServerError = useServerError(form);
  const [showNoEpic, setShowNoEpic] = useState(false);
  const key = planningKeys.epics(projectIdx);
  const count = epics.data?.length ?? 0;
  const isFull = count >= EPIC_LIMIT;

  const save = useMutation({
    mutationFn: (body: UpdateEpicRequest) => {
      const label = body.label ?? '';
      return editing && editing !== 'new'
        ? planningApi.updateEpic(editing.epicIdx, body)
        : planningApi.createEpic({ projectIdx, ...body, label });
    },
    onSuccess: async () => {
      notify(t(editing === 'new' ? 'ui.planning.epic.created' : 'ui.planning.epic.updated'), 'success');
      setEditing(null);
      await client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => void onServerError(error),
  });
  const remove = useMutation({
    mutationFn: (epicIdx: number) => planningApi.deleteEpic(epicIdx),
    onMutate: (epicIdx) =>
      applyOptimistic(client, [[key, (old: Epic[]) => old.filter((e) => e.epicIdx !== epicIdx)]]),
    onSuccess: async () => {
      notify(t('ui.planning.epic.deleted'), 'success');
      await client.invalidateQueries({ queryKey: planningKeys.all(projectIdx) });
    },
    onError: (err, _idx, rollback) => {
      rollback?.();
      onError(err);
    },
  });

  function openEditor(epic: Epic | 'new') {
    form.reset(
      epic === 'new'
        ? blank
        : {
            label: epic.label,
            weight: String(epic.weight),
            point: String(epic.point),
            colorCode: epic.colorCode ?? blank.colorCode,
          },
    );
    setEditing(epic);
  }

  return (
    <div className="page">
      <div className="page__head">
        <h2 className="page__title">{t('ui.planning.epic.title')}</h2>
        <span className="dp-muted" data-testid="epic-count">
          {t('ui.planning.epic.limit', { count, max: EPIC_LIMIT })}
        </span>
        {mayManage && (
          <Button
            size="small"
            onClick={() => (isFull ? notify(t('errors.EPIC_LIMIT_REACHED'), 'error') : openEditor('new'))}
            aria-disabled={isFull}
          >
            <Icon name="plus" size={16} /> {t('ui.planning.epic.add')}
          </Button>
        )}
      </div>
      {epics.isLoading && (
        <div className="page-spinner">
          <span className="spinner" role="status" aria-label={t('ui.common.loading')} />
        </div>
      )}
      {epics.isError && (
        <div className="tl-state" role="alert">
          <p>{t('ui.common.loadFailed')}</p>
          <Button size="small" variant="outline" onClick={() => void epics.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      )}
      {epics.data?.length === 0 && <div className="tl-state">{t('ui.planning.epic.empty')}</div>}
      <ul className="epic-list" data-testid="epic-list">
        {epics.data?.map((epic) => (
          <EpicCard
            key={epic.epicIdx}
            epic={epic}
            projectIdx={projectIdx}
            canEdit={mayManage}
            onEdit={() => openEditor(epic)}
            onDelete={() =>
              void openAlert(t('ui.planning.epic.confirmDelete', { label: epic.label }), { isDanger: true })
                .then(() => remove.mutate(epic.epicIdx))
                .catch(() => undefined)
            }
          />
        ))}
      </ul>
      <section className="epic-card epic-card--none" style={{ marginTop: '1.6rem' }}>
        <div className="epic-card__head">
          <h2 className="epic-card__label">{t('ui.planning.epic.noEpicStories')}</h2>
          <Button
            size="small"
            variant="outline"
            onClick={() => setShowNoEpic((v) => !v)}
            aria-expanded={showNoEpic}
          >
            {t(showNoEpic ? 'ui.planning.epic.hideStories' : 'ui.planning.epic.showStories')}
          </Button>
        </div>
        {showNoEpic && <EpicStories projectIdx={projectIdx} epicIdx="none" />}
      </section>
      <Modal
        title={t(editing === 'new' ? 'ui.planning.epic.add' : 'ui.planning.epic.edit')}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        size="small"
        formId="epic-form"
        confirmText={t('ui.common.save')}
        isConfirmLoading={save.isPending}
      >
        <Form form={form} onSubmit={(body) => save.mutate(body)} id="epic-form" className="add-form">
          <FormText name="label" label={t('ui.planning.epic.label')} maxLength={100} />
          <div className="dp-grid">
            <FormText name="weight" type="number" label={t('ui.planning.epic.weight')} min={0} max={1000} />
            <FormText name="point" type="number" label={t('ui.planning.epic.point')} min={0} max={1000} />
          </div>
          <Controller
            control={form.control}
            name="colorCode"
            render={({ field }) => (
              <ColorPicker
                legend={t('ui.planning.epic.color')}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </Form>
      </Modal>
    </div>
  );
}

function EpicCard({
  epic,
  projectIdx,
  canEdit,
  onEdit,
  onDelete,
}: {
  epic: Epic;
  projectIdx: number;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [isOpen, setIsOpen] = useState(false);
  const style = { '--epic': epic.colorCode ?? undefined } as React.CSSProperties;
  return (
    <li className="epic-card" style={style} data-testid="epic-card">
      <div className="epic-card__head">
        <h2 className="epic-card__label">{epic.label}</h2>
        <Button size="small" variant="outline" onClick={() => setIsOpen((v) => !v)} aria-expanded={isOpen}>
          {t(isOpen ? 'ui.planning.epic.hideStories' : 'ui.planning.epic.showStories')}
        </Button>
        {canEdit && (
          <>
            <Button size="small" variant="ghost" onClick={onEdit}>
              {t('ui.planning.epic.edit')}
            </Button>
            <button
              type="button"
              className="icon-btn"
              aria-label={`${t('ui.common.delete')} ${epic.label}`}
              onClick={onDelete}
            >
              <Icon name="trash" size={18} />
            </button>
          </>
        )}
      </div>
      <div className="epic-card__facts">
        <span>
          {t('ui.planning.epic.weight')}: {epic.weight}
        </span>
        <span>
          {t('ui.planning.epic.point')}: {epic.point}
        </span>
        <span>
          {t('ui.planning.epic.storyCount', {
            done: epic.completedStoryCount,
            total: epic.storyCount,
            count: epic.storyCount,
          })}
        </span>
        <span>{t('ui.planning.epic.progressValue', { value: formatPercent(epic.progress, lang) })}</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('ui.planning.epic.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={epic.progress}
      >
        <div className="progress__bar" style={{ width: `${Math.min(100, Math.max(0, epic.progress))}%` }} />
      </div>
      {isOpen && <EpicStories projectIdx={projectIdx} epicIdx={epic.epicIdx} />}
    </li>
  );
}

function EpicStories({ projectIdx, epicIdx }: { projectIdx: number; epicIdx: number | 'none' }) {
  const { t } = useTranslation();
  const stories = useQuery({
    queryKey: planningKeys.epicStories(projectIdx, epicIdx),
    queryFn: (): Promise<Story[]> =>
      epicIdx === 'none' ? planningApi.storiesNoEpic(projectIdx) : planningApi.storiesByEpic(epicIdx),
  });
  if (stories.isLoading)
    return <span className="spinner spinner--inline" role="status" aria-label={t('ui.common.loading')} />;
  if (stories.isError) return <p className="dp-muted">{t('ui.common.loadFailed')}</p>;
  if (!stories.data?.length) return <p className="dp-muted">{t('ui.planning.epic.noStories')}</p>;
  return (
    <ul className="epic-stories">
      {stories.data.map((s) => (
        <li key={s.storyIdx}>
          <StatusBadge status={s.status} compact />
          <Link to={`/timeline/${projectIdx}?selectedStory=${s.storyIdx}`}>{s.title}</Link>
          <span className="dp-muted">{s.point}</span>
        </li>
      ))}
    </ul>
  );
}
