import { accountEntry } from '../../platform/audit/audit-trail.js';
import { randomUUID } from 'node:crypto';
import {
  ACCESS_KEY_TTL_MINUTES,
  EMAIL_TOKEN_TTL_MINUTES,
  REFRESH_TOKEN_TTL_DAYS,
  type ErrorCode,
  type IssuedTokens,
  type Language,
} from '@teamline/contract';
import { addDays, addMinutes } from '../../infra/clock.js';
import { renderMail } from '../../infra/mail.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { randomToken, sha256, verifyPassword } from '../../shared/crypto.js';
import type { EmailTokenPurpose } from '../../db/schema/member.js';
import type { Db } from '../../infra/db.js';
import { inTransaction } from '../../shared/transaction.js';
import type { MemberRepository, MemberRow } from '../account-store/member.repository.js';
import type { SessionClient } from '../session/device-cookie.js';
import type { NewBrowserNotice } from '../session/new-browser.js';
import { createAuthRepository, type AuthRepository } from './auth.repository.js';
import { createLoginThrottle, type SignInClient } from './login-throttle.js';
import { openSuccessor, REFRESH_REUSE_GRACE_SECONDS, sealSuccessor, withinGrace } from './refresh-grace.js';
import { createSessionCache } from './session-cache.js';
import { createSignInLinks } from './sign-in-link.js';

/** How a session began: the audit record says (`account.signed_in`, `account.sign_in_failed`). */
export type SignInMethod =
  'password' | 'oidc' | 'join' | 'link' | 'mailLink' | 'totp' | 'recovery' | 'passkey';

const MAILS_PER_WINDOW = 5;
const MAIL_WINDOW_MINUTES = 15;
type RefreshOutcome =
  | { tokens: IssuedTokens }
  | { refused: 'AUTH_SESSION_EXPIRED' }
  | { refused: 'AUTH_REFRESH_REUSED'; familyId: string };

/**
 * The pub/sub message that tells every instance sessions ended (payload: `familyIds`, and
 * `memberIdx` when every session of the account ended), so each drops them from its session cache
 * at once instead of believing them up to SESSION_CACHE_MS (docs/decisions.md "Metrics, readiness and drain").
 */
export const SESSIONS_REVOKED = 'auth.sessionsRevoked';

/** A session's "last used" moves by use at most this often (one write per session per step, not per request). */
export const LAST_USED_STEP_MINUTES = 5;

