import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from './test-app.js';
import { wsText } from '../shared/ws-text.js';

/** An event as a browser receives it on /api/ws. */
export interface ReceivedEvent {
  type: string;
  projectIdx: number;
  payload: Record<string, unknown>;
}

/** Listens on a free loopback port and returns the WebSocket base address. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

/** A socket that collects events and resolves once the server says it is subscribed. */
export async function connect(baseUrl: string, key: string) {
  const events: ReceivedEvent[] = [];
  const socket = new WebSocket(`${baseUrl}/api/ws`);
  socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', key })));
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (raw) => {
      const event = JSON.parse(wsText(raw)) as ReceivedEvent;
      if (event.type === 'ready') resolve();
      else events.push(event);
    });
    socket.on('error', reject);
    socket.on('close', (code) => reject(new Error(`closed ${code}`)));
  });
  return { socket, events };
}

/** Polls until `check` holds, failing after `ms`. */
export async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for an event');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Two API instances on one database and one pub/sub channel, as behind a load balancer: with
 * TEST_REDIS_URL set, only Redis connects their sockets.
 */
export async function createInstancePair(): Promise<[TestApp, TestApp]> {
  const first = await createTestApp();
  const second = await createTestApp({
    database: first.database,
    config: { pubsubChannel: first.config.pubsubChannel },
  });
  return [first, second];
}
