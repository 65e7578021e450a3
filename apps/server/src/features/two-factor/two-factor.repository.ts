import { and, count, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  memberPasskeys,
  memberRecoveryCodes,
  members,
  memberTotp,
  projects,
  secondFactorFailures,
  sessionFamilies,
  signInChallenges,
} from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type ChallengeKind = (typeof signInChallenges.$inferSelect)['kind'];
export type PasskeyRow = typeof memberPasskeys.$inferSelect;

/**
 * The tables of two-factor sign-in: authenticator apps, passkeys, recovery codes, the single-use
 * sign-in challenges and the count of wrong entries; plus the two columns it owns elsewhere (a
 * login's `proven_at`, a project's `require_two_factor`).
 */
export function createTwoFactorRepository(db: Db) {
  return {
    // Authenticator app (TOTP)
    async findTotp(memberIdx: number) {
      const [row] = await db.select().from(memberTotp).where(eq(memberTotp.memberIdx, memberIdx));
      return row ?? null;
    },
    /** A new secret waiting for its first code; never replaces a confirmed one. */
    async savePendingTotp(memberIdx: number, secretSealed: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(memberTotp)
        .values({ memberIdx, secretSealed, createdAt: at })
        .onConflictDoUpdate({
          target: memberTotp.memberIdx,
          set: { secretSealed, lastStep: 0, createdAt: at },
          setWhere: isNull(memberTotp.confirmedAt),
        })
        .returning({ memberIdx: memberTotp.memberIdx });
      return rows.length === 1;
    },
    async confirmTotp(memberIdx: number, step: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(memberTotp)
        .set({ confirmedAt: at, lastStep: step })
        .where(and(eq(memberTotp.memberIdx, memberIdx), isNull(memberTotp.confirmedAt)))
        .returning({ memberIdx: memberTotp.memberIdx });
      return rows.length === 1;
    },
    /** Takes a code's step if it is later than the last one taken: each code works once. */
    async useTotpStep(memberIdx: number, step: number): Promise<boolean> {
      const rows = await db
        .update(memberTotp)
        .set({ lastStep: step })
        .where(
          and(
            eq(memberTotp.memberIdx, memberIdx),
            isNotNull(memberTotp.confirmedAt),
            lt(memberTotp.lastStep, step),
          ),
        )
        .returning({ memberIdx: memberTotp.memberIdx });
      return rows.length === 1;
    },
    async deleteTotp(memberIdx: number): Promise<boolean> {
      const rows = await db
        .delete(memberTotp)
        .where(and(eq(memberTotp.memberIdx, memberIdx), isNotNull(memberTotp.confirmedAt)))
        .returning({ memberIdx: memberTotp.memberIdx });
      return rows.length === 1;
    },

    // Passkeys
    async listPasskeys(memberIdx: number): Promise<PasskeyRow[]> {
      return db
        .select()
        .from(memberPasskeys)
        .where(eq(memberPasskeys.memberIdx, memberIdx))
        .orderBy(memberPasskeys.passkeyIdx);
    },
    /** A passkey by the credential id the browser names, with whether its account is still active. */
    async findPasskeyByCredential(credentialId: string) {
      const [row] = await db
        .select({ passkey: memberPasskeys, deletedAt: members.deletedAt })
        .from(memberPasskeys)
        .innerJoin(members, eq(members.memberIdx, memberPasskeys.memberIdx))
        .where(eq(memberPasskeys.credentialId, credentialId));
      return row ?? null;
    },
    async insertPasskey(row: typeof memberPasskeys.$inferInsert): Promise<PasskeyRow> {
      const [inserted] = await db.insert(memberPasskeys).values(row).returning();
      return inserted!;
    },
    async touchPasskey(passkeyIdx: number, counter: number, at: Date) {
      await db
        .update(memberPasskeys)
        .set({ counter, lastUsedAt: at })
        .where(eq(memberPasskeys.passkeyIdx, passkeyIdx));
    },
    async deletePasskey(memberIdx: number, passkeyIdx: number): Promise<boolean> {
      const rows = await db
        .delete(memberPasskeys)
        .where(and(eq(memberPasskeys.memberIdx, memberIdx), eq(memberPasskeys.passkeyIdx, passkeyIdx)))
        .returning({ passkeyIdx: memberPasskeys.passkeyIdx });
      return rows.length === 1;
    },

    // Recovery codes
    async countUnusedRecoveryCodes(memberIdx: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(memberRecoveryCodes)
        .where(and(eq(memberRecoveryCodes.memberIdx, memberIdx), isNull(memberRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },
    async replaceRecoveryCodes(memberIdx: number, hashes: string[], at: Date) {
      await db.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.memberIdx, memberIdx));
      if (hashes.length > 0)
        await db
          .insert(memberRecoveryCodes)
          .values(hashes.map((codeHash) => ({ memberIdx, codeHash, createdAt: at })));
    },
    /** Uses a code up if it is the account's and unused, so two concurrent uses cannot both win. */
    async useRecoveryCode(memberIdx: number, codeHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(memberRecoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(memberRecoveryCodes.memberIdx, memberIdx),
            eq(memberRecoveryCodes.codeHash, codeHash),
            isNull(memberRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: memberRecoveryCodes.id });
      return rows.length === 1;
    },

    /** What protects an account: a confirmed app, its passkeys, its unused recovery codes. */
    async factorsOf(memberIdx: number) {
      const [row] = await db
        .select({
          totp: sql<boolean>`exists (select 1 from ${memberTotp} where ${memberTotp.memberIdx} = ${memberIdx} and ${memberTotp.confirmedAt} is not null)`,
          passkeys:
            sql<number>`(select count(*) from ${memberPasskeys} where ${memberPasskeys.memberIdx} = ${memberIdx})`.mapWith(
              Number,
            ),
          codes:
            sql<number>`(select count(*) from ${memberRecoveryCodes} where ${memberRecoveryCodes.memberIdx} = ${memberIdx} and ${memberRecoveryCodes.usedAt} is null)`.mapWith(
              Number,
            ),
        })
        .from(members)
        .where(eq(members.memberIdx, memberIdx));
      return { totp: row?.totp === true, passkeys: row?.passkeys ?? 0, recoveryCodes: row?.codes ?? 0 };
    },

    // Sign-in challenges
    async insertChallenge(row: {
      tokenHash: string;
      kind: ChallengeKind;
      memberIdx: number | null;
      webauthnChallenge: string | null;
      expiresAt: Date;
      createdAt: Date;
    }) {
      await db.insert(signInChallenges).values(row);
    },
    /** A live challenge of one of these kinds (unused, not expired), or null. */
    async findLiveChallenge(tokenHash: string, kinds: ChallengeKind[], now: Date) {
      const [row] = await db.select().from(signInChallenges).where(eq(signInChallenges.tokenHash, tokenHash));
      if (!row || !kinds.includes(row.kind) || row.usedAt || row.expiresAt <= now) return null;
      return row;
    },
    async setWebauthnChallenge(id: number, webauthnChallenge: string) {
      await db.update(signInChallenges).set({ webauthnChallenge }).where(eq(signInChallenges.id, id));
    },
    /** Marks a challenge used only if it still was unused, so two concurrent uses cannot both win. */
    async consumeChallenge(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(signInChallenges)
        .set({ usedAt: at })
        .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt)))
        .returning({ id: signInChallenges.id });
      return rows.length === 1;
    },
    async deleteExpiredChallenges(before: Date) {
      await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, before));
    },

    // Wrong entries
    async countFailuresSince(by: { memberIdx: number } | { ip: string }, since: Date): Promise<number> {
      const who =
        'memberIdx' in by
          ? eq(secondFactorFailures.memberIdx, by.memberIdx)
          : eq(secondFactorFailures.ip, by.ip);
      const [row] = await db
        .select({ n: count() })
        .from(secondFactorFailures)
        .where(and(who, gte(secondFactorFailures.at, since)));
      return row?.n ?? 0;
    },
    /** The oldest failure in the window, to say when the limit lifts. */
    async oldestFailureSince(by: { memberIdx: number } | { ip: string }, since: Date): Promise<Date | null> {
      const who =
        'memberIdx' in by
          ? eq(secondFactorFailures.memberIdx, by.memberIdx)
          : eq(secondFactorFailures.ip, by.ip);
      const [row] = await db
        .select({
          at: sql<Date | null>`min(${secondFactorFailures.at})`.mapWith((v: string | Date | null) =>
            v ? new Date(v) : null,
          ),
        })
        .from(secondFactorFailures)
        .where(and(who, gte(secondFactorFailures.at, since)));
      return row?.at ?? null;
    },
    async recordFailure(memberIdx: number | null, ip: string, at: Date) {
      await db.insert(secondFactorFailures).values({ memberIdx, ip, at });
    },
    async deleteFailuresBefore(before: Date) {
      await db.delete(secondFactorFailures).where(lt(secondFactorFailures.at, before));
    },

    // A login's last proof (session_family.proven_at)
    async provenAt(familyId: string): Promise<Date | null> {
      const [row] = await db
        .select({ provenAt: sessionFamilies.provenAt })
        .from(sessionFamilies)
        .where(eq(sessionFamilies.familyId, familyId));
      return row?.provenAt ?? null;
    },
    async markProven(familyId: string, at: Date) {
      await db.update(sessionFamilies).set({ provenAt: at }).where(eq(sessionFamilies.familyId, familyId));
    },

    // The project setting
    async projectRequiresTwoFactor(projectIdx: number): Promise<boolean> {
      const [row] = await db
        .select({ required: projects.requireTwoFactor })
        .from(projects)
        .where(eq(projects.projectIdx, projectIdx));
      return row?.required ?? false;
    },
    async setProjectRequiresTwoFactor(projectIdx: number, required: boolean) {
      await db
        .update(projects)
        .set({ requireTwoFactor: required })
        .where(eq(projects.projectIdx, projectIdx));
    },
    /** Members among these who have no second factor (for the settings screen's warning). */
    async withoutFactor(memberIdxs: number[]): Promise<number[]> {
      if (memberIdxs.length === 0) return [];
      const having = await db
        .select({ memberIdx: memberTotp.memberIdx })
        .from(memberTotp)
        .where(and(inArray(memberTotp.memberIdx, memberIdxs), isNotNull(memberTotp.confirmedAt)))
        .union(
          db
            .select({ memberIdx: memberPasskeys.memberIdx })
            .from(memberPasskeys)
            .where(inArray(memberPasskeys.memberIdx, memberIdxs)),
        );
      const set = new Set(having.map((r) => r.memberIdx));
      return memberIdxs.filter((idx) => !set.has(idx));
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
