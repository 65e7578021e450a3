import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, connectRealtime, socketUrl, type RealtimeEvent } from './realtime-client';

class FakeSocket {
  static all: FakeSocket[] = [];
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((c: { code: number }) => void) | null = null;
  onopen: (() => void) | null = null;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  receive(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => vi.useRealTimers());

describe('realtime client', () => {
  it('builds the socket address from the page, without the access key', () => {
    expect(socketUrl({ protocol: 'https:', host: 'app.example.com' })).toBe('wss://app.example.com/api/ws');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8093' })).toBe('ws://localhost:8093/api/ws');
  });

  it('authenticates with the key in the first message once the socket opens', () => {
    const stop = connectRealtime({
      getKey: () => 'secret-key',
      onEvent: () => undefined,
      onReconnect: () => undefined,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    const socket = FakeSocket.all[0]!;
    expect(socket.url).not.toContain('secret-key');
    expect(socket.sent).toEqual([]);
    socket.onopen?.();
    expect(socket.sent.map((m) => JSON.parse(m))).toEqual([{ type: 'auth', key: 'secret-key' }]);
    stop();
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffDelay(0, 500, 15_000, () => 0)).toBe(250);
    expect(backoffDelay(0, 500, 15_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 15_000, () => 1)).toBe(4000);
    expect(backoffDelay(10, 500, 15_000, () => 1)).toBe(15_000);
  });

  it('passes events on, reconnects after a drop and asks for a refetch then', async () => {
    const events: RealtimeEvent[] = [];
    const statuses: string[] = [];
    let reconnects = 0;
    const stop = connectRealtime({
      getKey: () => 'key',
      onEvent: (e) => events.push(e),
      onReconnect: () => (reconnects += 1),
      onStatus: (s) => statuses.push(s),
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      baseDelayMs: 100,
    });
    const first = FakeSocket.all[0]!;
    first.receive({ type: 'ready', projectIdx: 0, payload: {} });
    first.receive({ type: 'story.updated', projectIdx: 3, payload: { storyIdx: 1 } });
    expect(events).toEqual([{ type: 'story.updated', projectIdx: 3, payload: { storyIdx: 1 } }]);
    expect(reconnects).toBe(0);
    first.drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(100);
    const second = FakeSocket.all[1]!;
    expect(second).toBeDefined();
    second.receive({ type: 'ready', projectIdx: 0, payload: {} });
    expect(reconnects).toBe(1);
    expect(statuses.at(-1)).toBe('open');
    stop();
    expect(second.closed).toBe(true);
    second.drop(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('refreshes the session before reconnecting after 4401', async () => {
    let keys = 0;
    let refreshed = 0;
    const stop = connectRealtime({
      getKey: () => `key${++keys}`,
      onEvent: () => undefined,
      onReconnect: () => undefined,
      onUnauthorized: async () => {
        refreshed += 1;
      },
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      baseDelayMs: 100,
    });
    FakeSocket.all[0]!.drop(4401);
    await vi.advanceTimersByTimeAsync(100);
    expect(refreshed).toBe(1);
    const second = FakeSocket.all[1]!;
    second.onopen?.();
    expect(JSON.parse(second.sent[0]!)).toEqual({ type: 'auth', key: 'key2' });
    stop();
  });
});
