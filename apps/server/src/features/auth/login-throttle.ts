import { LOGIN_LOCK_AFTER, LOGIN_LOCK_MINUTES } from '@teamline/contract';
import { addMinutes } from '../../infra/clock.js';
import { AppError } from '../../shared/app-error.js';
import type { AppContext } from '../../shared/context.js';
import type { Limit } from '../../platform/rate-limit/limiter.js';
import type { MemberRepository, MemberRow } from '../account-store/member.repository.js';

/** The browser a sign-in comes from: its id when the account signed in from it before, else null. */
export interface SignInClient {
  browserId: string | null;
}

/**
 * Minutes an unknown browser waits after `failures` wrong passwords in a row: none before
 * LOGIN_LOCK_AFTER, then 1, 2, 4, 8 and at most LOGIN_LOCK_MINUTES after each further one.
 */
export function loginWaitMinutes(failures: number): number {
  if (failures < LOGIN_LOCK_AFTER) return 0;
  return Math.min(2 ** (failures - LOGIN_LOCK_AFTER), LOGIN_LOCK_MINUTES);
}

/** Wrong passwords a known browser may type before it is treated like any other browser. */
export const knownBrowserFailures: Limit = { name: 'sign-in-browser', max: 10, windowMinutes: 15 };

/** One password attempt as the throttle counted it, before the password is checked. */
export type LoginAttempt = { trusted: true; browserId: string } | { trusted: false; failures: number };

/**
 * Slows password guessing without handing anyone a way to lock the owner out (issue 30):
 * - a browser unknown to the account (every guesser's) shares the account's count of attempts
 *   since the last success (`failedLogins`); from LOGIN_LOCK_AFTER on, each wrong one makes the
 *   next try wait longer (`loginWaitMinutes` from `lockedAt`), and a try during the wait is
 *   answered 423 AUTH_ACCOUNT_LOCKED with Retry-After without the password being looked at;
 * - a browser the account signed in from before (auth.service `signInClient`: the device mark of session/device-cookie.ts) counts only its own wrong
 *   passwords and ignores the account's wait, so the owner's usual browser always gets in;
 * - a right password, or a mailed sign-in link, ends the wait and clears the count.
 * Attempts are counted before the (slow) password check, so a burst sent at once gets no more
 * tries than one sent in a row. The per-address ceiling on failures is in plugins/rate-limits.ts.
 */
export function createLoginThrottle(ctx: AppContext, memberRepo: MemberRepository) {
  const now = () => ctx.clock.now();

  function secondsToWait(row: Pick<MemberRow, 'failedLogins' | 'lockedAt'>): number {
    if (!row.lockedAt) return 0;
    const until = addMinutes(row.lockedAt, loginWaitMinutes(row.failedLogins)).getTime();
    return Math.max(0, Math.ceil((until - now().getTime()) / 1000));
  }

  async function countForAccount(member: MemberRow): Promise<LoginAttempt> {
    let row: Pick<MemberRow, 'failedLogins' | 'lockedAt'> | null = member;
    // Each lost compare-and-set means another attempt was counted: a handful of rounds at most
    // before the count reaches a wait.
    for (let round = 0; round < LOGIN_LOCK_AFTER + 2 && row; round++) {
      const retryAfterSeconds = secondsToWait(row);
      if (retryAfterSeconds > 0) throw new AppError('AUTH_ACCOUNT_LOCKED', { retryAfterSeconds });
      const counted = await memberRepo.countLoginAttempt(
        member.memberIdx,
        row.failedLogins,
        LOGIN_LOCK_AFTER,
        now(),
      );
      if (counted) return { trusted: false, failures: counted.failedLogins };
      row = await memberRepo.findActiveById(member.memberIdx);
    }
    throw new AppError('RATE_LIMITED', { retryAfterSeconds: 60 });
  }

  return {
    /** Counts the attempt before the password is checked; refuses an unknown browser during a wait. */
    async attempt(member: MemberRow, client: SignInClient): Promise<LoginAttempt> {
      if (client.browserId) {
        try {
          await ctx.limiter.take(knownBrowserFailures, client.browserId);
          return { trusted: true, browserId: client.browserId };
        } catch {
          // Past its own allowance a known browser is one more unknown one.
        }
      }
      return countForAccount(member);
    },

    /** The password was wrong: the answer, with the wait it started if it started one. */
    failed(attempt: LoginAttempt): AppError {
      if (attempt.trusted) return new AppError('AUTH_INCORRECT_PASSWORD');
      const waitMinutes = loginWaitMinutes(attempt.failures);
      if (waitMinutes > 0)
        return new AppError('AUTH_ACCOUNT_LOCKED', { retryAfterSeconds: waitMinutes * 60 });
      return new AppError('AUTH_INCORRECT_PASSWORD', { remaining: LOGIN_LOCK_AFTER - attempt.failures });
    },

    /** The owner proved themselves (password or mailbox): no wait, a clean count. */
    async succeeded(member: MemberRow, attempt?: LoginAttempt): Promise<void> {
      if (attempt?.trusted) await ctx.limiter.refund(knownBrowserFailures, attempt.browserId);
      // An unknown browser's attempt was counted on the row; otherwise it may already be clean.
      if (attempt?.trusted === false || member.failedLogins > 0 || member.lockedAt)
        await memberRepo.update(member.memberIdx, { failedLogins: 0, lockedAt: null });
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
