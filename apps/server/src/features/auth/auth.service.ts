import { randomUUID } from 'node:crypto';
import {
  ACCESS_KEY_TTL_MINUTES,
  EMAIL_TOKEN_TTL_MINUTES,
  LOGIN_LOCK_AFTER,
  LOGIN_LOCK_MINUTES,
  REFRESH_TOKEN_TTL_DAYS,
  type IssuedTokens,
  type Language,
} from '@teamline/contract';
import { addDays, addMinutes } from '../../infra/clock.js';
import { renderMail } from '../../infra/mail.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { randomToken, sha256, verifyPassword } from '../../shared/crypto.js';
import type { MemberRepository, MemberRow } from '../member/member.repository.js';
import type { AuthRepository } from './auth.repository.js';
import { createSessionCache } from './session-cache.js';

const MAILS_PER_WINDOW = 5;
const MAIL_WINDOW_MINUTES = 15;

export function createAuthService(ctx: AppContext, repo: AuthRepository, memberRepo: MemberRepository) {
  const now = () => ctx.clock.now();
  const sessions = createSessionCache(now);

  async function issueEmailToken(
    email: string,
    purpose: 'join' | 'password' | 'joinVerified',
  ): Promise<string> {
    const token = randomToken();
    await repo.insertEmailToken({
      tokenHash: sha256(token),
      email,
      purpose,
      expiresAt: addMinutes(now(), EMAIL_TOKEN_TTL_MINUTES),
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
  async function consumeEmailToken(token: string, purpose: 'join' | 'password' | 'joinVerified') {
    const row = await repo.findEmailToken(sha256(token));
    if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt <= now()) return null;
    return (await repo.consumeEmailToken(row.id, now())) ? row : null;
  }

  /**
   * A new login. Every caller has just proven who this is (password, passkey, second factor, the
   * issuer, a fresh join), so the login counts as proven now for step-up (features/two-factor).
   * Accounts with a second factor reach it only through `twoFactor.completeSignIn`.
   */
  async function startSession(memberIdx: number): Promise<IssuedTokens> {
    const familyId = randomUUID();
    await repo.createFamily(familyId, memberIdx, now());
    return issueTokens(familyId);
  }

  async function issueTokens(familyId: string): Promise<IssuedTokens> {
    const key = randomToken();
    const refresh = randomToken();
    const expires = addMinutes(now(), ACCESS_KEY_TTL_MINUTES);
    await repo.insertSessionToken({ tokenHash: sha256(key), familyId, kind: 'access', expiresAt: expires });
    await repo.insertSessionToken({
      tokenHash: sha256(refresh),
      familyId,
      kind: 'refresh',
      expiresAt: addDays(now(), REFRESH_TOKEN_TTL_DAYS),
    });
    return { key, expires: expires.toISOString(), refresh };
  }

  /**
   * The password of an account, with the lockout of e-mail login: wrong entries count towards it and
   * a locked account refuses every entry until it unlocks (e-mail login and linking an outside sign-in).
   */
  async function checkPassword(member: MemberRow, password: string): Promise<void> {
    // A locked account stays locked whatever is typed for LOGIN_LOCK_MINUTES (or until a reset by
    // e-mail proves ownership); then it starts again with a clean count, so a stranger who knows the
    // address cannot keep its owner out for longer than that.
    if (member.lockedAt) {
      const unlocksAt = addMinutes(member.lockedAt, LOGIN_LOCK_MINUTES);
      if (unlocksAt > now())
        throw new AppError('AUTH_ACCOUNT_LOCKED', {
          retryAfterMinutes: Math.ceil((unlocksAt.getTime() - now().getTime()) / 60_000),
        });
      await memberRepo.update(member.memberIdx, { failedLogins: 0, lockedAt: null });
      member.failedLogins = 0;
    }
    if (!(await verifyPassword(password, member.passwordHash))) {
      const after = await memberRepo.recordFailedLogin(member.memberIdx, LOGIN_LOCK_AFTER, now());
      if (after.lockedAt)
        throw new AppError('AUTH_ACCOUNT_LOCKED', { retryAfterMinutes: LOGIN_LOCK_MINUTES });
      throw new AppError('AUTH_INCORRECT_PASSWORD', { remaining: LOGIN_LOCK_AFTER - after.failedLogins });
    }
    if (member.failedLogins > 0) await memberRepo.update(member.memberIdx, { failedLogins: 0 });
  }

  return {
    issueEmailToken,
    consumeEmailToken,
    startSession,

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
    async verifyLogin(email: string, password: string): Promise<number> {
      const member = await memberRepo.findActiveByEmail(email);
      if (!member) throw new AppError('AUTH_NO_ACCOUNT');
      await checkPassword(member, password);
      return member.memberIdx;
    },

    checkPassword,
    async refresh(refreshToken: string | null): Promise<IssuedTokens> {
      if (!refreshToken) throw new AppError('AUTH_SESSION_EXPIRED');
      const row = await repo.findSessionToken(sha256(refreshToken), 'refresh');
      if (!row || row.familyRevokedAt || row.memberDeletedAt) throw new AppError('AUTH_SESSION_EXPIRED');
      if (row.usedAt || !(await repo.markRefreshUsed(row.id, now()))) {
        // A rotated token came back: someone holds a copy. End every session of this login.
        await repo.revokeFamily(row.familyId, now());
        sessions.forgetFamily(row.familyId);
        throw new AppError('AUTH_REFRESH_REUSED');
      }
      if (row.expiresAt <= now()) throw new AppError('AUTH_SESSION_EXPIRED');
      return issueTokens(row.familyId);
    },

    async logout(actor: Actor) {
      await repo.revokeFamily(actor.familyId, now());
      sessions.forgetFamily(actor.familyId);
    },

    async revokeAllSessions(memberIdx: number) {
      await repo.revokeAllFamiliesOf(memberIdx, now());
      sessions.forgetMember(memberIdx);
    },

    revokedAmong: (familyIds: string[]) => repo.revokedAmong(familyIds),

    /** The actor behind an access key, or null when it is unknown, expired or revoked. */
    async authenticate(key: string | null | undefined): Promise<Actor | null> {
      if (!key) return null;
      const tokenHash = sha256(key);
      const known = sessions.get(tokenHash);
      if (known) return known;
      const row = await repo.findSessionToken(tokenHash, 'access');
      if (!row || row.familyRevokedAt || row.memberDeletedAt || row.expiresAt <= now()) return null;
      const actor = { memberIdx: row.memberIdx, familyId: row.familyId };
      sessions.set(tokenHash, actor, row.expiresAt);
      return actor;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
