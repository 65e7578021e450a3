import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { members, membersInProject } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';
import { holdsAdminAuthority } from '../membership/last-admin.js';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

export function createMemberRepository(db: Db) {
  return {
    async findActiveByEmail(email: string): Promise<MemberRow | null> {
      const [row] = await db
        .select()
        .from(members)
        .where(and(eq(members.email, email), isNull(members.deletedAt)));
      return row ?? null;
    },
    async findActiveById(memberIdx: number): Promise<MemberRow | null> {
      const [row] = await db
        .select()
        .from(members)
        .where(and(eq(members.memberIdx, memberIdx), isNull(members.deletedAt)));
      return row ?? null;
    },
    async findActiveByNameAndPhone(name: string, phone: string): Promise<MemberRow[]> {
      return db
        .select()
        .from(members)
        .where(and(eq(members.name, name), eq(members.phone, phone), isNull(members.deletedAt)));
    },
    async insert(row: NewMember): Promise<MemberRow> {
      const [created] = await db.insert(members).values(row).returning();
      return created!;
    },
    async update(memberIdx: number, patch: Partial<NewMember>): Promise<MemberRow | null> {
      const [row] = await db
        .update(members)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(members.memberIdx, memberIdx))
        .returning();
      return row ?? null;
    },
    /**
     * Counts a password attempt of an unknown browser before its password is checked, if the count
     * is still `seen` (compare-and-set: of attempts sent at once, one counts and the others read the
     * new count again). From `lockAfter` on, the wait restarts at `at`. null: another attempt won.
     */
    async countLoginAttempt(memberIdx: number, seen: number, lockAfter: number, at: Date) {
      const [row] = await db
        .update(members)
        .set({
          failedLogins: seen + 1,
          lockedAt: seen + 1 >= lockAfter ? at : sql`${members.lockedAt}`,
        })
        .where(and(eq(members.memberIdx, memberIdx), eq(members.failedLogins, seen)))
        .returning({ failedLogins: members.failedLogins, lockedAt: members.lockedAt });
      return row ?? null;
    },
    /** Whether the two members share an active project in which the viewer has admin authority. */
    async viewerAdminsProjectOf(viewerIdx: number, memberIdx: number): Promise<boolean> {
      const viewer = alias(membersInProject, 'viewer');
      const target = alias(membersInProject, 'target');
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(viewer)
        .innerJoin(target, eq(target.projectIdx, viewer.projectIdx))
        .where(
          and(
            eq(viewer.memberIdx, viewerIdx),
            eq(target.memberIdx, memberIdx),
            isNull(viewer.removedAt),
            isNull(target.removedAt),
            holdsAdminAuthority(viewer),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    async findByIds(ids: number[]): Promise<MemberRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(members).where(inArray(members.memberIdx, ids));
    },
  };
}
export type MemberRepository = ReturnType<typeof createMemberRepository>;
