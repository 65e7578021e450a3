import type { MemberSession } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { SessionRepository } from './session.repository.js';
import { describeUserAgent } from './user-agent.js';

/**
 * The devices page: the caller's live sessions, and signing out one of them or all but the current
 * one. Ending goes through the auth service, which also drops the ended keys from its cache.
 */
/** Ending sessions, as the auth service does it (it also drops the ended keys from its cache). */
export interface SessionRevoker {
  revokeSession(memberIdx: number, familyId: string): Promise<boolean>;
  revokeAllSessions(memberIdx: number, keep?: string, recorded?: boolean): Promise<number>;
}

export function createSessionService(ctx: AppContext, repo: SessionRepository, auth: SessionRevoker) {
  return {
    async list(actor: Actor): Promise<MemberSession[]> {
      const rows = await repo.listLive(actor.memberIdx, ctx.clock.now());
      return rows.map((row) => ({
        sessionId: row.familyId,
        ...describeUserAgent(row.userAgent),
        ip: row.ip,
        signedInAt: row.createdAt.toISOString(),
        lastUsedAt: (row.lastUsedAt ?? row.createdAt).toISOString(),
        current: row.familyId === actor.familyId,
      }));
    },

    /** Another member's session, or one already ended, is SESSION_NOT_FOUND: nothing about it shows. */
    async signOut(actor: Actor, sessionId: string): Promise<void> {
      if (!(await auth.revokeSession(actor.memberIdx, sessionId))) throw new AppError('SESSION_NOT_FOUND');
    },

    async signOutOthers(actor: Actor): Promise<{ count: number }> {
      return { count: await auth.revokeAllSessions(actor.memberIdx, actor.familyId, true) };
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
