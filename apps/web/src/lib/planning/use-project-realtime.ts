import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type Story, type TimelineResponse, type TimelineStory } from '@teamline/contract';
import { useEffect, useState } from 'react';
import { api } from '../api';
import { useAuthStore } from '../../stores/auth-store';
import { planningKeys } from './planning-api';
import { patchStory, toTimelineStory } from './plan';
import { connectRealtime, type RealtimeEvent, type RealtimeStatus } from '../realtime-client';

/**
 * After a patched story change the patched caches (the 5,000-story timeline, the backlog, the
 * story itself) are not refetched; everything else of the project is (history, epics, dashboard…).
 */
const patchedByStoryEvent = ['timeline', 'backlog', 'story'] as const;

/** Apply what an event carries right away (no round trip) where it is safe to; true when done. */
export function patchFromEvent(client: QueryClient, event: RealtimeEvent): boolean {
  const projectIdx = event.projectIdx;
  if (event.type !== 'story.updated') return false;
  const story = event.payload as Story;
  if (!story || typeof story.storyIdx !== 'number' || typeof story.title !== 'string') return false;
  client.setQueryData<Story>(planningKeys.story(projectIdx, story.storyIdx), (old) =>
    old ? { ...old, ...story } : old,
  );
  client.setQueryData<TimelineResponse>(planningKeys.timeline(projectIdx), (old) =>
    old
      ? {
          ...old,
          ...patchStory({ milestones: old.milestones, backlog: [] }, story.storyIdx, toTimelineStory(story)),
        }
      : old,
  );
  client.setQueryData<TimelineStory[]>(planningKeys.backlog(projectIdx), (old) =>
    old ? patchStory({ milestones: [], backlog: old }, story.storyIdx, toTimelineStory(story)).backlog : old,
  );
  return true;
}

/**
 * Live planning of one project: other users' changes are patched in or refetched (one debounced
 * invalidation of the project's planning queries, held back while our own change is in flight so
 * it does not undo an optimistic update); after a reconnect everything of the project refetches.
 * Only queries on screen refetch (TanStack marks the others stale).
 */
export function useProjectRealtime(projectIdx: number | null): RealtimeStatus {
  const client = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');

  useEffect(() => {
    if (!projectIdx) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    /** Query kinds (third key part) every pending event already patched; null: nothing pending. */
    let skip: Set<string> | null = null;
    const invalidateNow = () => {
      const kept = skip ?? new Set<string>();
      skip = null;
      void client.invalidateQueries({
        queryKey: planningKeys.all(projectIdx),
        predicate: (q) => !kept.has(String(q.queryKey[2])),
      });
    };
    const flush = () => {
      timer = null;
      if (client.isMutating() > 0) {
        timer = setTimeout(flush, 200);
        return;
      }
      invalidateNow();
    };
    const invalidateSoon = (patched: readonly string[], delay = 120) => {
      // Several events: skip only what all of them patched.
      skip = skip === null ? new Set(patched) : new Set(patched.filter((k) => skip?.has(k)));
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, delay);
    };
    const stop = connectRealtime({
      getKey: () => useAuthStore.getState().key,
      onStatus: setStatus,
      onEvent: (event) => {
        if (event.projectIdx !== projectIdx) return;
        invalidateSoon(patchFromEvent(client, event) ? patchedByStoryEvent : []);
      },
      onReconnect: () => invalidateSoon([], 0),
      // Any authenticated call refreshes an expired key through the shared refresh.
      onUnauthorized: async () => {
        await api.get('memberInProjectInfo', { query: { projectIdx } });
      },
    });
    return () => {
      // Leaving the page: what was waiting is marked stale now, so the next page refetches it.
      if (timer) {
        clearTimeout(timer);
        invalidateNow();
      }
      stop();
    };
  }, [client, projectIdx]);

  return status;
}
