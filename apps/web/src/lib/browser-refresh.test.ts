import type { AuthTokens } from '@teamline/contract';
import { BroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createBrowserRefresh,
  REFRESH_CHANNEL,
  SHARED_RESULT_MS,
  type RefreshChannel,
  type RefreshLocks,
} from './browser-refresh';

/**
 * Web Locks as a browser grants them for one origin, exclusive mode: one holder at a time, waiters
 * in request order, `ifAvailable` answers at once with no lock when it is held.
 */
function originLocks(): RefreshLocks {
  const queue: (() => void)[] = [];
  let held = false;
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else held = false;
  };
  async function request<T>(
    name: string,
    a: { ifAvailable: boolean } | ((lock: unknown) => Promise<T>),
    b?: (lock: unknown) => Promise<T>,
  ): Promise<T> {
    const [options, callback] = typeof a === 'function' ? [{ ifAvailable: false }, a] : [a, b!];
    if (options.ifAvailable && held) return callback(null);
    if (held) await new Promise<void>((resolve) => queue.push(resolve));
    held = true;
    try {
      return await callback({ name });
    } finally {
      release();
    }
  }
  return { request };
}

/** Node's BroadcastChannel: the same message passing between separate channel objects as tabs have. */
const channels: BroadcastChannel[] = [];
function tabChannel(): RefreshChannel {
  const channel = new BroadcastChannel(REFRESH_CHANNEL);
  channels.push(channel);
  return channel as unknown as RefreshChannel;
}
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

/** The server's refresh: each call rotates the cookie and gives a new key, after a little while. */
function server(outcome: 'ok' | 'refused' = 'ok') {
  let calls = 0;
  return {
    calls: () => calls,
    refresh: async (): Promise<AuthTokens | null> => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return outcome === 'ok' ? { key: `key-${calls}`, expires: '2099-01-01T00:00:00Z' } : null;
    },
  };
}

describe('one refresh per browser (Web Locks + BroadcastChannel)', () => {
  it('five tabs restored together send one refresh and all take its key', async () => {
    const locks = originLocks();
    const tabs = Array.from({ length: 5 }, () => createBrowserRefresh({ locks, channel: tabChannel() }));
    const s = server();
    const keys = await Promise.all(tabs.map((tab) => tab.run(s.refresh, '')));
    expect(s.calls()).toBe(1);
    expect(keys.map((k) => k?.key)).toEqual(['key-1', 'key-1', 'key-1', 'key-1', 'key-1']);
  });

  it('without Web Locks every tab refreshes on its own (the server’s grace keeps them alive)', async () => {
    const tabs = Array.from({ length: 3 }, () =>
      createBrowserRefresh({ locks: null, channel: tabChannel() }),
    );
    const s = server();
    await Promise.all(tabs.map((tab) => tab.run(s.refresh, '')));
    expect(s.calls()).toBe(3);
  });

  it('a tab whose key was just refused does not take that same key from another tab', async () => {
    const locks = originLocks();
    const [a, b] = [
      createBrowserRefresh({ locks, channel: tabChannel() }),
      createBrowserRefresh({ locks, channel: tabChannel() }),
    ];
    const s = server();
    expect((await a.run(s.refresh, ''))?.key).toBe('key-1');
    await new Promise((resolve) => setTimeout(resolve, 10)); // the message reaches tab b
    // b's own key is not key-1: it takes key-1 without a refresh.
    expect((await b.run(s.refresh, 'old'))?.key).toBe('key-1');
    expect(s.calls()).toBe(1);
    // b was refused with key-1 itself: it refreshes.
    expect((await b.run(s.refresh, 'key-1'))?.key).toBe('key-2');
    expect(s.calls()).toBe(2);
  });

  it('a result older than the shared window is not reused', async () => {
    const locks = originLocks();
    let clock = 0;
    const now = () => clock;
    const a = createBrowserRefresh({ locks, channel: tabChannel(), now });
    const b = createBrowserRefresh({ locks, channel: tabChannel(), now });
    const s = server();
    await a.run(s.refresh, '');
    await new Promise((resolve) => setTimeout(resolve, 10));
    clock += SHARED_RESULT_MS;
    expect((await b.run(s.refresh, ''))?.key).toBe('key-2');
  });

  it('when the refreshing tab gets nothing, a waiting tab tries once itself after it', async () => {
    const locks = originLocks();
    const a = createBrowserRefresh({ locks, channel: tabChannel() });
    const b = createBrowserRefresh({ locks, channel: tabChannel() });
    const refused = server('refused');
    const order: string[] = [];
    const [ra, rb] = await Promise.all([
      a.run(async () => {
        order.push('a');
        return refused.refresh();
      }, ''),
      b.run(async () => {
        order.push('b');
        return refused.refresh();
      }, ''),
    ]);
    expect([ra, rb]).toEqual([null, null]);
    // One after the other, never together: b sent the cookie only once a had finished.
    expect(order).toEqual(['a', 'b']);
  });
});
