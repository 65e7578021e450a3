import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { members, membersInProject, projectInvitations, projects } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';
import { holdsAdminAuthority, type OtherMembers } from './last-admin.js';

export type MembershipRow = typeof membersInProject.$inferSelect;
export type InvitationRow = typeof projectInvitations.$inferSelect;

/** A member as the project's member list shows them. */
export interface MemberInProjectRow {
  memberInProjectIdx: number;
  memberIdx: number;
  projectIdx: number;
  nickname: string;
  colorCode: string;
  profileFileIdx: number | null;
  role: 'admin' | 'depth1' | 'depth2' | 'client';
  isAdmin: boolean;
  depth1Idx: number | null;
}

const listed = {
  memberInProjectIdx: membersInProject.memberInProjectIdx,
  memberIdx: membersInProject.memberIdx,
  projectIdx: membersInProject.projectIdx,
  nickname: members.nickname,
  colorCode: members.colorCode,
  profileFileIdx: members.profileFileIdx,
  role: membersInProject.role,
  isAdmin: membersInProject.isAdmin,
  depth1Idx: membersInProject.depth1Idx,
};

const invitationWithNames = {
  invite: projectInvitations,
  inviterNickname: members.nickname,
  projectName: projects.name,
  projectDeleted: projects.delYn,
};

const active = isNull(membersInProject.removedAt);

/**
 * The one repository of memberships: who is in which project with which role, team lead and admin
 * authority; leaving, removal and withdrawal; invitations. Built on a handle (the database, or the
 * transaction of the module's unit of work) so a change and its checks share one transaction.
 */
