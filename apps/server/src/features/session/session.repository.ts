import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessionFamilies, sessionTokens } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

/** The signed-in sessions (logins) of an account, as its devices page lists them. */
export function createSessionRepository(db: Db) {
  return {
    /**
     * Whether the account has signed in before at all, and whether from this browser (by its device
     * mark's hash), counting ended sessions too: a browser signed out is still one the owner used.
     */
    async priorSignIns(memberIdx: number, deviceHash: string) {
      const [row] = await db
        .select({
          any: sql<boolean>`count(*) > 0`,
          fromDevice: sql<boolean>`coalesce(bool_or(${sessionFamilies.deviceHash} = ${deviceHash}), false)`,
        })
        .from(sessionFamilies)
        .where(eq(sessionFamilies.memberIdx, memberIdx));
      return { any: Boolean(row?.any), fromDevice: Boolean(row?.fromDevice) };
    },

    /**
     * Sessions still alive: not ended, and holding a refresh token that is neither used nor expired
     * (a login left alone for 14 days is over without anyone ending it). Latest use first.
     */
    async listLive(memberIdx: number, at: Date) {
      const liveRefresh = db
        .select({ one: sql`1` })
        .from(sessionTokens)
        .where(
          and(
            eq(sessionTokens.familyId, sessionFamilies.familyId),
            eq(sessionTokens.kind, 'refresh'),
            isNull(sessionTokens.usedAt),
            gt(sessionTokens.expiresAt, at),
          ),
        );
      return db
        .select({
          familyId: sessionFamilies.familyId,
          userAgent: sessionFamilies.userAgent,
          ip: sessionFamilies.ip,
          createdAt: sessionFamilies.createdAt,
          lastUsedAt: sessionFamilies.lastUsedAt,
        })
        .from(sessionFamilies)
        .where(
          and(
            eq(sessionFamilies.memberIdx, memberIdx),
            isNull(sessionFamilies.revokedAt),
            sql`exists (${liveRefresh})`,
          ),
        )
        .orderBy(desc(sql`coalesce(${sessionFamilies.lastUsedAt}, ${sessionFamilies.createdAt})`));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
