import { and, desc, eq, isNull } from 'drizzle-orm';
import { members, membersInProject, projectInvitations, projects } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type InvitationRow = typeof projectInvitations.$inferSelect;

const withNames = {
  invite: projectInvitations,
  inviterNickname: members.nickname,
  projectName: projects.name,
  projectDeleted: projects.delYn,
};

export function createInvitationRepository(db: Db) {
  return {
    async insert(row: typeof projectInvitations.$inferInsert): Promise<InvitationRow> {
      const [created] = await db.insert(projectInvitations).values(row).returning();
      return created!;
    },
    async findById(inviteIdx: number) {
      const [row] = await db
        .select(withNames)
        .from(projectInvitations)
        .innerJoin(members, eq(members.memberIdx, projectInvitations.invitedByIdx))
        .innerJoin(projects, eq(projects.projectIdx, projectInvitations.projectIdx))
        .where(eq(projectInvitations.inviteIdx, inviteIdx));
      return row ?? null;
    },
    async findByTokenHash(tokenHash: string) {
      const [row] = await db
        .select(withNames)
        .from(projectInvitations)
        .innerJoin(members, eq(members.memberIdx, projectInvitations.invitedByIdx))
        .innerJoin(projects, eq(projects.projectIdx, projectInvitations.projectIdx))
        .where(eq(projectInvitations.tokenHash, tokenHash));
      return row ?? null;
    },
    async listOfProject(projectIdx: number) {
      return db
        .select(withNames)
        .from(projectInvitations)
        .innerJoin(members, eq(members.memberIdx, projectInvitations.invitedByIdx))
        .innerJoin(projects, eq(projects.projectIdx, projectInvitations.projectIdx))
        .where(eq(projectInvitations.projectIdx, projectIdx))
        .orderBy(desc(projectInvitations.inviteIdx));
    },
    /** Open (neither accepted nor revoked) invitations of an address to a project. */
    async revokeOpen(projectIdx: number, email: string, at: Date) {
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
    async renew(inviteIdx: number, tokenHash: string, expiresAt: Date, at: Date) {
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
    async revoke(inviteIdx: number, at: Date) {
      await db
        .update(projectInvitations)
        .set({ revokedAt: at })
        .where(and(eq(projectInvitations.inviteIdx, inviteIdx), isNull(projectInvitations.acceptedAt)));
    },
    /** Uses the invitation up; false when someone else got there first. */
    async markAccepted(tx: Db, inviteIdx: number, memberIdx: number, at: Date): Promise<boolean> {
      const rows = await tx
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
    /** Joins (or re-joins after a removal) with the invited role, in the accepting transaction. */
    async join(tx: Db, row: { projectIdx: number; memberIdx: number; role: InvitationRow['role'] }) {
      const isAdmin = row.role === 'admin';
      const [m] = await tx
        .insert(membersInProject)
        .values({ ...row, isAdmin })
        .onConflictDoUpdate({
          target: [membersInProject.projectIdx, membersInProject.memberIdx],
          set: { role: row.role, isAdmin, depth1Idx: null, removedAt: null, joinedAt: new Date() },
        })
        .returning();
      return m!;
    },
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Db));
    },
  };
}
export type InvitationRepository = ReturnType<typeof createInvitationRepository>;
