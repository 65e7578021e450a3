import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPaths, type Story, type TimelineResponse, type TimelineStory } from '@teamline/contract';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { useAuthStore } from '../../stores/auth-store';
import { planningKeys } from '../planning/api/planning-api';
import { patchStory } from '../timeline/logic/plan';
import { connectRealtime, type RealtimeEvent, type RealtimeStatus } from './realtime-client';

const toRow = (s: Story): TimelineStory => ({
  storyIdx: s.storyIdx,
  milestoneIdx: s.milestoneIdx,
  epicIdx: s.epicIdx,
  title: s.title,
  status: s.status,
  startDt: s.startDt,
  endDt: s.endDt,
  assignees: s.assignees,
  point: s.point,
  orderKey: s.orderKey,
});

/** Apply what an event carries right away (no round trip) where it is safe to. */
export function patchFromEvent(client: QueryClient, event: RealtimeEvent): void {
  const projectIdx = event.projectIdx;
  if (event.type !== 'story.updated') return;
  const story = event.payload as Story;
  if (!story || typeof story.storyIdx !== 'number' || typeof story.title !== 'string') return;
  client.setQueryData<Story>(planningKeys.story(projectIdx, story.storyIdx), (old) =>
    old ? { ...old, ...story } : old,
  );
  client.setQueryData<TimelineResponse>(planningKeys.timeline(projectIdx), (old) =>
    old
      ? { ...old, ...patchStory({ milestones: old.milestones, backlog: [] }, story.storyIdx, toRow(story)) }
      : old,
  );
  client.setQueryData<TimelineStory[]>(planningKeys.backlog(projectIdx), (old) =>
    old ? patchStory({ milestones: [], backlog: old }, story.storyIdx, toRow(story)).backlog : old,
  );
}

/**
 * Live planning of one project: other users' changes are patched in or refetched (one debounced
 * invalidation of the project's planning queries, held back while our own change is in flight so
 * it does not undo an optimistic update); after a reconnect everything of the project refetches.
 */
export function useProjectRealtime(projectIdx: number | null): RealtimeStatus {
  const client = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');

  useEffect(() => {
    if (!projectIdx) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const invalidateSoon = (delay = 120) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        if (client.isMutating() > 0) return invalidateSoon(200);
        void client.invalidateQueries({ queryKey: planningKeys.all(projectIdx) });
      }, delay);
    };
    const stop = connectRealtime({
      getKey: () => useAuthStore.getState().key,
      onStatus: setStatus,
      onEvent: (event) => {
        if (event.projectIdx !== projectIdx) return;
        patchFromEvent(client, event);
        invalidateSoon();
      },
      onReconnect: () => invalidateSoon(0),
      // Any authenticated call refreshes an expired key through the shared refresh.
      onUnauthorized: async () => {
        await api(apiPaths.memberInProjectInfo, { query: { projectIdx } });
      },
    });
    return () => {
      if (timer) clearTimeout(timer);
      stop();
    };
  }, [client, projectIdx]);

  return status;
}
