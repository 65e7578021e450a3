import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { members, membersInProject } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

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
    async recordFailedLogin(memberIdx: number, lockAfter: number, at: Date) {
      // One statement so concurrent wrong attempts cannot lose a count.
      const [row] = await db
        .update(members)
        .set({
          failedLogins: sql`${members.failedLogins} + 1`,
          lockedAt: sql`case when ${members.failedLogins} + 1 >= ${lockAfter} then ${at.toISOString()}::timestamptz else ${members.lockedAt} end`,
        })
        .where(eq(members.memberIdx, memberIdx))
        .returning({ failedLogins: members.failedLogins, lockedAt: members.lockedAt });
      return row!;
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
            sql`(${viewer.role} = 'admin' or ${viewer.isAdmin})`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    /**
     * Projects with other members in which this member is the only one with admin authority: leaving
     * would orphan them (spec §5: a project needs at least one administrator).
     */
    async projectsWhereSoleAdmin(memberIdx: number): Promise<number[]> {
      const m = alias(membersInProject, 'm');
      const rows = await db
        .select({ projectIdx: m.projectIdx })
        .from(m)
        .where(
          and(
            eq(m.memberIdx, memberIdx),
            isNull(m.removedAt),
            sql`(${m.role} = 'admin' or ${m.isAdmin})`,
            sql`not exists (select 1 from ${membersInProject} o where o.project_idx = ${m.projectIdx} and o.member_idx <> ${m.memberIdx} and o.removed_at is null and (o.role = 'admin' or o.is_admin))`,
            sql`exists (select 1 from ${membersInProject} o where o.project_idx = ${m.projectIdx} and o.member_idx <> ${m.memberIdx} and o.removed_at is null)`,
          ),
        );
      return rows.map((r) => r.projectIdx);
    },
    async removeFromAllProjects(memberIdx: number, at: Date) {
      await db
        .update(membersInProject)
        .set({ removedAt: at })
        .where(and(eq(membersInProject.memberIdx, memberIdx), isNull(membersInProject.removedAt)));
    },
    async findByIds(ids: number[]): Promise<MemberRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(members).where(inArray(members.memberIdx, ids));
    },
  };
}
export type MemberRepository = ReturnType<typeof createMemberRepository>;
