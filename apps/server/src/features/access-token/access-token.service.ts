import {
  ACCESS_TOKEN_MAX_DAYS,
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKENS_PER_MEMBER,
  normalizeScopes,
  type AccessToken,
  type CreateAccessTokenRequest,
  type CreatedAccessToken,
} from '@teamline/contract';
import { addDays } from '../../infra/clock.js';
import type { Db } from '../../infra/db.js';
import type { AuditEntry } from '../../platform/audit/audit-trail.js';
import { requireTokenScope } from '../../platform/authorization/token-scope.js';
import type { Limit } from '../../platform/rate-limit/limiter.js';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { randomToken, sha256 } from '../../shared/crypto.js';
import { inTransaction } from '../../shared/transaction.js';
import { toAccessToken } from './access-token.presenter.js';
import { createAccessTokenRepository, type AccessTokenRepository } from './access-token.repository.js';

/** Calls one token may make per minute (docs/security.md "Rate limits"), on every instance together. */
export const TOKEN_CALL_LIMIT: Limit = { name: 'access-token', max: 600, windowMinutes: 1 };

/** A token's "last used" moves at most this often, or at once when the address changes. */
export const TOKEN_LAST_USED_STEP_MS = 60_000;

/** Whether a bearer is a personal access token rather than a login's access key. */
export const isAccessTokenSecret = (bearer: string | null): bearer is string =>
  bearer !== null && bearer.startsWith(ACCESS_TOKEN_PREFIX);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Personal access tokens (issue 34, docs/product/api.md#access-tokens): a member creates them
 * (step-up, `platform/authorization/step-up.ts`), sees them without their secret and revokes them;
 * the auth hook turns a `tl_pat_…` bearer into its member with the token's scopes.
 */
export function createAccessTokenService(ctx: AppContext, repo: AccessTokenRepository) {
  const now = () => ctx.clock.now();
  const entry = (
    kind: AuditEntry['kind'],
    memberIdx: number,
    tokenIdx: number,
    changes: Record<string, unknown>,
  ) => ({ kind, memberIdx, target: { type: 'accessToken', idx: tokenIdx }, changes }) satisfies AuditEntry;

  /** The expiry a request asks for: a lifetime in days, or the end (UTC) of a day at most a year ahead. */
  function expiryOf(input: CreateAccessTokenRequest, at: Date): Date {
    if (input.days !== undefined) return addDays(at, input.days);
    const match = DAY.exec(input.expiresOn ?? '');
    if (!match) throw fieldError('expiresOn', 'tokenExpiry');
    const endOfDay = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1));
    const last = dayOf(addDays(at, ACCESS_TOKEN_MAX_DAYS));
    if (input.expiresOn! <= dayOf(at) || input.expiresOn! > last)
      throw fieldError('expiresOn', 'tokenExpiry');
    return endOfDay;
  }

  return {
    async list(actor: Actor): Promise<AccessToken[]> {
      return (await repo.listOf(actor.memberIdx)).map(toAccessToken);
    },

    /** A new token; its secret is in this answer only (the database keeps its SHA-256). */
    async create(actor: Actor, input: CreateAccessTokenRequest): Promise<CreatedAccessToken> {
      // The auth hook already refuses tokens here (no area); a token never mints another.
      if (actor.token) throw new AppError('TOKEN_SCOPE_DENIED', { needed: null });
      const at = now();
      const expiresAt = expiryOf(input, at);
      const scopes = normalizeScopes(input.scopes);
      const secret = `${ACCESS_TOKEN_PREFIX}${randomToken()}`;
      const row = await inTransaction(ctx.database.db, async (tx: Db) => {
        const store = createAccessTokenRepository(tx);
        // Counted under the owner's lock: two racing creations never pass the cap together.
        await store.lockOwner(actor.memberIdx);
        if ((await store.countLive(actor.memberIdx, at)) >= ACCESS_TOKENS_PER_MEMBER)
          throw new AppError('ACCESS_TOKEN_LIMIT_REACHED', { max: ACCESS_TOKENS_PER_MEMBER });
        const made = await store.insert({
          memberIdx: actor.memberIdx,
          name: input.name.trim(),
          tokenHash: sha256(secret),
          hint: secret.slice(0, ACCESS_TOKEN_PREFIX.length + 4),
          scopes,
          createdAt: at,
          expiresAt,
        });
        await ctx.audit.record(
          tx,
          entry('account.token_created', actor.memberIdx, made.tokenIdx, {
            name: made.name,
            scopes,
            expiresAt: expiresAt.toISOString(),
          }),
        );
        return made;
      });
      return { token: toAccessToken(row), secret };
    },

    async revoke(actor: Actor, tokenIdx: number): Promise<void> {
      await inTransaction(ctx.database.db, async (tx: Db) => {
        const row = await createAccessTokenRepository(tx).revoke(actor.memberIdx, tokenIdx, now());
        if (!row) throw new AppError('ACCESS_TOKEN_NOT_FOUND');
        await ctx.audit.record(
          tx,
          entry('account.token_revoked', actor.memberIdx, tokenIdx, { name: row.name }),
        );
      });
    },

    /**
     * The member behind a `tl_pat_…` bearer, with the token's scopes. Unknown, revoked or of a
     * withdrawn member: 401 ACCESS_TOKEN_INVALID; past its expiry: 401 ACCESS_TOKEN_EXPIRED. No
     * cache: one indexed read per call, so a revocation holds at once on every instance.
     */
    async authenticate(secret: string, ip: string | null): Promise<Actor> {
      const found = await repo.findByHash(sha256(secret));
      if (!found || found.token.revokedAt || found.memberDeletedAt)
        throw new AppError('ACCESS_TOKEN_INVALID');
      const { token } = found;
      const at = now();
      if (token.expiresAt <= at) throw new AppError('ACCESS_TOKEN_EXPIRED');
      if (
        !token.lastUsedAt ||
        token.lastUsedIp !== ip ||
        at.getTime() - token.lastUsedAt.getTime() >= TOKEN_LAST_USED_STEP_MS
      )
        await repo.touch(token.tokenIdx, at, ip);
      return {
        memberIdx: token.memberIdx,
        familyId: `token:${token.tokenIdx}`,
        token: { tokenIdx: token.tokenIdx, name: token.name, scopes: token.scopes },
      };
    },

    /** A token call's own allowance (TOKEN_CALL_LIMIT), then its scopes against the route's area. */
    async admit(token: NonNullable<Actor['token']>, method: string, url: string): Promise<void> {
      await ctx.limiter.take(TOKEN_CALL_LIMIT, token.tokenIdx);
      requireTokenScope(token.scopes, method, url);
    },

    /**
     * A write made with a token (any method but GET and HEAD), in the member's own audit log: which
     * token, the route (its pattern, not its ids) and the answer's status; a successful write in a
     * project is in that project's log too. Reads are not recorded; the token's last use shows them.
     */
    async recordCall(
      actor: Actor,
      method: string,
      route: string,
      status: number,
      projectIdx: number | null,
    ): Promise<void> {
      if (!actor.token) return;
      await ctx.audit.record(ctx.database.db, {
        ...entry('account.token_used', actor.memberIdx, actor.token.tokenIdx, {
          name: actor.token.name,
          method,
          route,
          status,
        }),
        projectIdx,
      });
    },
  };
}
export type AccessTokenService = ReturnType<typeof createAccessTokenService>;
