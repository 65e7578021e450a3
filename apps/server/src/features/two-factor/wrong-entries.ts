import { SECOND_FACTOR_FAILURE_WINDOW_MINUTES, SECOND_FACTOR_MAX_FAILURES } from '@teamline/contract';
import { addMinutes } from '../../infra/clock.js';
import { AppError } from '../../shared/app-error.js';
import type { TwoFactorRepository } from './two-factor.repository.js';

/** One address may try a few accounts' worth of codes (an office behind one IP), not more. */
export const SECOND_FACTOR_MAX_FAILURES_PER_IP = SECOND_FACTOR_MAX_FAILURES * 4;

/**
 * Wrong second-factor entries (codes, recovery codes, passkey assertions) limited per account and
 * per address, kept in the database so the limit holds across instances and whatever RATE_LIMITS
 * says: six digits fall to guessing without it. Checked before any code is compared, so once
 * limited even the right code waits; a success does not reset the count (an attacker mixing in a
 * known code gains nothing). 429 RATE_LIMITED with `retryAfterSeconds`.
 */
export function createWrongEntries(repo: TwoFactorRepository, now: () => Date) {
  const windowStart = () => addMinutes(now(), -SECOND_FACTOR_FAILURE_WINDOW_MINUTES);

  async function refuseIfOver(by: { memberIdx: number } | { ip: string }, max: number) {
    const since = windowStart();
    if ((await repo.countFailuresSince(by, since)) < max) return;
    const oldest = (await repo.oldestFailureSince(by, since)) ?? now();
    const liftsAt = addMinutes(oldest, SECOND_FACTOR_FAILURE_WINDOW_MINUTES);
    throw new AppError('RATE_LIMITED', {
      retryAfterSeconds: Math.max(1, Math.ceil((liftsAt.getTime() - now().getTime()) / 1000)),
    });
  }

  return {
    async check(memberIdx: number | null, ip: string) {
      await refuseIfOver({ ip }, SECOND_FACTOR_MAX_FAILURES_PER_IP);
      if (memberIdx !== null) await refuseIfOver({ memberIdx }, SECOND_FACTOR_MAX_FAILURES);
    },
    /** Counts a wrong entry and answers SECOND_FACTOR_INVALID. */
    async refuse(memberIdx: number | null, ip: string): Promise<never> {
      await repo.recordFailure(memberIdx, ip, now());
      // Housekeeping without a job: entries older than a day never count again.
      await repo.deleteFailuresBefore(addMinutes(now(), -24 * 60));
      throw new AppError('SECOND_FACTOR_INVALID');
    },
  };
}
export type WrongEntries = ReturnType<typeof createWrongEntries>;
