import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Story,
  type TimelineResponse,
  type TimelineStory,
  type UpdateStoryRequest,
} from '@teamline/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../api-client';
import { notify } from '../../stores/toast-store';
import {
  applyMilestoneMove,
  applyStoryMove,
  patchStory,
  toTimelineStory,
  type MilestoneMove,
  type Plan,
  type StoryMove,
} from './plan';
import { planningApi, planningKeys } from './planning-api';
import { applyOptimistic } from './optimistic';

/** The timeline and the backlog of a project, as one plan. */
export function usePlan(projectIdx: number) {
  const timeline = useQuery({
    queryKey: planningKeys.timeline(projectIdx),
    queryFn: () => planningApi.timeline(projectIdx),
  });
  const backlog = useQuery({
    queryKey: planningKeys.backlog(projectIdx),
    queryFn: async () => (await planningApi.backlog(projectIdx)).map(toTimelineStory),
  });
  const plan = useMemo<Plan | undefined>(
    () =>
      timeline.data && backlog.data
        ? {
            milestones: timeline.data.milestones,
            backlog: backlog.data,
            projectKey: timeline.data.projectKey,
          }
        : undefined,
    [timeline.data, backlog.data],
  );
  return {
    plan,
    isLoading: timeline.isLoading || backlog.isLoading,
    isError: timeline.isError || backlog.isError,
    refetch: () => Promise.all([timeline.refetch(), backlog.refetch()]),
  };
}

export const useMembers = (projectIdx: number) =>
  useQuery({ queryKey: planningKeys.members(projectIdx), queryFn: () => planningApi.members(projectIdx) });
export const useEpics = (projectIdx: number) =>
  useQuery({ queryKey: planningKeys.epics(projectIdx), queryFn: () => planningApi.epics(projectIdx) });

export function useErrorToast() {
  const { t } = useTranslation();
  return (error: unknown) => notify(t(`errors.${errorCodeOf(error)}`), 'error');
}

/** Both caches of the plan (timeline and backlog), edited together. */
async function editPlan(
  client: ReturnType<typeof useQueryClient>,
  projectIdx: number,
  change: (plan: Plan) => Plan,
): Promise<() => void> {
  const timeline = client.getQueryData<TimelineResponse>(planningKeys.timeline(projectIdx));
  const backlog = client.getQueryData<TimelineStory[]>(planningKeys.backlog(projectIdx));
  if (!timeline || !backlog) return () => undefined;
  const plan = change({ milestones: timeline.milestones, backlog });
  return applyOptimistic(client, [
    [planningKeys.timeline(projectIdx), (old: TimelineResponse) => ({ ...old, milestones: plan.milestones })],
    [planningKeys.backlog(projectIdx), () => plan.backlog],
  ]);
}

/** One order call per move, applied at once and rolled back with a translated toast on failure. */
export function useMoveStory(projectIdx: number) {
  const client = useQueryClient();
  const onError = useErrorToast();
  return useMutation({
    mutationFn: (move: StoryMove) => planningApi.orderStory(move),
    onMutate: (move) => editPlan(client, projectIdx, (plan) => applyStoryMove(plan, move)),
    onError: (error, _move, rollback) => {
      rollback?.();
      onError(error);
    },
    onSuccess: (story) =>
      void editPlan(client, projectIdx, (plan) =>
        patchStory(plan, story.storyIdx, { orderKey: story.orderKey }),
      ),
  });
}

export function useMoveMilestone(projectIdx: number) {
  const client = useQueryClient();
  const onError = useErrorToast();
  return useMutation({
    mutationFn: (move: MilestoneMove) => planningApi.orderMilestone(move),
    onMutate: (move) => editPlan(client, projectIdx, (plan) => applyMilestoneMove(plan, move)),
    onError: (error, _move, rollback) => {
      rollback?.();
      onError(error);
    },
  });
}

/**
 * Edit one story: the row and the detail change at once, and go back if the server refuses.
 * A refusal is a toast unless `isShownElsewhere` says a form shows it (field errors on its fields).
 */
export function useUpdateStory(
  projectIdx: number,
  storyIdx: number,
  isShownElsewhere?: (error: unknown, body: UpdateStoryRequest) => boolean,
) {
  const client = useQueryClient();
  const onError = useErrorToast();
  return useMutation({
    mutationFn: (body: UpdateStoryRequest) => planningApi.updateStory(storyIdx, body),
    onMutate: async (body) => {
      const rowPatch: Partial<TimelineStory> = {};
      for (const field of ['title', 'status', 'startDt', 'endDt', 'epicIdx', 'point'] as const)
        if (body[field] !== undefined) Object.assign(rowPatch, { [field]: body[field] });
      const undoPlan = await editPlan(client, projectIdx, (plan) => patchStory(plan, storyIdx, rowPatch));
      const undoDetail = await applyOptimistic(client, [
        [planningKeys.story(projectIdx, storyIdx), (old: Story) => ({ ...old, ...body })],
      ]);
      return () => {
        undoPlan();
        undoDetail();
      };
    },
    onError: (error, body, rollback) => {
      rollback?.();
      if (!isShownElsewhere?.(error, body)) onError(error);
    },
    onSuccess: (story, body) => {
      keepCan(client, projectIdx, story);
      void client.invalidateQueries({ queryKey: planningKeys.history(projectIdx, 'story', storyIdx) });
      // Epic progress counts status and points of the epic's stories.
      if (body.epicIdx !== undefined || body.status !== undefined || body.point !== undefined) {
        void client.invalidateQueries({ queryKey: planningKeys.epics(projectIdx) });
        void client.invalidateQueries({
          predicate: (q) =>
            q.queryKey[0] === 'planning' && q.queryKey[1] === projectIdx && q.queryKey[2] === 'epicStories',
        });
      }
    },
  });
}

/**
 * A write answers the story without `can` (the caller's rights on it, which the write may have
 * changed, e.g. new assignees): keep the last answer and ask the server for the new one.
 */
function keepCan(client: ReturnType<typeof useQueryClient>, projectIdx: number, story: Story) {
  const key = planningKeys.story(projectIdx, story.storyIdx);
  client.setQueryData<Story>(key, (old) => ({ ...story, can: story.can ?? old?.can }));
  void client.invalidateQueries({ queryKey: key, exact: true });
}

export function useSetAssignees(projectIdx: number, storyIdx: number) {
  const client = useQueryClient();
  const onError = useErrorToast();
  return useMutation({
    mutationFn: (assignees: number[]) => planningApi.setAssignees(storyIdx, assignees),
    onMutate: async (assignees) => {
      const undoPlan = await editPlan(client, projectIdx, (plan) =>
        patchStory(plan, storyIdx, { assignees }),
      );
      const undoDetail = await applyOptimistic(client, [
        [planningKeys.story(projectIdx, storyIdx), (old: Story) => ({ ...old, assignees })],
      ]);
      return () => {
        undoPlan();
        undoDetail();
      };
    },
    onError: (error, _a, rollback) => {
      rollback?.();
      onError(error);
    },
    onSuccess: (story) => {
      keepCan(client, projectIdx, story);
      void client.invalidateQueries({ queryKey: planningKeys.history(projectIdx, 'story', storyIdx) });
    },
  });
}
