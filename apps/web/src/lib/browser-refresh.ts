import type { AuthTokens } from '@teamline/contract';

/** The lock every tab of this app takes to refresh (Web Locks: one holder per origin). */
export const REFRESH_LOCK = 'teamline.refresh';
/** Where a tab that refreshed tells the others its result. */
export const REFRESH_CHANNEL = 'teamline.session';
/** A result another tab got this recently is the browser's refresh: tabs restored together use it. */
export const SHARED_RESULT_MS = 10_000;
/** How long a tab that waited for another's refresh waits for its message once the lock frees. */
export const SETTLE_MS = 500;

/** The parts of the Web Locks API used here (`navigator.locks`). */
export interface RefreshLocks {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}
/** The parts of a `BroadcastChannel` used here. */
export interface RefreshChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

interface Shared {
  tokens: AuthTokens;
  receivedAt: number;
}

const isTokens = (data: unknown): data is { tokens: AuthTokens } =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { tokens?: { key?: unknown } }).tokens?.key === 'string';

/**
 * Refreshes once per browser, not once per tab (docs/decisions.md "Sessions and devices"). A tab
 * refreshes while holding the lock and posts the new key to the other tabs; a tab that needs a key
 * while another holds the lock waits for that result instead of sending the same refresh cookie a
 * second time. When the message is late or lost (the other tab closed) it refreshes itself, after
 * the other tab's rotation, so the cookie it sends is the new one. Without Web Locks (old browsers)
 * each tab refreshes on its own, and the server's grace keeps parallel refreshes of one token alive.
 *
 * Tokens cross tabs only in memory (BroadcastChannel, same origin only): nothing is stored.
 */
export function createBrowserRefresh(deps: {
  locks: RefreshLocks | null;
  channel: RefreshChannel | null;
  now?: () => number;
}) {
  const now = deps.now ?? (() => Date.now());
  let shared: Shared | null = null;
  const waiting = new Set<(tokens: AuthTokens) => void>();
  deps.channel?.addEventListener('message', (event) => {
    if (!isTokens(event.data)) return;
    shared = { tokens: event.data.tokens, receivedAt: now() };
    for (const resolve of waiting) resolve(event.data.tokens);
  });

  /** Another tab's recent result, unless it is the key that just failed here. */
  const recent = (failedKey: string): AuthTokens | null =>
    shared && now() - shared.receivedAt < SHARED_RESULT_MS && shared.tokens.key !== failedKey
      ? shared.tokens
      : null;

  /** The next result another tab posts, or null after `ms`. */
  function nextShared(ms: number): Promise<AuthTokens | null> {
    return new Promise((resolve) => {
      const done = (tokens: AuthTokens | null) => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve(tokens);
      };
      const timer = setTimeout(() => done(null), ms);
      waiting.add(done);
    });
  }

  return {
    /**
     * The browser's new tokens: `refresh` runs only in the tab holding the lock, and only when no
     * other tab has just brought a result. `failedKey` is this tab's current key (empty after a
     * reload): a shared result carrying it is no use.
     */
    async run(refresh: () => Promise<AuthTokens | null>, failedKey: string): Promise<AuthTokens | null> {
      const { locks } = deps;
      if (!locks) return refresh();
      const own = async () => {
        const tokens = await refresh();
        if (tokens) deps.channel?.postMessage({ tokens });
        return tokens;
      };
      const busy = Symbol('busy');
      const first = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) =>
        lock ? (recent(failedKey) ?? (await own())) : busy,
      );
      if (first !== busy) return first;
      // Another tab is refreshing: its result arrives by message, about when its lock frees.
      return locks.request(
        REFRESH_LOCK,
        async () => recent(failedKey) ?? (await nextShared(SETTLE_MS)) ?? (await own()),
      );
    },
  };
}
export type BrowserRefresh = ReturnType<typeof createBrowserRefresh>;

/** The browser's own coordinator: Web Locks and a BroadcastChannel where the browser has them. */
export function browserRefreshOfWindow(): BrowserRefresh {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(REFRESH_CHANNEL) : null;
  return createBrowserRefresh({ locks: locks, channel });
}
