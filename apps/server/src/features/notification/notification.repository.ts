import { and, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  applications,
  contracts,
  members,
  membersInProject,
  milestones,
  notificationSettings,
  notifications,
  projects,
  recruitments,
  requests,
  stories,
  storyAssignees,
} from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationSettingRow = typeof notificationSettings.$inferSelect;

/** The account-wide row of `notification_setting` (the digest option). */
export const ACCOUNT_SETTING = '*';

/** The only code touching the notification tables, plus the reads that name a notice's people and things. */
export function createNotificationRepository(db: Db) {
  return {
    // ---------- notices ----------
    /** Inserts the notice once per (eventIdx, member, kind); null when it already existed. */
    async insertOnce(row: typeof notifications.$inferInsert): Promise<NotificationRow | null> {
      const [created] = await db.insert(notifications).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
    async findOnce(eventIdx: number, memberIdx: number, kind: string): Promise<NotificationRow | null> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.eventIdx, eventIdx),
            eq(notifications.memberIdx, memberIdx),
            eq(notifications.kind, kind),
          ),
        );
      return row ?? null;
    },
    async markMailQueued(notificationIdx: number, at: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ mailQueuedAt: at })
        .where(eq(notifications.notificationIdx, notificationIdx));
    },
    /** One page of a member's in-app notices, newest first, before `cursor` (a notificationIdx). */
    async page(memberIdx: number, options: { cursor?: number; limit: number; unreadOnly: boolean }) {
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.memberIdx, memberIdx),
            eq(notifications.inApp, true),
            options.cursor ? lt(notifications.notificationIdx, options.cursor) : undefined,
            options.unreadOnly ? isNull(notifications.readAt) : undefined,
          ),
        )
        .orderBy(desc(notifications.notificationIdx))
        .limit(options.limit + 1);
    },
    async unreadCount(memberIdx: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(
          and(
            eq(notifications.memberIdx, memberIdx),
            eq(notifications.inApp, true),
            isNull(notifications.readAt),
          ),
        );
      return row?.n ?? 0;
    },
    /** Marks the member's own unread notices read (all, or those of `ids`); others' ids match nothing. */
    async markRead(memberIdx: number, ids: number[] | 'all', at: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            eq(notifications.memberIdx, memberIdx),
            isNull(notifications.readAt),
            ids === 'all' ? undefined : inArray(notifications.notificationIdx, ids),
          ),
        )
        .returning({ notificationIdx: notifications.notificationIdx });
      return rows.length;
    },
    /** Members with notices waiting for the daily digest. */
    async digestMembers(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ memberIdx: notifications.memberIdx })
        .from(notifications)
        .where(eq(notifications.digestPending, true));
      return rows.map((r) => r.memberIdx);
    },
    async digestPending(memberIdx: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.memberIdx, memberIdx), eq(notifications.digestPending, true)))
        .orderBy(notifications.notificationIdx);
    },
    async clearDigest(notificationIdxs: number[], at: Date): Promise<void> {
      if (notificationIdxs.length === 0) return;
      await db
        .update(notifications)
        .set({ digestPending: false, mailQueuedAt: at })
        .where(inArray(notifications.notificationIdx, notificationIdxs));
    },

    // ---------- settings ----------
    async settings(memberIdx: number): Promise<NotificationSettingRow[]> {
      return db.select().from(notificationSettings).where(eq(notificationSettings.memberIdx, memberIdx));
    },
    /** The rows of one kind (and the account-wide row) for several members. */
    async settingsFor(memberIdxs: number[], kind: string): Promise<NotificationSettingRow[]> {
      if (memberIdxs.length === 0) return [];
      return db
        .select()
        .from(notificationSettings)
        .where(
          and(
            inArray(notificationSettings.memberIdx, memberIdxs),
            inArray(notificationSettings.kind, [kind, ACCOUNT_SETTING]),
          ),
        );
    },
    async saveSettings(
      rows: { memberIdx: number; kind: string; inApp: boolean; email: boolean; digest: boolean }[],
      at: Date,
    ): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(notificationSettings)
        .values(rows.map((r) => ({ ...r, updatedAt: at })))
        .onConflictDoUpdate({
          target: [notificationSettings.memberIdx, notificationSettings.kind],
          set: {
            inApp: sql`excluded.in_app`,
            email: sql`excluded.email`,
            digest: sql`excluded.digest`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },

    // ---------- who and what a notice names ----------
    /** Active accounts: address and language for the mail. */
    async accounts(memberIdxs: number[]) {
      if (memberIdxs.length === 0) return [];
      return db
        .select({ memberIdx: members.memberIdx, email: members.email, lang: members.lang })
        .from(members)
        .where(and(inArray(members.memberIdx, memberIdxs), isNull(members.deletedAt)));
    },
    /** memberInProjectIdx → account and nickname, for current members of the project only. */
    async people(projectIdx: number, memberInProjectIdxs: number[]) {
      if (memberInProjectIdxs.length === 0) return [];
      return db
        .select({
          memberInProjectIdx: membersInProject.memberInProjectIdx,
          memberIdx: membersInProject.memberIdx,
          nickname: members.nickname,
        })
        .from(membersInProject)
        .innerJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
        .where(
          and(
            eq(membersInProject.projectIdx, projectIdx),
            inArray(membersInProject.memberInProjectIdx, memberInProjectIdxs),
            isNull(membersInProject.removedAt),
          ),
        );
    },
    async nickname(memberIdx: number): Promise<string> {
      const [row] = await db
        .select({ nickname: members.nickname })
        .from(members)
        .where(eq(members.memberIdx, memberIdx));
      return row?.nickname ?? '';
    },
    /** A job post's title and the application's decision note, for recruitment notices. */
    async application(applicationIdx: number) {
      const [row] = await db
        .select({ title: recruitments.title, decisionNote: applications.decisionNote })
        .from(applications)
        .innerJoin(recruitments, eq(recruitments.recruitmentIdx, applications.recruitmentIdx))
        .where(eq(applications.applicationIdx, applicationIdx));
      return row ?? null;
    },
    async projectName(projectIdx: number): Promise<string> {
      const [row] = await db
        .select({ name: projects.name })
        .from(projects)
        .where(eq(projects.projectIdx, projectIdx));
      return row?.name ?? '';
    },
    async story(storyIdx: number) {
      const [row] = await db
        .select({ title: stories.title, reporterIdx: stories.reporterIdx, projectIdx: stories.projectIdx })
        .from(stories)
        .where(eq(stories.storyIdx, storyIdx));
      if (!row) return null;
      const assignees = await db
        .select({ memberInProjectIdx: storyAssignees.memberInProjectIdx })
        .from(storyAssignees)
        .where(eq(storyAssignees.storyIdx, storyIdx));
      return { ...row, assignees: assignees.map((a) => a.memberInProjectIdx) };
    },
    async requestTitle(requestIdx: number): Promise<string> {
      const [row] = await db
        .select({ title: requests.title })
        .from(requests)
        .where(eq(requests.requestIdx, requestIdx));
      return row?.title ?? '';
    },
    async milestoneTitle(milestoneIdx: number): Promise<string> {
      const [row] = await db
        .select({ title: milestones.title })
        .from(milestones)
        .where(eq(milestones.milestoneIdx, milestoneIdx));
      return row?.title ?? '';
    },
    async contractOfferer(contractIdx: number): Promise<number | null> {
      const [row] = await db
        .select({ offeredByIdx: contracts.offeredByIdx })
        .from(contracts)
        .where(eq(contracts.contractIdx, contractIdx));
      return row?.offeredByIdx ?? null;
    },
    /** Accounts of the project's current members matching a role test (clients, admins, deciders). */
    async membersWhere(projectIdx: number, who: 'clients' | 'admins' | 'deciders', except?: number) {
      const rows = await db
        .select({ memberIdx: membersInProject.memberIdx })
        .from(membersInProject)
        .where(
          and(
            eq(membersInProject.projectIdx, projectIdx),
            isNull(membersInProject.removedAt),
            except !== undefined ? ne(membersInProject.memberInProjectIdx, except) : undefined,
            who === 'clients'
              ? eq(membersInProject.role, 'client')
              : who === 'admins'
                ? or(eq(membersInProject.role, 'admin'), eq(membersInProject.isAdmin, true))
                : or(inArray(membersInProject.role, ['admin', 'client']), eq(membersInProject.isAdmin, true)),
          ),
        );
      return rows.map((r) => r.memberIdx);
    },
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
