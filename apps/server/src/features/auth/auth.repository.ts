import { and, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { emailTokens, members, sessionFamilies, sessionTokens } from '../../db/schema/index.js';
import type { EmailTokenPurpose } from '../../db/schema/member.js';
import type { Db } from '../../infra/db.js';

type EmailPurpose = EmailTokenPurpose;

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
    async createFamily(row: typeof sessionFamilies.$inferInsert) {
      await db.insert(sessionFamilies).values(row);
    },
    /** What the devices list shows of a session: when and from where it was last used. */
    async touchFamily(
      familyId: string,
      patch: Pick<typeof sessionFamilies.$inferInsert, 'lastUsedAt' | 'ip' | 'userAgent'>,
    ) {
      await db.update(sessionFamilies).set(patch).where(eq(sessionFamilies.familyId, familyId));
    },
    /** Whether any session of the member, ended or not, was started from this device mark's hash. */
    async signedInFrom(memberIdx: number, deviceHash: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(sessionFamilies)
        .where(and(eq(sessionFamilies.memberIdx, memberIdx), eq(sessionFamilies.deviceHash, deviceHash)))
        .limit(1);
      return rows.length > 0;
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
          familyLastUsedAt: sessionFamilies.lastUsedAt,
          memberDeletedAt: members.deletedAt,
        })
        .from(sessionTokens)
        .innerJoin(sessionFamilies, eq(sessionFamilies.familyId, sessionTokens.familyId))
        .innerJoin(members, eq(members.memberIdx, sessionFamilies.memberIdx))
        .where(and(eq(sessionTokens.tokenHash, tokenHash), eq(sessionTokens.kind, kind)));
      return row ?? null;
    },
    /**
     * A refresh token's row, locked until the transaction ends: parallel uses of one token (on any
     * instance) queue behind the first and then read what its rotation wrote.
     */
    async lockRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({
          id: sessionTokens.id,
          familyId: sessionTokens.familyId,
          expiresAt: sessionTokens.expiresAt,
          usedAt: sessionTokens.usedAt,
          successor: sessionTokens.successor,
          familyRevokedAt: sessionFamilies.revokedAt,
          memberDeletedAt: members.deletedAt,
        })
        .from(sessionTokens)
        .innerJoin(sessionFamilies, eq(sessionFamilies.familyId, sessionTokens.familyId))
        .innerJoin(members, eq(members.memberIdx, sessionFamilies.memberIdx))
        .where(and(eq(sessionTokens.tokenHash, tokenHash), eq(sessionTokens.kind, 'refresh')))
        .for('update', { of: sessionTokens });
      return row ?? null;
    },
    /** The refresh token is used; its rotation's sealed answer stays for the grace (refresh-grace.ts). */
    async completeRotation(id: number, at: Date, successor: string) {
      await db.update(sessionTokens).set({ usedAt: at, successor }).where(eq(sessionTokens.id, id));
    },
    /** Sealed answers of a login whose grace ended before `before` are of no further use. */
    async dropSuccessors(familyId: string, before: Date) {
      await db
        .update(sessionTokens)
        .set({ successor: null })
        .where(
          and(
            eq(sessionTokens.familyId, familyId),
            isNotNull(sessionTokens.successor),
            lt(sessionTokens.usedAt, before),
          ),
        );
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
    /** Ends every login of a member, or every one but `keep` (the caller's own). */
    async revokeAllFamiliesOf(memberIdx: number, at: Date, keep?: string): Promise<string[]> {
      const rows = await db
        .update(sessionFamilies)
        .set({ revokedAt: at })
        .where(
          and(
            eq(sessionFamilies.memberIdx, memberIdx),
            isNull(sessionFamilies.revokedAt),
            keep === undefined ? undefined : ne(sessionFamilies.familyId, keep),
          ),
        )
        .returning({ familyId: sessionFamilies.familyId });
      return rows.map((r) => r.familyId);
    },
    /** Ends one login of a member; false when it is not theirs or already ended. */
    async revokeFamilyOf(memberIdx: number, familyId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(sessionFamilies)
        .set({ revokedAt: at })
        .where(
          and(
            eq(sessionFamilies.familyId, familyId),
            eq(sessionFamilies.memberIdx, memberIdx),
            isNull(sessionFamilies.revokedAt),
          ),
        )
        .returning({ familyId: sessionFamilies.familyId });
      return rows.length === 1;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
