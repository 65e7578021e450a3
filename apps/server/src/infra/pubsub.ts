import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { traceRedisCommands, type RedisCommandTracer } from './redis-tracing.js';

/** A change of one project, fanned out to the sockets of that project's members. */
export interface ProjectEvent {
  type: string;
  projectIdx: number;
  payload: unknown;
  /** The outbox id of a domain event (absent on messages that are not domain events). */
  eventIdx?: number;
  /** Only this account's sockets receive it (a member's own notice), not the project's members. */
  memberIdx?: number;
  /** A message between instances (a cache to drop), never sent to any socket. */
  internal?: boolean;
}

export interface PubSub {
  publish(event: ProjectEvent): Promise<void>;
  subscribe(handler: (event: ProjectEvent) => void): () => void;
  close(): Promise<void>;
}

/** One process: an EventEmitter. */
export function createLocalPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Several API instances: every event goes through a Redis channel, and each instance re-emits what it
 * receives locally (its own publications included), so a change reaches sockets on any instance.
 */
export async function createRedisPubSub(
  url: string,
  channel: string,
  trace?: RedisCommandTracer,
): Promise<PubSub> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  // Publications are traced (a request's PUBLISH); the subscriber's connection only listens.
  const pub = traceRedisCommands(new Redis(url, { maxRetriesPerRequest: 3 }), trace);
  const sub = new Redis(url, { maxRetriesPerRequest: 3 });
  sub.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    try {
      local.emit('event', JSON.parse(message) as ProjectEvent);
    } catch {
      // A malformed message from another producer must not break the bus.
    }
  });
  await sub.subscribe(channel);
  return {
    async publish(event) {
      await pub.publish(channel, JSON.stringify(event));
    },
    subscribe(handler) {
      local.on('event', handler);
      return () => local.off('event', handler);
    },
    async close() {
      local.removeAllListeners();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
