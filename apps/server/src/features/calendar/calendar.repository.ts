import { and, asc, count, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import {
  calendarFeeds,
  contracts,
  githubConnections,
  members,
  membersInProject,
  milestones,
  projects,
  stories,
  storyAssignees,
} from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
export type CalendarFeedListRow = CalendarFeedRow & { projectName: string | null };

/** A live membership of a live project: what a feed may show. */
const liveMembership = (memberIdx: number) =>
  and(eq(membersInProject.memberIdx, memberIdx), isNull(membersInProject.removedAt), eq(projects.delYn, 'N'));

/** The calendar feeds of members and what they show (features/calendar). */
export function createCalendarRepository(db: Db) {
  return {
    async insert(row: typeof calendarFeeds.$inferInsert): Promise<CalendarFeedRow> {
      const [made] = await db.insert(calendarFeeds).values(row).returning();
      return made!;
    },

    /** Locks the owner's account row, so two creations of one member count and revoke one after the other. */
    async lockOwner(memberIdx: number): Promise<void> {
      await db
        .select({ memberIdx: members.memberIdx })
        .from(members)
        .where(eq(members.memberIdx, memberIdx))
        .for('no key update');
    },

    async countLive(memberIdx: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(calendarFeeds)
        .where(and(eq(calendarFeeds.memberIdx, memberIdx), isNull(calendarFeeds.revokedAt)));
      return row?.n ?? 0;
    },

    /** The member's live feeds with their project's name, oldest first. */
    listOf(memberIdx: number): Promise<CalendarFeedListRow[]> {
      return db
        .select({
          calendarIdx: calendarFeeds.calendarIdx,
          memberIdx: calendarFeeds.memberIdx,
          projectIdx: calendarFeeds.projectIdx,
          secretHash: calendarFeeds.secretHash,
          createdAt: calendarFeeds.createdAt,
          revokedAt: calendarFeeds.revokedAt,
          lastFetchedAt: calendarFeeds.lastFetchedAt,
          projectName: projects.name,
        })
        .from(calendarFeeds)
        .leftJoin(projects, eq(projects.projectIdx, calendarFeeds.projectIdx))
        .where(and(eq(calendarFeeds.memberIdx, memberIdx), isNull(calendarFeeds.revokedAt)))
        .orderBy(asc(calendarFeeds.calendarIdx));
    },

    /** Revokes one live feed of the member; null when it is another's, unknown or already revoked. */
    async revoke(memberIdx: number, calendarIdx: number, at: Date): Promise<CalendarFeedRow | null> {
      const [row] = await db
        .update(calendarFeeds)
        .set({ revokedAt: at })
        .where(
          and(
            eq(calendarFeeds.calendarIdx, calendarIdx),
            eq(calendarFeeds.memberIdx, memberIdx),
            isNull(calendarFeeds.revokedAt),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Revokes the member's live feed of the same kind (their own, or of this project): a new one replaces it. */
    revokeSame(memberIdx: number, projectIdx: number | null, at: Date): Promise<CalendarFeedRow[]> {
      return db
        .update(calendarFeeds)
        .set({ revokedAt: at })
        .where(
          and(
            eq(calendarFeeds.memberIdx, memberIdx),
            projectIdx === null ? isNull(calendarFeeds.projectIdx) : eq(calendarFeeds.projectIdx, projectIdx),
            isNull(calendarFeeds.revokedAt),
          ),
        )
        .returning();
    },

    /** The feed of a secret's hash with its owner's state; null when unknown. */
    async findByHash(secretHash: string) {
      const [row] = await db
        .select({
          feed: calendarFeeds,
          memberDeletedAt: members.deletedAt,
          lang: members.lang,
          nickname: members.nickname,
        })
        .from(calendarFeeds)
        .innerJoin(members, eq(members.memberIdx, calendarFeeds.memberIdx))
        .where(eq(calendarFeeds.secretHash, secretHash));
      return row ?? null;
    },

    async touch(calendarIdx: number, at: Date): Promise<void> {
      await db
        .update(calendarFeeds)
        .set({ lastFetchedAt: at })
        .where(eq(calendarFeeds.calendarIdx, calendarIdx));
    },

    /** The member's live memberships of live projects, with the project's name and GitHub key. */
    memberships(memberIdx: number, projectIdx?: number) {
      return db
        .select({
          memberInProjectIdx: membersInProject.memberInProjectIdx,
          projectIdx: projects.projectIdx,
          projectName: projects.name,
          projectKey: githubConnections.projectKey,
        })
        .from(membersInProject)
        .innerJoin(projects, eq(projects.projectIdx, membersInProject.projectIdx))
        .leftJoin(githubConnections, eq(githubConnections.projectIdx, projects.projectIdx))
        .where(
          and(
            liveMembership(memberIdx),
            projectIdx === undefined ? undefined : eq(projects.projectIdx, projectIdx),
          ),
        )
        .orderBy(asc(projects.projectIdx));
    },

    /** Milestones of these projects with a date. */
    milestonesOf(projectIdxs: number[]) {
      if (projectIdxs.length === 0) return Promise.resolve([]);
      return db
        .select({
          milestoneIdx: milestones.milestoneIdx,
          projectIdx: milestones.projectIdx,
          title: milestones.title,
          startDt: milestones.startDt,
          endDt: milestones.endDt,
          updatedAt: milestones.updatedAt,
        })
        .from(milestones)
        .where(
          and(
            inArray(milestones.projectIdx, projectIdxs),
            or(isNotNull(milestones.startDt), isNotNull(milestones.endDt)),
          ),
        )
        .orderBy(asc(milestones.milestoneIdx));
    },

    /** Stories with a due date: of these projects, or (with `memberInProjectIdxs`) assigned to these memberships. */
    storiesDue(projectIdxs: number[], memberInProjectIdxs?: number[]) {
      if (projectIdxs.length === 0 || memberInProjectIdxs?.length === 0) return Promise.resolve([]);
      const columns = {
        storyIdx: stories.storyIdx,
        projectIdx: stories.projectIdx,
        storyNo: stories.storyNo,
        title: stories.title,
        endDt: stories.endDt,
        updatedAt: stories.updatedAt,
      };
      const due = and(inArray(stories.projectIdx, projectIdxs), isNotNull(stories.endDt));
      if (!memberInProjectIdxs)
        return db.select(columns).from(stories).where(due).orderBy(asc(stories.storyIdx));
      return db
        .selectDistinct(columns)
        .from(stories)
        .innerJoin(storyAssignees, eq(storyAssignees.storyIdx, stories.storyIdx))
        .where(and(due, inArray(storyAssignees.memberInProjectIdx, memberInProjectIdxs)))
        .orderBy(asc(stories.storyIdx));
    },

    /** Contracts of these memberships that are offered, running or done (not declined). */
    contractsOf(memberInProjectIdxs: number[]) {
      if (memberInProjectIdxs.length === 0) return Promise.resolve([]);
      return db
        .select({
          contractIdx: contracts.contractIdx,
          projectIdx: contracts.projectIdx,
          startDt: contracts.startDt,
          endDt: contracts.endDt,
          status: contracts.status,
          scope: contracts.scope,
          updatedAt: contracts.updatedAt,
        })
        .from(contracts)
        .where(
          and(
            inArray(contracts.memberInProjectIdx, memberInProjectIdxs),
            inArray(contracts.status, ['awaiting', 'inProgress', 'completed']),
          ),
        )
        .orderBy(asc(contracts.contractIdx));
    },
  };
}
export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
