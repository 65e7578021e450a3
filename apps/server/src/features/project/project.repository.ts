import { and, asc, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import { members, membersInProject, projects } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';
import { holdsAdminAuthority, membershipsOn } from '../membership/membership.port.js';

export type ProjectRow = typeof projects.$inferSelect;

export function createProjectRepository(db: Db) {
  const memberships = membershipsOn(db);
  const activeCount = sql<number>`(select count(*)::int from ${membersInProject} m where m.project_idx = ${projects.projectIdx} and m.removed_at is null)`;
  return {
    async createWithMember(
      project: typeof projects.$inferInsert,
      member: Omit<typeof membersInProject.$inferInsert, 'projectIdx'>,
    ) {
      return db.transaction(async (tx) => {
        const [p] = await tx.insert(projects).values(project).returning();
        const [m] = await tx
          .insert(membersInProject)
          .values({ ...member, projectIdx: p!.projectIdx })
          .returning();
        return { project: p!, membership: m! };
      });
    },
    /**
     * The projects an account created that still count (not deleted, or deleted and restorable),
     * counted under a lock on the account's row: two creations at once cannot both take the last place.
     */
    async lockAndCountCreatedBy(memberIdx: number, restorableSince: Date): Promise<number> {
      await db
        .select({ one: members.memberIdx })
        .from(members)
        .where(eq(members.memberIdx, memberIdx))
        .for('no key update');
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(projects)
        .where(
          and(
            eq(projects.createdByIdx, memberIdx),
            or(eq(projects.delYn, 'N'), gte(projects.deletedAt, restorableSince)),
          ),
        );
      return row?.n ?? 0;
    },
    async findById(projectIdx: number): Promise<ProjectRow | null> {
      const [row] = await db
        .select()
        .from(projects)
        .where(and(eq(projects.projectIdx, projectIdx), eq(projects.delYn, 'N')));
      return row ?? null;
    },
    // The caller's membership, for the authorization of project actions (the membership module's queries).
    findMembership: memberships.findMembership.bind(memberships),
    findMembershipInAnyState: memberships.findMembershipInAnyState.bind(memberships),
    totalMember: memberships.totalMember.bind(memberships),
    async findAnyById(projectIdx: number): Promise<ProjectRow | null> {
      const [row] = await db.select().from(projects).where(eq(projects.projectIdx, projectIdx));
      return row ?? null;
    },
    async update(projectIdx: number, set: Partial<typeof projects.$inferInsert>): Promise<ProjectRow> {
      const [row] = await db
        .update(projects)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(projects.projectIdx, projectIdx))
        .returning();
      return row!;
    },
    async markDeleted(projectIdx: number, memberIdx: number, at: Date) {
      await db
        .update(projects)
        .set({ delYn: 'Y', deletedAt: at, deletedByIdx: memberIdx })
        .where(and(eq(projects.projectIdx, projectIdx), eq(projects.delYn, 'N')));
    },
    async markRestored(projectIdx: number, memberIdx: number, at: Date) {
      await db
        .update(projects)
        .set({ delYn: 'N', deletedAt: null, deletedByIdx: null, updatedAt: at, updatedByIdx: memberIdx })
        .where(eq(projects.projectIdx, projectIdx));
    },
    /** Deleted projects (since `since`) in which the member holds admin authority. */
    async deletedWithAdminAuthority(memberIdx: number, since: Date) {
      return db
        .select({ project: projects })
        .from(membersInProject)
        .innerJoin(projects, eq(projects.projectIdx, membersInProject.projectIdx))
        .where(
          and(
            eq(membersInProject.memberIdx, memberIdx),
            isNull(membersInProject.removedAt),
            holdsAdminAuthority(membersInProject),
            eq(projects.delYn, 'Y'),
            gt(projects.deletedAt, since),
          ),
        )
        .orderBy(desc(projects.deletedAt));
    },
    async listOfMember(memberIdx: number) {
      return db
        .select({ project: projects, membership: membersInProject, totalMember: activeCount })
        .from(membersInProject)
        .innerJoin(projects, eq(projects.projectIdx, membersInProject.projectIdx))
        .where(
          and(
            eq(membersInProject.memberIdx, memberIdx),
            isNull(membersInProject.removedAt),
            eq(projects.delYn, 'N'),
          ),
        )
        .orderBy(asc(projects.projectIdx));
    },
    async findByName(name: string): Promise<ProjectRow | null> {
      const [row] = await db.select().from(projects).where(eq(projects.name, name)).limit(1);
      return row ?? null;
    },
  };
}
export type ProjectRepository = ReturnType<typeof createProjectRepository>;
