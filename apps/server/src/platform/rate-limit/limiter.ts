import { AppError } from '../../shared/app-error.js';
import type { Counters } from './counters.js';

/** A number of uses per window; `name` keeps each limit's counts apart. docs/security.md lists them. */
export interface Limit {
  name: string;
  max: number;
  windowMinutes: number;
}

/**
 * Rate limits as services and the route table use them: a limit and the key it counts (an IP, an
 * account, a project). Over the limit: 429 RATE_LIMITED, `Retry-After` in seconds (plugins/errors.ts).
 */
export interface Limiter {
  /** Counts one use and refuses it when the window already had `max`. */
  take(limit: Limit, key: string | number): Promise<void>;
  /**
   * Gives a use back. A limit of failures takes a use before the attempt (so a burst in parallel
   * cannot pass it) and gives it back when the attempt worked.
   */
  refund(limit: Limit, key: string | number): Promise<void>;
}

export function createLimiter(counters: Counters): Limiter {
  const keyOf = (limit: Limit, key: string | number) => `${limit.name}:${key}`;
  return {
    async take(limit, key) {
      const { count, resetInMs } = await counters.hit(keyOf(limit, key), limit.windowMinutes * 60_000);
      if (count > limit.max)
        throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) });
    },
    async refund(limit, key) {
      await counters.unhit(keyOf(limit, key));
    },
  };
}

/** RATE_LIMITS=off (test environments only): nothing is counted or refused. */
export const noLimits: Limiter = {
  take: async () => undefined,
  refund: async () => undefined,
};
