import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import { accessTokens, members } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type AccessTokenRow = typeof accessTokens.$inferSelect;

/** The personal access tokens of members (features/access-token). */
export function createAccessTokenRepository(db: Db) {
  return {
    async insert(row: typeof accessTokens.$inferInsert): Promise<AccessTokenRow> {
      const [made] = await db.insert(accessTokens).values(row).returning();
      return made!;
    },

    /**
     * Locks the owner's account row for the rest of the transaction, so two creations of one member
     * count their live tokens one after the other (PostgreSQL; PGlite's one connection already does).
     */
    async lockOwner(memberIdx: number): Promise<void> {
      await db
        .select({ memberIdx: members.memberIdx })
        .from(members)
        .where(eq(members.memberIdx, memberIdx))
        .for('no key update');
    },

    /** Tokens neither revoked nor expired at `at`. */
    async countLive(memberIdx: number, at: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(accessTokens)
        .where(
          and(
            eq(accessTokens.memberIdx, memberIdx),
            isNull(accessTokens.revokedAt),
            gt(accessTokens.expiresAt, at),
          ),
        );
      return row?.n ?? 0;
    },

    /** The member's tokens not revoked (expired ones too, so the owner sees them end), oldest first. */
    listOf(memberIdx: number): Promise<AccessTokenRow[]> {
      return db
        .select()
        .from(accessTokens)
        .where(and(eq(accessTokens.memberIdx, memberIdx), isNull(accessTokens.revokedAt)))
        .orderBy(asc(accessTokens.tokenIdx));
    },

    /** Revokes one token of the member; null when it is another's, unknown or already revoked. */
    async revoke(memberIdx: number, tokenIdx: number, at: Date): Promise<AccessTokenRow | null> {
      const [row] = await db
        .update(accessTokens)
        .set({ revokedAt: at })
        .where(
          and(
            eq(accessTokens.tokenIdx, tokenIdx),
            eq(accessTokens.memberIdx, memberIdx),
            isNull(accessTokens.revokedAt),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The token of a secret's hash with whether its member has withdrawn. */
    async findByHash(tokenHash: string) {
      const [row] = await db
        .select({ token: accessTokens, memberDeletedAt: members.deletedAt })
        .from(accessTokens)
        .innerJoin(members, eq(members.memberIdx, accessTokens.memberIdx))
        .where(eq(accessTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    async touch(tokenIdx: number, at: Date, ip: string | null) {
      await db
        .update(accessTokens)
        .set({ lastUsedAt: at, lastUsedIp: ip })
        .where(eq(accessTokens.tokenIdx, tokenIdx));
    },
  };
}
export type AccessTokenRepository = ReturnType<typeof createAccessTokenRepository>;
