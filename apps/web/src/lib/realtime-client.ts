import { API_BASE, apiPaths } from '@teamline/contract';

export interface RealtimeEvent {
  type: string;
  projectIdx: number;
  payload: unknown;
}
export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting';

export interface RealtimeOptions {
  getKey: () => string;
  onEvent: (event: RealtimeEvent) => void;
  /** Called after a reconnect (not the first connect): the caller refetches what it may have missed. */
  onReconnect: () => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** The socket closed as unauthenticated (4401): refresh the session, resolve when done. */
  onUnauthorized?: () => Promise<void>;
  createSocket?: (url: string) => WebSocket;
  /** Backoff: base × 2^attempt, capped, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export const backoffDelay = (attempt: number, base = 500, max = 15_000, random = Math.random): number => {
  const exp = Math.min(max, base * 2 ** attempt);
  return Math.round(exp / 2 + (random() * exp) / 2);
};

/** The socket address carries no key: proxies and access logs keep URLs. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${API_BASE}${apiPaths.ws}`;
}

/**
 * One self-healing socket to `/api/ws`: reconnects with backoff after any close (a 4401 first
 * refreshes the access key) and tells the caller after each reconnect so it refetches.
 */
export function connectRealtime(options: RealtimeOptions): () => void {
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 15_000;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let hasConnected = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));

  const schedule = () => {
    if (stopped) return;
    options.onStatus?.('reconnecting');
    timer = setTimeout(open, backoffDelay(attempt, base, max));
    attempt += 1;
  };

  function open() {
    timer = null;
    if (stopped) return;
    const key = options.getKey();
    if (!key) return schedule();
    if (!hasConnected) options.onStatus?.('connecting');
    const ws = create(socketUrl());
    socket = ws;
    // The key goes in the first message; the server closes with 4401 without it.
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', key }));
    ws.onmessage = (message) => {
      let event: RealtimeEvent;
      try {
        event = JSON.parse(String(message.data)) as RealtimeEvent;
      } catch {
        return;
      }
      if (event.type === 'ready') {
        attempt = 0;
        options.onStatus?.('open');
        if (hasConnected) options.onReconnect();
        hasConnected = true;
        return;
      }
      options.onEvent(event);
    };
    ws.onclose = (close) => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return;
      if (close.code === 4401 && options.onUnauthorized) {
        options.onStatus?.('reconnecting');
        options
          .onUnauthorized()
          .catch(() => undefined)
          .finally(schedule);
        return;
      }
      schedule();
    };
  }

  open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const ws = socket;
    socket = null;
    ws?.close(1000);
  };
}
