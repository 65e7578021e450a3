import { and, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { members, membersInProject, memberColumns } from '../../db/schema/index.js';
import type { RowOf } from '../../db/schema/columns.js';
import type { Db } from '../../infra/db.js';
import { createFileAttachments, type DeletedFile } from './file-attachment.repository.js';
import { holdsAdminAuthority } from '../../db/admin-authority.js';
import { createMemberErasure } from './member-erasure.repository.js';
import { inTransaction } from '../../shared/transaction.js';

export type MemberRow = RowOf<typeof members>;
export type NewMember = typeof members.$inferInsert;

export function createMemberRepository(db: Db) {
  return {
    async findActiveByEmail(email: string): Promise<MemberRow | null> {
      const [row] = await db
        .select(memberColumns)
        .from(members)
        .where(and(eq(members.email, email), isNull(members.deletedAt)));
      return row ?? null;
    },
    /**
     * The account with this e-mail, only if the viewer may know it exists: the viewer themself, or a
     * member of a project they share. One query, so an unknown address and a stranger's answer alike.
     */
    async findByEmailSeenBy(viewerIdx: number, email: string): Promise<MemberRow | null> {
      const viewer = alias(membersInProject, 'viewer');
      const target = alias(membersInProject, 'target');
      const sharesProject = db
        .select({ one: sql`1` })
        .from(viewer)
        .innerJoin(target, eq(target.projectIdx, viewer.projectIdx))
        .where(
          and(
            eq(viewer.memberIdx, viewerIdx),
            eq(target.memberIdx, members.memberIdx),
            isNull(viewer.removedAt),
            isNull(target.removedAt),
          ),
        );
      const [row] = await db
        .select(memberColumns)
        .from(members)
        .where(
          and(
            eq(members.email, email),
            isNull(members.deletedAt),
            or(eq(members.memberIdx, viewerIdx), exists(sharesProject)),
          ),
        );
      return row ?? null;
    },
    async findActiveById(memberIdx: number): Promise<MemberRow | null> {
      const [row] = await db
        .select(memberColumns)
        .from(members)
        .where(and(eq(members.memberIdx, memberIdx), isNull(members.deletedAt)));
      return row ?? null;
    },
    async findActiveByNameAndPhone(name: string, phone: string): Promise<MemberRow[]> {
      return db
        .select(memberColumns)
        .from(members)
        .where(and(eq(members.name, name), eq(members.phone, phone), isNull(members.deletedAt)));
    },
    async insert(row: NewMember): Promise<MemberRow> {
      const [created] = await db.insert(members).values(row).returning(memberColumns);
      return created!;
    },
    async update(memberIdx: number, patch: Partial<NewMember>): Promise<MemberRow | null> {
      const [row] = await db
        .update(members)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(members.memberIdx, memberIdx))
        .returning(memberColumns);
      return row ?? null;
    },
    /**
     * A profile change that sets `profileFileIdx` (a live image, locked until the commit: null when it
     * was deleted meanwhile) and releases the previous image, deleted after the commit unless used
     * elsewhere.
     */
    async updateProfileImage(
      memberIdx: number,
      patch: Partial<NewMember>,
      previous: number | null,
      at: Date,
    ): Promise<{ row: MemberRow; released: DeletedFile[] } | null> {
      return inTransaction(db, async (tx) => {
        const attachments = createFileAttachments(tx);
        if (patch.profileFileIdx != null && (await attachments.lockLive([patch.profileFileIdx])).length === 0)
          return null;
        const [row] = await tx
          .update(members)
          .set({ ...patch, updatedAt: at })
          .where(eq(members.memberIdx, memberIdx))
          .returning(memberColumns);
        const released =
          previous != null && previous !== patch.profileFileIdx
            ? await attachments.release([previous], 'detached', at)
            : [];
        return { row: row!, released };
      });
    },
    /** A withdrawal's erasure of personal data (`member-erasure.repository.ts`), on this handle's transaction. */
    erase: (memberIdx: number, at: Date) => createMemberErasure(db).erase(memberIdx, at),
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
      return db.select(memberColumns).from(members).where(inArray(members.memberIdx, ids));
    },
  };
}
export type MemberRepository = ReturnType<typeof createMemberRepository>;
