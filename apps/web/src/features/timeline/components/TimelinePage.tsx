import type { Epic, MemberInProject } from '@teamline/contract';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { SubscribeCalendarButton } from '../../../app/calendar-slots';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import {
  useEpics,
  useMembers,
  useMoveMilestone,
  useMoveStory,
  usePlan,
} from '../../../lib/planning/use-planning';
import { useAbilities } from '../../../lib/use-abilities';
import { useProjectRealtime } from '../../../lib/planning/use-project-realtime';
import { emptyFilters, type StoryFilters } from '../../../lib/planning/plan';
import type { AddTarget } from './AddItemModal';
import type { ListProps } from './TimelineList';
import { TimelinePreview } from './TimelinePreview';
import { TimelineAiAction, TimelineFilters } from './TimelineToolbar';
import '../../../lib/planning/planning.css';

// The list is what the page needs first; the detail panel, the schedule view and the add dialog
// are fetched in their own chunks while the timeline loads (they render once they are in).
// Drag and drop and the virtual list load after the first screen of rows (TimelinePreview).
const TimelineList = lazy(() => import('./TimelineList').then((m) => ({ default: m.TimelineList })));
const DetailPanel = lazy(() => import('./DetailPanel').then((m) => ({ default: m.DetailPanel })));
const GanttView = lazy(() => import('./GanttView').then((m) => ({ default: m.GanttView })));
const AddItemModal = lazy(() => import('./AddItemModal').then((m) => ({ default: m.AddItemModal })));

const numberParam = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

