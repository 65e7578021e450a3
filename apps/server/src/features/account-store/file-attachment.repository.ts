import { DOCUMENT_IMAGE_SCHEME } from '@teamline/contract';
import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { files, type FileDeletionReason } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

/** A file marked deleted whose bytes (then row) are still to be removed, after the commit. */
export interface DeletedFile {
  fileIdx: number;
  storageKey: string;
  uploaderIdx: number;
  projectIdx: number | null;
  size: number;
  deletedReason: FileDeletionReason | null;
}

/**
 * Whether the file (the `file` row aliased `f`) is attached to something, by kind:
 * - a profile image: some member's `profile_file_idx`;
 * - a review image: a `review_media` row;
 * - a request attachment: a `request_file` row;
 * - an uploaded document: a `document.file_idx` (a document in the bin too, until it is purged);
 * - a document image: `teamline-file:{fileIdx}` in the content of a document or of a saved version
 *   of a document of the file's own project (a document cannot pin another project's file).
 * One predicate for every path (deletion, release, the sweep), so they cannot disagree.
 */
export const attachedSql = (f: SQL = sql.raw('f')): SQL => sql`(
  exists (select 1 from member m where m.profile_file_idx = ${f}.file_idx)
  or exists (select 1 from review_media rm where rm.file_idx = ${f}.file_idx)
  or exists (select 1 from request_file rf where rf.file_idx = ${f}.file_idx)
  or exists (select 1 from document d where d.file_idx = ${f}.file_idx)
  or (${f}.project_idx is not null and (
    exists (
      select 1 from document d
       where d.project_idx = ${f}.project_idx
         and d.content::text like '%"' || ${DOCUMENT_IMAGE_SCHEME} || ${f}.file_idx || '"%')
    or exists (
      select 1 from document_version v join document d on d.document_idx = v.document_idx
       where d.project_idx = ${f}.project_idx
         and v.content::text like '%"' || ${DOCUMENT_IMAGE_SCHEME} || ${f}.file_idx || '"%')
  ))
)`;

const deletedColumns = sql`f.file_idx as "fileIdx", f.storage_key as "storageKey", f.uploader_idx as "uploaderIdx",
  f.project_idx as "projectIdx", f.size, f.deleted_reason as "deletedReason"`;

const rowsOf = (result: unknown) =>
  (result as { rows: DeletedFile[] }).rows.map((r) => ({
    ...r,
    fileIdx: Number(r.fileIdx),
    uploaderIdx: Number(r.uploaderIdx),
    projectIdx: r.projectIdx == null ? null : Number(r.projectIdx),
    size: Number(r.size),
  }));

const idList = (fileIdxs: readonly number[]) =>
  sql.join(
    fileIdxs.map((i) => sql`${i}`),
    sql`, `,
  );

/**
 * Attaching and releasing files inside another module's transaction (built on its handle). The
 * order that keeps a referenced file from ever being deleted (docs/decisions.md "Files and my data"):
 * whoever attaches locks the live rows `FOR KEY SHARE` first (`lockLive`); whoever deletes locks
 * them `FOR UPDATE` (which waits for those) and then, in a new statement that sees what they
 * committed, marks only the files still attached to nothing. The bytes go after the commit.
 */
export function createFileAttachments(db: Db) {
  return {
    /**
     * The live (not deleted) files among `fileIdxs`, locked against deletion until the transaction
     * ends; a missing or deleted id is simply absent, and the caller refuses the whole change.
     */
    async lockLive(fileIdxs: readonly number[]) {
      if (fileIdxs.length === 0) return [];
      return db
        .select({
          fileIdx: files.fileIdx,
          uploaderIdx: files.uploaderIdx,
          projectIdx: files.projectIdx,
          mime: files.mime,
        })
        .from(files)
        .where(and(inArray(files.fileIdx, [...fileIdxs]), isNull(files.deletedAt)))
        .for('key share');
    },

    /**
     * Marks deleted those of `fileIdxs` that nothing uses any more (at `at`, for `reason`) and
     * returns them; files still attached elsewhere are left alone. Call it after the references the
     * change drops are gone, in the same transaction.
     */
    async release(fileIdxs: readonly number[], reason: FileDeletionReason, at: Date): Promise<DeletedFile[]> {
      if (fileIdxs.length === 0) return [];
      // The lock first, on its own: an attaching transaction holding FOR KEY SHARE commits before this
      // goes on, and the update below (a new statement, a new snapshot) sees its reference.
      await db.execute(
        sql`select file_idx from file where file_idx in (${idList(fileIdxs)}) and deleted_at is null for update`,
      );
      return rowsOf(
        await db.execute(sql`
          update file f set deleted_at = ${at.toISOString()}::timestamptz, deleted_reason = ${reason}
           where f.file_idx in (${idList(fileIdxs)}) and f.deleted_at is null and not ${attachedSql()}
          returning ${deletedColumns}`),
      );
    },

    /**
     * Marks deleted every live file of `uploaderIdx` outside any project (a withdrawal: the caller
     * has removed their references first) and returns them.
     */
    async releaseAllOwn(uploaderIdx: number, at: Date): Promise<DeletedFile[]> {
      await db.execute(
        sql`select file_idx from file where uploader_idx = ${uploaderIdx} and project_idx is null and deleted_at is null for update`,
      );
      return rowsOf(
        await db.execute(sql`
          update file f set deleted_at = ${at.toISOString()}::timestamptz, deleted_reason = 'withdrawal'
           where f.uploader_idx = ${uploaderIdx} and f.project_idx is null and f.deleted_at is null
             and not ${attachedSql()}
          returning ${deletedColumns}`),
      );
    },
  };
}
export type FileAttachments = ReturnType<typeof createFileAttachments>;
