import { sql } from 'drizzle-orm';
import type { AppContext } from '../../shared/context.js';
import { defineJob } from '../../platform/jobs/job.types.js';
import { inTransaction } from '../../shared/transaction.js';
import { attachedSql, createFileAttachments } from '../account-store/file-attachment.repository.js';
import type { FileDeletion } from './file-deletion.js';

export const UNATTACHED_SWEEP_JOB = 'file.sweep-unattached';
/**
 * An upload is attached within moments (the web app uploads as a file is picked and saves soon
 * after); one attached to nothing for a day was abandoned, or was taken off what used it.
 */
export const UNATTACHED_KEEP_MS = 24 * 60 * 60 * 1000;
/** Files one transaction releases, so a large backlog does not hold locks for long. */
const BATCH = 200;

/**
 * Daily: deletes files uploaded more than a day ago that nothing uses (`attachedSql`): uploads
 * never saved on a review, request, document or profile, images a document no longer shows in any
 * of its versions, files of documents purged from the bin. Each batch is marked in one transaction
 * (quota freed at its commit), then its bytes and rows go. Idempotent: a retry finds fewer.
 */
export const unattachedSweepJob = (ctx: AppContext, deletion: FileDeletion) =>
  defineJob<Record<string, never>>({
    name: UNATTACHED_SWEEP_JOB,
    cron: '23 4 * * *',
    options: { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 },
    async handler() {
      const before = new Date(ctx.clock.now().getTime() - UNATTACHED_KEEP_MS);
      let deleted = 0;
      let afterIdx = 0;
      for (;;) {
        const result = await ctx.database.db.execute(sql`
          select f.file_idx from file f
           where f.deleted_at is null and f.created_at < ${before.toISOString()}::timestamptz
             and f.file_idx > ${afterIdx} and not ${attachedSql()}
           order by f.file_idx limit ${BATCH}`);
        const ids = (result as { rows: { file_idx: number }[] }).rows.map((r) => Number(r.file_idx));
        if (ids.length === 0) break;
        afterIdx = ids.at(-1)!;
        // `release` marks only those still attached to nothing, under the lock attaching waits for.
        const marked = await inTransaction(ctx.database.db, (tx) =>
          createFileAttachments(tx).release(ids, 'unattached', ctx.clock.now()),
        );
        deleted += await deletion.finish(marked);
      }
      return { deleted };
    },
  });
