import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files, members, membersInProject } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type FileRow = typeof files.$inferSelect;

export function createFileRepository(db: Db) {
  return {
    async insert(row: typeof files.$inferInsert): Promise<FileRow> {
      const [created] = await db.insert(files).values(row).returning();
      return created!;
    },
    async findById(fileIdx: number): Promise<FileRow | null> {
      const [row] = await db.select().from(files).where(eq(files.fileIdx, fileIdx));
      return row ?? null;
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
