import { and, eq, isNull, sql } from 'drizzle-orm';
import { membersInProject, projects } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';
import type { MembershipRow } from '../project/project.repository.js';

/** Serialises member changes of one project (the last-admin rule must see a settled count). */
const MEMBER_LOCK_NAMESPACE = 7_241_902;

export function createProjectMemberRepository(db: Db) {
  const repo = (h: Db) => ({
    async lockProject(projectIdx: number) {
      await h.execute(sql`select pg_advisory_xact_lock(${MEMBER_LOCK_NAMESPACE}, ${projectIdx})`);
    },
    /** An active record in a live project. */
    async findActiveRecord(memberInProjectIdx: number): Promise<MembershipRow | null> {
      const [row] = await h
        .select({ m: membersInProject })
        .from(membersInProject)
        .innerJoin(projects, eq(projects.projectIdx, membersInProject.projectIdx))
        .where(
          and(
            eq(membersInProject.memberInProjectIdx, memberInProjectIdx),
            isNull(membersInProject.removedAt),
            eq(projects.delYn, 'N'),
          ),
        );
      return row?.m ?? null;
    },
    /** The caller's active record in a project (inside the same transaction as the change). */
    async findCaller(projectIdx: number, memberIdx: number): Promise<MembershipRow | null> {
      const [row] = await h
        .select()
        .from(membersInProject)
        .where(
          and(
            eq(membersInProject.projectIdx, projectIdx),
            eq(membersInProject.memberIdx, memberIdx),
            isNull(membersInProject.removedAt),
          ),
        );
      return row ?? null;
    },
    /** Active members holding admin authority (role admin or the isAdmin flag). */
    async countAdminAuthority(projectIdx: number): Promise<number> {
      const [row] = await h
        .select({ n: sql<number>`count(*)::int` })
        .from(membersInProject)
        .where(
          and(
            eq(membersInProject.projectIdx, projectIdx),
            isNull(membersInProject.removedAt),
            sql`(${membersInProject.role} = 'admin' or ${membersInProject.isAdmin})`,
          ),
        );
      return row?.n ?? 0;
    },
    async update(
      memberInProjectIdx: number,
      set: Partial<Pick<MembershipRow, 'role' | 'isAdmin' | 'depth1Idx'>>,
    ): Promise<MembershipRow> {
      const [row] = await h
        .update(membersInProject)
        .set(set)
        .where(eq(membersInProject.memberInProjectIdx, memberInProjectIdx))
        .returning();
      return row!;
    },
    async markRemoved(memberInProjectIdx: number, at: Date) {
      await h
        .update(membersInProject)
        .set({ removedAt: at })
        .where(eq(membersInProject.memberInProjectIdx, memberInProjectIdx));
    },
    /** A lead left the lead role or the project: their team has no lead until one is set. */
    async detachTeam(projectIdx: number, leadIdx: number) {
      await h
        .update(membersInProject)
        .set({ depth1Idx: null })
        .where(and(eq(membersInProject.projectIdx, projectIdx), eq(membersInProject.depth1Idx, leadIdx)));
    },
  });
  return {
    ...repo(db),
    transaction<T>(work: (r: ReturnType<typeof repo>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(repo(tx as unknown as Db)));
    },
  };
}
export type ProjectMemberRepository = ReturnType<typeof createProjectMemberRepository>;
