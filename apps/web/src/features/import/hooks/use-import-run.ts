import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportRun, ImportState } from '@teamline/contract';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { connectRealtime } from '../../../lib/realtime-client';
import { useAuthStore } from '../../../stores/auth-store';
import { importApi } from '../api/import-api';

/** While the socket is not open (connecting, reconnecting, refused by a proxy), a slow read. */
export const IMPORT_FALLBACK_POLL_MS = 15_000;

const stage: Record<ImportState, number> = { queued: 0, running: 1, done: 2, failed: 2, undone: 3 };

/**
 * The later of two answers about one import: a run only moves forward, so an older answer (a read
 * that left before an event arrived) never takes back what an event already showed.
 */
export function laterRun(old: ImportRun | undefined, next: ImportRun): ImportRun {
  if (!old) return next;
  const [a, b] = [stage[old.state], stage[next.state]];
  if (a !== b) return a > b ? old : next;
  return old.progress.done > next.progress.done ? old : next;
}

export const importRunKey = (importIdx: number) => ['import', importIdx] as const;

/**
 * One import's run, pushed (docs/product/import.md#flow): the server sends `import.updated` on the
 * project's realtime channel after each batch and at the end, and the run is set from it as is.
 * Each time the socket opens (first or again) the run is read once, for what happened meanwhile;
 * only while the socket is not open is it read every 15 s.
 */
export function useImportRun(projectIdx: number, importIdx: number) {
  const client = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    const key = importRunKey(importIdx);
    return connectRealtime({
      getKey: () => useAuthStore.getState().key,
      onStatus: (status) => {
        setLive(status === 'open');
        if (status === 'open') void client.invalidateQueries({ queryKey: key });
      },
      onEvent: (event) => {
        if (event.type !== 'import.updated' || event.projectIdx !== projectIdx) return;
        const run = event.payload as ImportRun | null;
        if (run?.importIdx !== importIdx) return;
        client.setQueryData<ImportRun>(key, (old) => laterRun(old, run));
      },
      // onStatus('open') already reads the run again after a reconnect.
      onReconnect: () => undefined,
      onUnauthorized: async () => {
        await api.get('memberInProjectInfo', { query: { projectIdx } });
      },
    });
  }, [client, projectIdx, importIdx]);

  return useQuery({
    queryKey: importRunKey(importIdx),
    queryFn: () => importApi.get(importIdx),
    structuralSharing: (old, next) => laterRun(old as ImportRun | undefined, next as ImportRun),
    refetchInterval: (q) =>
      !live && ['queued', 'running'].includes(q.state.data?.state ?? 'queued')
        ? IMPORT_FALLBACK_POLL_MS
        : false,
  });
}