export function createMembershipRepository(db: Db) {
  const invitations = () =>
    db
      .select(invitationWithNames)
      .from(projectInvitations)
      .innerJoin(members, eq(members.memberIdx, projectInvitations.invitedByIdx))
      .innerJoin(projects, eq(projects.projectIdx, projectInvitations.projectIdx));

  /** One active record in a live project. */
  const liveRecord = async (where: SQL | undefined): Promise<MembershipRow | null> => {
    const [row] = await db
      .select({ m: membersInProject })
      .from(membersInProject)
      .innerJoin(projects, eq(projects.projectIdx, membersInProject.projectIdx))
      .where(and(where, active, eq(projects.delYn, 'N')));
    return row?.m ?? null;
  };
  /**
   * The lookup behind every authorization, built once per repository (drizzle builds a query's SQL
   * on every call otherwise; named, PostgreSQL also plans it once per connection).
   */
  let membershipQuery: ReturnType<typeof prepareMembership> | null = null;
  const prepareMembership = () =>
    db
      .select({
        m: membersInProject,
        projectStatus: projects.status,
        requireTwoFactor: projects.requireTwoFactor,
        // Read only when the project asks for it (features/two-factor): no cost for other projects.
        // Written out: the correlated column must name its table (drizzle leaves it unqualified).
        hasSecondFactor: sql<boolean>`case when ${projects.requireTwoFactor} then (exists (select 1 from member_totp t where t.member_idx = "member_in_project"."member_idx" and t.confirmed_at is not null) or exists (select 1 from member_passkey p where p.member_idx = "member_in_project"."member_idx")) else false end`,
      })
      .from(membersInProject)
      .innerJoin(projects, eq(projects.projectIdx, membersInProject.projectIdx))
      .where(
        and(
          eq(membersInProject.projectIdx, sql.placeholder('projectIdx')),
          eq(membersInProject.memberIdx, sql.placeholder('memberIdx')),
          active,
          eq(projects.delYn, 'N'),
        ),
      )
      .prepare('membership_find');
  /** Active members as the member list shows them. */
  const listedWhere = (where: SQL | undefined) =>
    db
      .select(listed)
      .from(membersInProject)
      .innerJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
      .where(and(where, active));

  return {
    /** The member's active record in a live (not deleted) project. */
    async findMembership(projectIdx: number, memberIdx: number): Promise<MembershipRow | null> {
      membershipQuery ??= prepareMembership();
      const [row] = await membershipQuery.execute({ projectIdx, memberIdx });
      // The project's status rides along: authorization answers 423 for an INACTIVE project; and
      // its two-factor rule with whether the member has a factor (403 TWO_FACTOR_REQUIRED).
      return row
        ? Object.assign(row.m, {
            projectStatus: row.projectStatus,
            requireTwoFactor: row.requireTwoFactor,
            hasSecondFactor: row.hasSecondFactor === true,
          })
        : null;
    },
    /** The member's active record whatever the project's state (restore of a deleted project). */
    async findMembershipInAnyState(projectIdx: number, memberIdx: number): Promise<MembershipRow | null> {
      const [row] = await db
        .select()
        .from(membersInProject)
        .where(
          and(eq(membersInProject.projectIdx, projectIdx), eq(membersInProject.memberIdx, memberIdx), active),
        );
      return row ?? null;
    },
    /** An active record in a live project, by its id. */
    async findActiveRecord(memberInProjectIdx: number): Promise<MembershipRow | null> {
      return liveRecord(eq(membersInProject.memberInProjectIdx, memberInProjectIdx));
    },

    async listActive(projectIdx: number): Promise<MemberInProjectRow[]> {
      return listedWhere(eq(membersInProject.projectIdx, projectIdx)).orderBy(
        asc(membersInProject.memberInProjectIdx),
      );
    },
    /** Active records among `idxs` in this project (ids of other projects are simply absent). */
    async findActive(projectIdx: number, idxs: number[]): Promise<MemberInProjectRow[]> {
      if (idxs.length === 0) return [];
      return listedWhere(
        and(eq(membersInProject.projectIdx, projectIdx), inArray(membersInProject.memberInProjectIdx, idxs)),
      );
    },
    /** Any record (also of members who left): the permission check still needs their team. */
    async findRecords(projectIdx: number, idxs: number[]) {
      if (idxs.length === 0) return [];
      return db
        .select({
          memberInProjectIdx: membersInProject.memberInProjectIdx,
          depth1Idx: membersInProject.depth1Idx,
        })
        .from(membersInProject)
        .where(
          and(
            eq(membersInProject.projectIdx, projectIdx),
            inArray(membersInProject.memberInProjectIdx, idxs),
          ),
        );
    },
    async totalMember(projectIdx: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(membersInProject)
        .where(and(eq(membersInProject.projectIdx, projectIdx), active));
      return row?.n ?? 0;
    },
    /** The active members with what the action table decides on (role, admin authority, team lead). */
    async activeRecords(projectIdx: number): Promise<MembershipRow[]> {
      return db
        .select()
        .from(membersInProject)
        .where(and(eq(membersInProject.projectIdx, projectIdx), active));
    },
    /** Puts a member in directly (seed data, tests); re-activates a removed record. */
    async addMember(row: typeof membersInProject.$inferInsert): Promise<MembershipRow> {
      const [m] = await db
        .insert(membersInProject)
        .values(row)
        .onConflictDoUpdate({
          target: [membersInProject.projectIdx, membersInProject.memberIdx],
          set: {
            role: row.role,
            isAdmin: row.isAdmin ?? false,
            depth1Idx: row.depth1Idx ?? null,
            removedAt: null,
          },
        })
        .returning();
      return m!;
    },

    /**
     * Locks the project row until the transaction ends: member changes of one project run one after
     * another, so the last-admin rule counts what the previous change committed. `no key update`
     * waits only for other member changes (and project edits), not for inserts that merely
     * reference the project (stories, links), which take the weaker key-share lock.
     */
    async lockProject(projectIdx: number) {
      await db
        .select({ projectIdx: projects.projectIdx })
        .from(projects)
        .where(eq(projects.projectIdx, projectIdx))
        .for('no key update');
    },
    /**
     * Locks one membership row until the transaction ends: what must not interleave for one member
     * takes it first — contract offers (one running contract), settlement moves and time entry
     * writes (a submit never interleaves with an entry edit; two entries never pass a day's minutes
     * together). `no key update` conflicts with itself but not with the key-share locks of foreign
     * keys, so inserts that merely reference the member go on.
     */
    async lockMember(memberInProjectIdx: number) {
      await db
        .select({ memberInProjectIdx: membersInProject.memberInProjectIdx })
        .from(membersInProject)
        .where(eq(membersInProject.memberInProjectIdx, memberInProjectIdx))
        .for('no key update');
    },
    /** For the last-admin rule: the project's other active members and those with admin authority. */
    async otherMembers(projectIdx: number, memberInProjectIdx: number): Promise<OtherMembers> {
      const [row] = await db
        .select({
          members: sql<number>`count(*)::int`,
          admins: sql<number>`(count(*) filter (where ${holdsAdminAuthority(membersInProject)}))::int`,
        })
        .from(membersInProject)
        .where(
          and(
            eq(membersInProject.projectIdx, projectIdx),
            ne(membersInProject.memberInProjectIdx, memberInProjectIdx),
            active,
          ),
        );
      return { members: row?.members ?? 0, admins: row?.admins ?? 0 };
    },
    async update(
      memberInProjectIdx: number,
      set: Partial<Pick<MembershipRow, 'role' | 'isAdmin' | 'depth1Idx'>>,
    ): Promise<MembershipRow> {
      const [row] = await db
        .update(membersInProject)
        .set(set)
        .where(eq(membersInProject.memberInProjectIdx, memberInProjectIdx))
        .returning();
      return row!;
    },
    async markRemoved(memberInProjectIdx: number, at: Date) {
      await db
        .update(membersInProject)
        .set({ removedAt: at })
        .where(eq(membersInProject.memberInProjectIdx, memberInProjectIdx));
    },
    /** A lead left the lead role or the project: their team has no lead until one is set. */
    async detachTeam(projectIdx: number, leadIdx: number) {
      await db
        .update(membersInProject)
        .set({ depth1Idx: null })
        .where(and(eq(membersInProject.projectIdx, projectIdx), eq(membersInProject.depth1Idx, leadIdx)));
    },

    /** The member's active records in every project, deleted ones too (withdrawal), by project. */
    async recordsOfMember(memberIdx: number): Promise<MembershipRow[]> {
      return db
        .select()
        .from(membersInProject)
        .where(and(eq(membersInProject.memberIdx, memberIdx), active))
        .orderBy(asc(membersInProject.projectIdx));
    },

    async insertInvitation(row: typeof projectInvitations.$inferInsert): Promise<InvitationRow> {
      const [created] = await db.insert(projectInvitations).values(row).returning();
      return created!;
    },
    async findInvitation(inviteIdx: number) {
      const [row] = await invitations().where(eq(projectInvitations.inviteIdx, inviteIdx));
      return row ?? null;
    },
    async findInvitationByTokenHash(tokenHash: string) {
      const [row] = await invitations().where(eq(projectInvitations.tokenHash, tokenHash));
      return row ?? null;
    },
    async invitationsOfProject(projectIdx: number) {
      return invitations()
        .where(eq(projectInvitations.projectIdx, projectIdx))
        .orderBy(desc(projectInvitations.inviteIdx));
    },
    /** Open (neither accepted nor revoked) invitations of an address to a project. */
    async revokeOpenInvitations(projectIdx: number, email: string, at: Date) {
      await db
        .update(projectInvitations)
        .set({ revokedAt: at })
        .where(
          and(
            eq(projectInvitations.projectIdx, projectIdx),
            eq(projectInvitations.email, email),
            isNull(projectInvitations.acceptedAt),
            isNull(projectInvitations.revokedAt),
          ),
        );
    },
    /** A new token (the old hash stops matching anything) and a new lifetime. */
    async renewInvitation(inviteIdx: number, tokenHash: string, expiresAt: Date, at: Date) {
      const [row] = await db
        .update(projectInvitations)
        .set({ tokenHash, expiresAt, sentAt: at })
        .where(
          and(
            eq(projectInvitations.inviteIdx, inviteIdx),
            isNull(projectInvitations.acceptedAt),
            isNull(projectInvitations.revokedAt),
          ),
        )
        .returning();
      return row ?? null;
    },
    async revokeInvitation(inviteIdx: number, at: Date) {
      await db
        .update(projectInvitations)
        .set({ revokedAt: at })
        .where(and(eq(projectInvitations.inviteIdx, inviteIdx), isNull(projectInvitations.acceptedAt)));
    },
    /** Uses the invitation up; false when someone else got there first. */
    async markInvitationAccepted(inviteIdx: number, memberIdx: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(projectInvitations)
        .set({ acceptedAt: at, acceptedByIdx: memberIdx })
        .where(
          and(
            eq(projectInvitations.inviteIdx, inviteIdx),
            isNull(projectInvitations.acceptedAt),
            isNull(projectInvitations.revokedAt),
          ),
        )
        .returning({ inviteIdx: projectInvitations.inviteIdx });
      return rows.length === 1;
    },
    /** Joins (or re-joins after a removal) with the invited role. */
    async join(row: { projectIdx: number; memberIdx: number; role: InvitationRow['role'] }) {
      const isAdmin = row.role === 'admin';
      const [m] = await db
        .insert(membersInProject)
        .values({ ...row, isAdmin })
        .onConflictDoUpdate({
          target: [membersInProject.projectIdx, membersInProject.memberIdx],
          set: { role: row.role, isAdmin, depth1Idx: null, removedAt: null, joinedAt: new Date() },
        })
        .returning();
      return m!;
    },
  };
}
export type MembershipRepository = ReturnType<typeof createMembershipRepository>;