export function createAuthService(
  ctx: AppContext,
  repo: AuthRepository,
  memberRepo: MemberRepository,
  noteSignIn: NewBrowserNotice,
) {
  const now = () => ctx.clock.now();
  const sessions = createSessionCache(now);
  const throttle = createLoginThrottle(ctx, memberRepo);

  const forget = (familyIds: readonly string[], memberIdx?: number) => {
    for (const familyId of familyIds) sessions.forgetFamily(familyId);
    if (memberIdx !== undefined) sessions.forgetMember(memberIdx);
  };
  ctx.pubsub.subscribe((event) => {
    if (event.type !== SESSIONS_REVOKED || !event.internal) return;
    const payload = event.payload as { familyIds?: unknown; memberIdx?: unknown } | null;
    const familyIds = Array.isArray(payload?.familyIds)
      ? payload.familyIds.filter((id): id is string => typeof id === 'string')
      : [];
    forget(familyIds, typeof payload?.memberIdx === 'number' ? payload.memberIdx : undefined);
  });
  /**
   * Sessions ended (committed): out of this instance's cache now, and out of every other's as the
   * message arrives. A bus that fails to publish does not fail the revocation, which is stored;
   * the other instances then see it within SESSION_CACHE_MS.
   */
  async function revoked(familyIds: readonly string[], memberIdx?: number) {
    forget(familyIds, memberIdx);
    if (familyIds.length === 0 && memberIdx === undefined) return;
    await ctx.pubsub
      .publish({
        type: SESSIONS_REVOKED,
        projectIdx: 0,
        payload: { familyIds, ...(memberIdx !== undefined ? { memberIdx } : {}) },
        internal: true,
      })
      .catch((err: unknown) => ctx.log.warn({ err }, 'session revocation not published'));
  }

  async function issueEmailToken(
    email: string,
    purpose: EmailTokenPurpose,
    ttlMinutes = EMAIL_TOKEN_TTL_MINUTES,
  ): Promise<string> {
    const token = randomToken();
    await repo.insertEmailToken({
      tokenHash: sha256(token),
      email,
      purpose,
      expiresAt: addMinutes(now(), ttlMinutes),
      createdAt: now(),
    });
    return token;
  }

  /** Nobody can flood a mailbox through us: a few link mails per address per window. */
  async function throttleMail(email: string) {
    const since = addMinutes(now(), -MAIL_WINDOW_MINUTES);
    if ((await repo.countEmailTokensSince(email, ['join', 'password'], since)) >= MAILS_PER_WINDOW)
      throw new AppError('RATE_LIMITED', { retryAfterMinutes: MAIL_WINDOW_MINUTES });
  }

  /** Finds a live token of the purpose and uses it up; null when unknown, used, expired or of another purpose. */
  async function consumeEmailToken(token: string, purpose: EmailTokenPurpose) {
    const row = await repo.findEmailToken(sha256(token));
    if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt <= now()) return null;
    return (await repo.consumeEmailToken(row.id, now())) ? row : null;
  }

  /**
   * A new login of the member from this client (its browser, address and device mark), and its
   * audit record in the same transaction. Every caller has just proven who this is (password,
   * passkey, second factor, the issuer, a fresh join), so the login counts as proven now for
   * step-up (features/two-factor). Accounts with a second factor reach it only through
   * `signInFactor.completeSignIn`. The new-browser mail is queued first, outside the transaction.
   */
  async function startSession(
    memberIdx: number,
    client: SessionClient,
    method: SignInMethod = 'password',
  ): Promise<IssuedTokens> {
    const newBrowser = await noteSignIn(memberIdx, client);
    return inTransaction(ctx.database.db, async (tx) => {
      const store = createAuthRepository(tx);
      const familyId = randomUUID();
      await store.createFamily({
        familyId,
        memberIdx,
        deviceHash: sha256(client.device),
        userAgent: client.userAgent,
        ip: client.ip,
        createdAt: now(),
        lastUsedAt: now(),
        provenAt: now(),
      });
      const tokens = await issueTokens(familyId, store);
      await ctx.audit.record(
        tx,
        accountEntry(newBrowser ? 'account.signed_in_new_browser' : 'account.signed_in', memberIdx, {
          actorIdx: memberIdx,
          changes: { method },
        }),
      );
      return tokens;
    });
  }

  /** The devices page ended sessions of the account (`count` of them). */
  const recordSignOut = (tx: Db, memberIdx: number, count: number) =>
    ctx.audit.record(tx, accountEntry('account.sessions_signed_out', memberIdx, { changes: { count } }));

  /**
   * A refused sign-in, recorded on its own: there is no transaction to join, and no actor. The
   * address typed is kept as its SHA-256 (of the trimmed, lower-cased text), never as typed: people
   * type a password into the e-mail field, and an unknown address is nobody's to read. The account
   * it names, if any, sees the record in its own log.
   */
  async function recordSignInFailure(
    reason: ErrorCode,
    method: SignInMethod,
    who: { email?: string; memberIdx?: number | null },
  ) {
    const memberIdx = who.memberIdx ?? null;
    await ctx.audit.record(ctx.database.db, {
      kind: 'account.sign_in_failed',
      actorIdx: null,
      memberIdx,
      target: memberIdx === null ? null : { type: 'account', idx: memberIdx },
      changes: {
        method,
        reason,
        ...(who.email ? { emailHash: sha256(who.email.trim().toLowerCase()) } : {}),
      },
    });
  }

  async function issueTokens(familyId: string, store: AuthRepository = repo): Promise<IssuedTokens> {
    const key = randomToken();
    const refresh = randomToken();
    const expires = addMinutes(now(), ACCESS_KEY_TTL_MINUTES);
    await store.insertSessionToken({ tokenHash: sha256(key), familyId, kind: 'access', expiresAt: expires });
    await store.insertSessionToken({
      tokenHash: sha256(refresh),
      familyId,
      kind: 'refresh',
      expiresAt: addDays(now(), REFRESH_TOKEN_TTL_DAYS),
    });
    return { key, expires: expires.toISOString(), refresh };
  }

  /**
   * The password of an account, through the login throttle (login-throttle.ts): an unknown browser
   * waits after LOGIN_LOCK_AFTER wrong ones in a row, a browser the account signed in from before
   * counts only its own (e-mail login and linking an outside sign-in).
   */
  async function checkPassword(member: MemberRow, password: string, client: SessionClient): Promise<void> {
    const attempt = await throttle.attempt(member, await signInClient(member.memberIdx, client));
    if (!(await verifyPassword(password, member.passwordHash))) throw throttle.failed(attempt);
    await throttle.succeeded(member, attempt);
  }

  /**
   * The browser as the login throttle sees it: known to the account when one of the account's
   * sessions, ended or not, was started from its device mark (session/device-cookie.ts). The mark
   * is a random 256-bit value in an httpOnly cookie, so a guesser cannot pass as the owner's browser.
   */
  async function signInClient(memberIdx: number, client: SessionClient): Promise<SignInClient> {
    const deviceHash = sha256(client.device);
    return { browserId: (await repo.signedInFrom(memberIdx, deviceHash)) ? deviceHash : null };
  }

  const signInLinks = createSignInLinks(ctx, {
    memberRepo,
    issueEmailToken,
    consumeEmailToken,
    async firstFactorProven(member) {
      // The mailbox proves the owner as well as the password does: any wait ends.
      await throttle.succeeded(member);
    },
  });

  return {
    issueEmailToken,
    consumeEmailToken,
    startSession,
    recordSignInFailure,

    /**
     * Sends a join or password link. A password request for an unknown address answers the same
     * way but sends nothing, so the endpoint cannot be used to find out who has an account.
     */
    async sendEmailLink(input: { email: string; purpose: 'join' | 'password'; lang: Language }) {
      const existing = await memberRepo.findActiveByEmail(input.email);
      if (input.purpose === 'join') {
        if (existing) throw new AppError('EMAIL_ALREADY_REGISTERED');
        await throttleMail(input.email);
        const token = await issueEmailToken(input.email, 'join');
        const link = `${ctx.config.publicUrl}/#/verify/email?token=${token}`;
        await ctx.mailer.send(
          renderMail('joinVerify', input.lang, input.email, link, { minutes: EMAIL_TOKEN_TTL_MINUTES }),
        );
        return;
      }
      if (!existing) return;
      await throttleMail(input.email);
      const token = await issueEmailToken(input.email, 'password');
      const link = `${ctx.config.publicUrl}/#/find/repassword?token=${token}`;
      await ctx.mailer.send(
        renderMail('passwordReset', existing.lang, input.email, link, { minutes: EMAIL_TOKEN_TTL_MINUTES }),
      );
    },

    async verifyEmail(token: string) {
      const row = await consumeEmailToken(token, 'join');
      if (!row) throw new AppError('EMAIL_AUTH_FAILED');
      const verifiedToken = await issueEmailToken(row.email, 'joinVerified');
      return { email: row.email, verifiedToken };
    },

    /**
     * The e-mail login's first factor: the account whose password this is. The session comes from
     * `signInFactor.completeSignIn` (features/two-factor), which asks for a second factor first
     * when the account has one.
     */
    async verifyLogin(email: string, password: string, client: SessionClient): Promise<number> {
      const member = await memberRepo.findActiveByEmail(email);
      try {
        if (!member) throw new AppError('AUTH_NO_ACCOUNT');
        await checkPassword(member, password, client);
      } catch (error) {
        if (error instanceof AppError)
          await recordSignInFailure(error.code, 'password', { email, memberIdx: member?.memberIdx });
        throw error;
      }
      return member.memberIdx;
    },

    sendSignInLink: (email: string) => signInLinks.send(email),
    /** The account a mailed sign-in link proves (its session comes from `signInFactor.completeSignIn`). */
    verifySignInLink: (token: string) => signInLinks.verify(token),
    checkPassword,

    /**
     * Rotates a refresh token. The token's row is locked for the rotation, so parallel uses of one
     * token (tabs restored together, on any instance) queue: the first rotates, the others then find
     * it used within REFRESH_REUSE_GRACE_SECONDS and get the same answer, opened from the sealed
     * successor. A used token coming back after the grace is a copy: the whole login ends.
     */
    async refresh(refreshToken: string | null, client: SessionClient | null): Promise<IssuedTokens> {
      if (!refreshToken) throw new AppError('AUTH_SESSION_EXPIRED');
      const at = now();
      // Refusals are returned, not thrown, so the revocation of a reused login commits.
      const outcome = await inTransaction(ctx.database.db, async (tx): Promise<RefreshOutcome> => {
        const store = createAuthRepository(tx);
        const row = await store.lockRefreshToken(sha256(refreshToken));
        if (!row || row.familyRevokedAt || row.memberDeletedAt) return { refused: 'AUTH_SESSION_EXPIRED' };
        if (row.usedAt) {
          const again =
            row.successor && withinGrace(row.usedAt, at) ? openSuccessor(refreshToken, row.successor) : null;
          if (again) return { tokens: again };
          await store.revokeFamily(row.familyId, at);
          return { refused: 'AUTH_REFRESH_REUSED', familyId: row.familyId };
        }
        if (row.expiresAt <= at) return { refused: 'AUTH_SESSION_EXPIRED' };
        const tokens = await issueTokens(row.familyId, store);
        await store.completeRotation(row.id, at, sealSuccessor(refreshToken, tokens));
        await store.dropSuccessors(row.familyId, new Date(at.getTime() - REFRESH_REUSE_GRACE_SECONDS * 1000));
        await store.touchFamily(row.familyId, {
          lastUsedAt: at,
          ...(client ? { ip: client.ip, userAgent: client.userAgent } : {}),
        });
        return { tokens };
      });
      if ('tokens' in outcome) return outcome.tokens;
      // A rotated token came back: someone holds a copy. Every session of this login has ended.
      if (outcome.refused === 'AUTH_REFRESH_REUSED') await revoked([outcome.familyId]);
      throw new AppError(outcome.refused);
    },

    async logout(actor: Actor) {
      await repo.revokeFamily(actor.familyId, now());
      await revoked([actor.familyId]);
    },

    /** Ends every session of a member (password reset, withdrawal), or every one but `keep`. */
    /**
     * Ends every session of a member but `keep`. `recorded`: the member asked for it (the devices
     * page), so the account's audit log says so in the same transaction; a password change records
     * its own event instead.
     */
    async revokeAllSessions(memberIdx: number, keep?: string, recorded = false): Promise<number> {
      const ended = await inTransaction(ctx.database.db, async (tx) => {
        const familyIds = await createAuthRepository(tx).revokeAllFamiliesOf(memberIdx, now(), keep);
        if (recorded && familyIds.length > 0) await recordSignOut(tx, memberIdx, familyIds.length);
        return familyIds;
      });
      // Every session of the account ended (reset, withdrawal): the member's entries go too.
      await revoked(ended, keep === undefined ? memberIdx : undefined);
      return ended.length;
    },

    /** Ends one session of a member (the devices page); false when it is not theirs or already ended. */
    async revokeSession(memberIdx: number, familyId: string): Promise<boolean> {
      const ended = await inTransaction(ctx.database.db, async (tx) => {
        const done = await createAuthRepository(tx).revokeFamilyOf(memberIdx, familyId, now());
        if (done) await recordSignOut(tx, memberIdx, 1);
        return done;
      });
      await revoked([familyId]);
      return ended;
    },

    revokedAmong: (familyIds: string[]) => repo.revokedAmong(familyIds),

    /** The actor behind an access key, or null when it is unknown, expired or revoked. */
    async authenticate(key: string | null | undefined): Promise<Actor | null> {
      if (!key) return null;
      // The cache is keyed by the key itself: a hit costs no hash (session-cache.ts).
      const known = sessions.get(key);
      if (known) return known;
      const since = sessions.generation();
      const row = await repo.findSessionToken(sha256(key), 'access');
      if (!row || row.familyRevokedAt || row.memberDeletedAt || row.expiresAt <= now()) return null;
      // "Last used" follows use within LAST_USED_STEP_MINUTES, at one write per step, never per request.
      if (!row.familyLastUsedAt || row.familyLastUsedAt < addMinutes(now(), -LAST_USED_STEP_MINUTES))
        await repo.touchFamily(row.familyId, { lastUsedAt: now() });
      const actor = { memberIdx: row.memberIdx, familyId: row.familyId };
      sessions.set(key, actor, row.expiresAt, since);
      return actor;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