/** `/timeline/{id}`: milestones with their stories, the backlog, a schedule view and the detail panel. */
export function TimelinePage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectIdx = Number(params.id);
  const [search, setSearch] = useSearchParams();
  const selectedStory = numberParam(search.get('selectedStory'));
  const selectedMilestone = numberParam(search.get('selectedMilestone'));
  const view = search.get('view') === 'gantt' ? 'gantt' : 'list';
  const [filters, setFilters] = useState<StoryFilters>(emptyFilters);
  const deferredFilters = useDeferredValue(filters);
  const [addTarget, setAddTarget] = useState<AddTarget | null>(null);
  const { can } = useAbilities(projectIdx);
  const mayPlan = can('planning.edit');
  const live = useProjectRealtime(Number.isInteger(projectIdx) ? projectIdx : null);
  const { plan, isLoading, isError, refetch } = usePlan(projectIdx);
  const members = useMembers(projectIdx);
  const epics = useEpics(projectIdx);
  const moveStory = useMoveStory(projectIdx);
  const moveMilestone = useMoveMilestone(projectIdx);
  const memberMap = useMemo(
    () => new Map<number, MemberInProject>((members.data ?? []).map((m) => [m.memberInProjectIdx, m])),
    [members.data],
  );
  const epicMap = useMemo(
    () => new Map<number, Epic>((epics.data ?? []).map((e) => [e.epicIdx, e])),
    [epics.data],
  );

  const setParam = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch(
        (old) => {
          const next = new URLSearchParams(old);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: false },
      ),
    [setSearch],
  );
  const openStory = useCallback(
    (idx: number) => setParam({ selectedStory: String(idx), selectedMilestone: null }),
    [setParam],
  );
  const openMilestone = useCallback(
    (idx: number) => setParam({ selectedMilestone: String(idx), selectedStory: null }),
    [setParam],
  );
  const close = useCallback(() => setParam({ selectedStory: null, selectedMilestone: null }), [setParam]);
  const addStory = useCallback(
    (milestoneIdx: number | null) =>
      setAddTarget({
        kind: 'story',
        milestoneIdx,
        place:
          milestoneIdx === null
            ? t('ui.planning.backlog')
            : (plan?.milestones.find((m) => m.milestoneIdx === milestoneIdx)?.title ?? ''),
      }),
    [plan, t],
  );
  const onMoveStory = useCallback(
    (move: Parameters<typeof moveStory.mutate>[0]) => moveStory.mutate(move),
    [moveStory],
  );
  const onMoveMilestone = useCallback(
    (move: Parameters<typeof moveMilestone.mutate>[0]) => moveMilestone.mutate(move),
    [moveMilestone],
  );
  const isPanelOpen = selectedStory !== null || selectedMilestone !== null;

  const listProps: ListProps | null = plan
    ? {
        plan,
        filters: deferredFilters,
        members: memberMap,
        epics: epicMap,
        canReorder: mayPlan,
        selectedStory,
        selectedMilestone,
        onOpenStory: openStory,
        onOpenMilestone: openMilestone,
        onAddStory: addStory,
        onMoveStory,
        onMoveMilestone,
      }
    : null;

  return (
    <div className={`page page--wide timeline-page${isPanelOpen ? ' timeline-page--with-panel' : ''}`}>
      <div className="tl-head">
        <h2 className="tl-head__title">{t('ui.planning.title')}</h2>
        <span className={`tl-live tl-live--${live}`} role="status" data-testid="live-status">
          {t(
            live === 'open'
              ? 'ui.planning.live'
              : live === 'connecting'
                ? 'ui.planning.connecting'
                : 'ui.planning.reconnecting',
          )}
        </span>
        <div className="tl-views" role="group" aria-label={t('ui.planning.views')}>
          <button
            type="button"
            aria-pressed={view === 'list'}
            className={`tl-view${view === 'list' ? ' tl-view--on' : ''}`}
            onClick={() => setParam({ view: null })}
          >
            {t('ui.planning.listView')}
          </button>
          <button
            type="button"
            aria-pressed={view === 'gantt'}
            className={`tl-view${view === 'gantt' ? ' tl-view--on' : ''}`}
            onClick={() => setParam({ view: 'gantt' })}
          >
            {t('ui.planning.ganttView')}
          </button>
        </div>
        <div className="tl-head__actions">
          <TimelineAiAction projectIdx={Number.isInteger(projectIdx) ? projectIdx : null} />
          {Number.isInteger(projectIdx) && (
            <Suspense fallback={null}>
              <SubscribeCalendarButton projectIdx={projectIdx} />
            </Suspense>
          )}
          <Button size="small" variant="outline" onClick={() => addStory(null)} disabled={!plan}>
            <Icon name="plus" size={16} /> {t('ui.planning.addStory')}
          </Button>
          {mayPlan && (
            <Button size="small" onClick={() => setAddTarget({ kind: 'milestone' })} disabled={!plan}>
              <Icon name="plus" size={16} /> {t('ui.planning.addMilestone')}
            </Button>
          )}
        </div>
      </div>
      <TimelineFilters
        filters={filters}
        onChange={setFilters}
        members={members.data ?? []}
        epics={epics.data ?? []}
      />
      {isLoading && (
        <div className="page-spinner" data-testid="timeline-loading">
          <span className="spinner" role="status" aria-label={t('ui.common.loading')} />
        </div>
      )}
      {isError && !plan && (
        <div className="tl-state" role="alert">
          <p>{t('ui.common.loadFailed')}</p>
          <Button size="small" variant="outline" onClick={() => void refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      )}
      {plan && plan.milestones.length === 0 && plan.backlog.length === 0 && (
        <div className="tl-state" data-testid="timeline-empty">
          <p>{t('ui.planning.emptyProject')}</p>
        </div>
      )}
      {listProps &&
        (view === 'gantt' ? (
          <Suspense fallback={<div className="tl-state">{t('ui.common.loading')}</div>}>
            <GanttView
              plan={listProps.plan}
              filters={deferredFilters}
              epics={epicMap}
              onOpenStory={openStory}
              onOpenMilestone={openMilestone}
            />
          </Suspense>
        ) : (
          <Suspense fallback={<TimelinePreview {...listProps} />}>
            <TimelineList {...listProps} />
          </Suspense>
        ))}
      <Suspense fallback={null}>
        <DetailPanel
          projectIdx={projectIdx}
          storyIdx={selectedStory}
          milestoneIdx={selectedMilestone}
          plan={plan}
          members={members.data ?? []}
          epics={epics.data ?? []}
          onClose={close}
        />
        <AddItemModal
          projectIdx={projectIdx}
          target={addTarget}
          onClose={() => setAddTarget(null)}
          onCreated={(kind, idx) => {
            setAddTarget(null);
            if (kind === 'story') openStory(idx);
            else openMilestone(idx);
          }}
        />
      </Suspense>
    </div>
  );
}
