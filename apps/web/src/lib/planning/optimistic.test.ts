import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyOptimistic } from './optimistic';

describe('optimistic edits', () => {
  it('apply at once and roll back to the exact previous values', async () => {
    const client = new QueryClient();
    client.setQueryData(['a'], [1, 2, 3]);
    client.setQueryData(['b'], { title: 'Old' });
    const undo = await applyOptimistic(client, [
      [['a'], (old: number[]) => old.filter((n) => n !== 2)],
      [['b'], (old: { title: string }) => ({ ...old, title: 'New' })],
      [['missing'], () => 'never'],
    ]);
    expect(client.getQueryData(['a'])).toEqual([1, 3]);
    expect(client.getQueryData(['b'])).toEqual({ title: 'New' });
    expect(client.getQueryData(['missing'])).toBeUndefined();
    undo();
    expect(client.getQueryData(['a'])).toEqual([1, 2, 3]);
    expect(client.getQueryData(['b'])).toEqual({ title: 'Old' });
  });

  it('cancel a running fetch so a late answer cannot overwrite the optimistic state', async () => {
    const client = new QueryClient();
    client.setQueryData(['list'], ['x']);
    let resolve: (v: string[]) => void = () => undefined;
    const fetching = client.fetchQuery({
      queryKey: ['list'],
      queryFn: () => new Promise<string[]>((r) => (resolve = r)),
      staleTime: 0,
    });
    await applyOptimistic(client, [[['list'], (old: string[]) => [...old, 'y']]]);
    resolve(['stale']);
    await fetching.catch(() => undefined);
    expect(client.getQueryData(['list'])).toEqual(['x', 'y']);
  });
});
