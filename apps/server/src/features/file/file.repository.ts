import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files, members, membersInProject, projects, requestFiles, requests } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';
import { inTransaction } from '../../shared/transaction.js';

/** Whose quota a file counts against: its project's, or (outside any project) its uploader's. */
export type QuotaOwner = { projectIdx: number } | { memberIdx: number };

export type FileRow = typeof files.$inferSelect;

export function createFileRepository(db: Db) {
  /** Bytes stored against the owner's quota: a project's files, or a member's files outside any project. */
  async function usedBytes(tx: Db, owner: QuotaOwner): Promise<number> {
    const [row] = await tx
      .select({ used: sql<string | number | null>`sum(${files.size})` })
      .from(files)
      .where(
        and(
          // A file marked deleted counts no more from the moment its deletion commits.
          isNull(files.deletedAt),
          'projectIdx' in owner
            ? eq(files.projectIdx, owner.projectIdx)
            : and(eq(files.uploaderIdx, owner.memberIdx), isNull(files.projectIdx)),
        ),
      );
    return Number(row?.used ?? 0);
  }

  return {
    usedBytes: (owner: QuotaOwner) => usedBytes(db, owner),

    /**
     * Inserts the row unless it would take the owner past `quotaBytes` (then null). The owner's
     * project or member row is locked first, so two uploads at once cannot both fit the last space.
     */
    async insertWithinQuota(
      row: typeof files.$inferInsert,
      owner: QuotaOwner,
      quotaBytes: number,
    ): Promise<FileRow | null> {
      return inTransaction(db, async (tx) => {
        if ('projectIdx' in owner) {
          await tx
            .select({ one: projects.projectIdx })
            .from(projects)
            .where(eq(projects.projectIdx, owner.projectIdx))
            .for('no key update');
        } else {
          await tx
            .select({ one: members.memberIdx })
            .from(members)
            .where(eq(members.memberIdx, owner.memberIdx))
            .for('no key update');
        }
        if ((await usedBytes(tx, owner)) + row.size > quotaBytes) return null;
        const [created] = await tx.insert(files).values(row).returning();
        return created!;
      });
    },

    async insert(row: typeof files.$inferInsert): Promise<FileRow> {
      const [created] = await db.insert(files).values(row).returning();
      return created!;
    },
    /** A live file: one marked deleted is gone for every reader. */
    async findById(fileIdx: number): Promise<FileRow | null> {
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.fileIdx, fileIdx), isNull(files.deletedAt)));
      return row ?? null;
    },
    /** The uploader's record in the file's project (removed ones too, with their team), for the record rule. */
    async uploaderRecord(projectIdx: number, memberIdx: number) {
      const [row] = await db
        .select({
          memberInProjectIdx: membersInProject.memberInProjectIdx,
          depth1Idx: membersInProject.depth1Idx,
        })
        .from(membersInProject)
        .where(and(eq(membersInProject.projectIdx, projectIdx), eq(membersInProject.memberIdx, memberIdx)))
        .orderBy(
          sql`${membersInProject.removedAt} is null desc`,
          sql`${membersInProject.memberInProjectIdx} desc`,
        )
        .limit(1);
      return row ?? null;
    },
    /**
     * The requests the file is attached to, with each party's team lead, for the request record
     * rule: an attached file is for those who may see one of its requests.
     */
    async attachedRequests(fileIdx: number) {
      const sender = alias(membersInProject, 'sender');
      const receiver = alias(membersInProject, 'receiver');
      return db
        .select({
          projectIdx: requests.projectIdx,
          senderIdx: requests.senderIdx,
          receiverIdx: requests.receiverIdx,
          senderLead: sender.depth1Idx,
          receiverLead: receiver.depth1Idx,
        })
        .from(requestFiles)
        .innerJoin(requests, eq(requests.requestIdx, requestFiles.requestIdx))
        .innerJoin(sender, eq(sender.memberInProjectIdx, requests.senderIdx))
        .innerJoin(receiver, eq(receiver.memberInProjectIdx, requests.receiverIdx))
        .where(eq(requestFiles.fileIdx, fileIdx));
    },
    /** Whether the file is the profile image of a member who shares an active project with the viewer. */
    async isProfileImageSeenBy(fileIdx: number, viewerIdx: number): Promise<boolean> {
      const viewer = alias(membersInProject, 'viewer');
      const owner = alias(membersInProject, 'owner');
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(members)
        .innerJoin(owner, and(eq(owner.memberIdx, members.memberIdx), isNull(owner.removedAt)))
        .innerJoin(viewer, and(eq(viewer.projectIdx, owner.projectIdx), isNull(viewer.removedAt)))
        .where(
          and(
            eq(members.profileFileIdx, fileIdx),
            eq(viewer.memberIdx, viewerIdx),
            isNull(members.deletedAt),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type FileRepository = ReturnType<typeof createFileRepository>;
