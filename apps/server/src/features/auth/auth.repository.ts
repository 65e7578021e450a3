import { and, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { emailTokens, members, sessionFamilies, sessionTokens } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

type EmailPurpose = 'join' | 'password' | 'joinVerified';

export function createAuthRepository(db: Db) {
  return {
    async insertEmailToken(row: {
      tokenHash: string;
      email: string;
      purpose: EmailPurpose;
      expiresAt: Date;
      createdAt: Date;
    }) {
      await db.insert(emailTokens).values(row);
    },
    /** Mails sent to an address since a moment, for throttling. */
    async countEmailTokensSince(email: string, purposes: EmailPurpose[], since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.email, email),
            inArray(emailTokens.purpose, purposes),
            gte(emailTokens.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },
    async findEmailToken(tokenHash: string) {
      const [row] = await db.select().from(emailTokens).where(eq(emailTokens.tokenHash, tokenHash));
      return row ?? null;
    },
    /** Marks a token used only if it still was unused, so two concurrent uses cannot both win. */
    async consumeEmailToken(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: at })
        .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return rows.length === 1;
    },
    /** A new login; `provenAt` is when it proved its factor (its sign-in), for step-up. */
    async createFamily(familyId: string, memberIdx: number, provenAt: Date) {
      await db.insert(sessionFamilies).values({ familyId, memberIdx, provenAt });
    },
    async insertSessionToken(row: {
      tokenHash: string;
      familyId: string;
      kind: 'access' | 'refresh';
      expiresAt: Date;
    }) {
      await db.insert(sessionTokens).values(row);
    },
    async findSessionToken(tokenHash: string, kind: 'access' | 'refresh') {
      const [row] = await db
        .select({
          id: sessionTokens.id,
          familyId: sessionTokens.familyId,
          expiresAt: sessionTokens.expiresAt,
          usedAt: sessionTokens.usedAt,
          memberIdx: sessionFamilies.memberIdx,
          familyRevokedAt: sessionFamilies.revokedAt,
          memberDeletedAt: members.deletedAt,
        })
        .from(sessionTokens)
        .innerJoin(sessionFamilies, eq(sessionFamilies.familyId, sessionTokens.familyId))
        .innerJoin(members, eq(members.memberIdx, sessionFamilies.memberIdx))
        .where(and(eq(sessionTokens.tokenHash, tokenHash), eq(sessionTokens.kind, kind)));
      return row ?? null;
    },
    async markRefreshUsed(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(sessionTokens)
        .set({ usedAt: at })
        .where(and(eq(sessionTokens.id, id), isNull(sessionTokens.usedAt)))
        .returning({ id: sessionTokens.id });
      return rows.length === 1;
    },
    async revokeFamily(familyId: string, at: Date) {
      await db
        .update(sessionFamilies)
        .set({ revokedAt: at })
        .where(and(eq(sessionFamilies.familyId, familyId), isNull(sessionFamilies.revokedAt)));
    },
    /** Which of these families have been revoked (logout, reuse, withdrawal, password reset). */
    async revokedAmong(familyIds: string[]): Promise<string[]> {
      if (familyIds.length === 0) return [];
      const rows = await db
        .select({ familyId: sessionFamilies.familyId })
        .from(sessionFamilies)
        .where(and(inArray(sessionFamilies.familyId, familyIds), isNotNull(sessionFamilies.revokedAt)));
      return rows.map((r) => r.familyId);
    },
    async revokeAllFamiliesOf(memberIdx: number, at: Date) {
      await db
        .update(sessionFamilies)
        .set({ revokedAt: at })
        .where(and(eq(sessionFamilies.memberIdx, memberIdx), isNull(sessionFamilies.revokedAt)));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
