import type { Redis } from 'ioredis';

/** Starts a span for one Redis command (its name); what it returns ends it. Null: no span. */
export type RedisCommandTracer = (name: string) => ((error?: unknown) => void) | null;

/**
 * Reports each command this connection sends to `trace` as it is sent (in the caller's async
 * context, so a trace finds its request) and when its answer comes. Unset: the connection as it was.
 */
export function traceRedisCommands(redis: Redis, trace: RedisCommandTracer | undefined): Redis {
  if (!trace) return redis;
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command: Parameters<Redis['sendCommand']>[0], stream?: unknown) => {
    const end = trace(command.name);
    const result = send(command, stream as Parameters<Redis['sendCommand']>[1]);
    if (end) command.promise.then(() => end(), end);
    return result;
  };
  return redis;
}
