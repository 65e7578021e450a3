import { Redis } from 'ioredis';
import { traceRedisCommands, type RedisCommandTracer } from '../../infra/redis-tracing.js';

/** A fixed-window count: how many hits so far, and in how long the window closes. */
export interface Count {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window counters behind every rate limit. In memory for one instance, in Redis (under the
 * deployment's prefix) when instances share the limits.
 */
export interface Counters {
  /** Counts one hit; the first hit of a key opens its window. */
  hit(key: string, windowMs: number): Promise<Count>;
  /** Takes one hit back (a sign-in that worked, under a limit of failures); never below zero. */
  unhit(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process's counters, on the app's clock (tests move it past a window). */
export function createMemoryCounters(now: () => number): Counters {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.resetAt > now()) return window;
    if (window) windows.delete(key);
    return null;
  };
  const sweep = () => {
    // Expired windows of clients that never came back: dropped now and then, not on a timer.
    if (windows.size < 10_000) return;
    for (const [key, window] of windows) if (window.resetAt <= now()) windows.delete(key);
  };
  return {
    async hit(key, windowMs) {
      const window = live(key) ?? { count: 0, resetAt: now() + windowMs };
      window.count += 1;
      windows.set(key, window);
      sweep();
      return { count: window.count, resetInMs: window.resetAt - now() };
    },
    async unhit(key) {
      const window = live(key);
      if (window && window.count > 0) window.count -= 1;
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR, and a TTL only on the window's first hit, in one round trip and atomically.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;
const UNHIT = `
if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Counters every instance of one deployment shares. Keys are `<prefix>:rate-limit:<key>`: two
 * deployments on one Redis (each with its own REDIS_PREFIX) never count each other's clients.
 */
export function createRedisCounters(url: string, prefix: string, trace?: RedisCommandTracer): Counters {
  const redis = traceRedisCommands(
    new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true }),
    trace,
  );
  const keyOf = (key: string) => `${prefix}:rate-limit:${key}`;
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT, 1, keyOf(key), windowMs)) as [number, number];
      return { count, resetInMs: ttl };
    },
    async unhit(key) {
      await redis.eval(UNHIT, 1, keyOf(key));
    },
    async close() {
      await redis.quit();
    },
  };
}
