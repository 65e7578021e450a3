import type { QueryClient, QueryKey } from '@tanstack/react-query';

export type CacheEdit = readonly [QueryKey, (old: never) => unknown];

/**
 * Applies edits to cached queries at once and returns the undo: the exact previous values, so a
 * failed call puts the screen back as it was. Running queries of those keys are cancelled first,
 * so a late response cannot overwrite the optimistic state.
 */
export async function applyOptimistic(client: QueryClient, edits: readonly CacheEdit[]): Promise<() => void> {
  await Promise.all(edits.map(([queryKey]) => client.cancelQueries({ queryKey, exact: true })));
  const previous = edits.map(([queryKey]) => [queryKey, client.getQueryData(queryKey)] as const);
  for (const [queryKey, update] of edits) {
    client.setQueryData(queryKey, (old: unknown) => (old === undefined ? old : update(old as never)));
  }
  return () => {
    for (const [queryKey, value] of previous) client.setQueryData(queryKey, value);
  };
}
