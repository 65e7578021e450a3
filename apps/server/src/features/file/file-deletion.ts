import { sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context.js';
import { attachedSql, type DeletedFile } from '../account-store/file-attachment.repository.js';

/** How many marked files one pass of the finishing job takes. */
const FINISH_BATCH = 200;

/**
 * The second half of every file deletion, after the transaction that marked the rows committed:
 * the bytes leave storage, then the row goes. Every path ends here — `DELETE /file`, a review or a
 * request dropping a file, the daily sweep, a withdrawal, and the hourly job finishing what a crash
 * interrupted — so this is the one place a file is really deleted (and the one line an audit log
 * adds). Idempotent: a repeated call finds the bytes and the row already gone.
 */
export function createFileDeletion(ctx: Pick<AppContext, 'database' | 'storage' | 'log'>) {
  const db = ctx.database.db;

  async function finishOne(file: DeletedFile): Promise<boolean> {
    // Last check before the bytes go: a marked file that something references after all (a
    // document's content names it again) is brought back instead of losing it.
    const back = await db.execute(
      sql`update file f set deleted_at = null, deleted_reason = null
           where f.file_idx = ${file.fileIdx} and f.deleted_at is not null and ${attachedSql()}
          returning f.file_idx`,
    );
    if ((back as { rows: unknown[] }).rows.length > 0) {
      ctx.log.warn({ fileIdx: file.fileIdx }, 'a file marked deleted is still used; kept');
      return false;
    }
    await ctx.storage.remove(file.storageKey);
    await db.execute(sql`delete from file where file_idx = ${file.fileIdx} and deleted_at is not null`);
    return true;
  }

  return {
    /** Removes the bytes and rows of files a committed transaction marked deleted; returns how many went. */
    async finish(marked: readonly DeletedFile[]): Promise<number> {
      let done = 0;
      for (const file of marked) if (await finishOne(file)) done++;
      return done;
    },

    /** Finishes every marked file (what a crash between the commit and `finish` left behind). */
    async finishPending(): Promise<number> {
      let done = 0;
      for (;;) {
        const result = await db.execute(sql`
          select file_idx as "fileIdx", storage_key as "storageKey", uploader_idx as "uploaderIdx",
                 project_idx as "projectIdx", size, deleted_reason as "deletedReason"
            from file where deleted_at is not null order by file_idx limit ${FINISH_BATCH}`);
        const rows = (result as { rows: DeletedFile[] }).rows.map((r) => ({
          ...r,
          fileIdx: Number(r.fileIdx),
        }));
        if (rows.length === 0) return done;
        // A row brought back (still used) is no longer marked, so each pass finds fewer.
        for (const row of rows) if (await finishOne(row)) done++;
        if (rows.length < FINISH_BATCH) return done;
      }
    },
  };
}
export type FileDeletion = ReturnType<typeof createFileDeletion>;
