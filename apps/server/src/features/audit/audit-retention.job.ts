import type { Clock } from '../../infra/clock.js';
import type { Db } from '../../infra/db.js';
import { defineJob } from '../../platform/jobs/job.types.js';
import { inTransaction } from '../../shared/transaction.js';
import { createAuditRepository } from '../../platform/audit/audit.repository.js';

export const AUDIT_RETENTION_JOB = 'audit.retention';
/** Records deleted per transaction: the chain's head stays locked only that long. */
const BATCH = 1_000;

/**
 * Deletes the records older than `days`, oldest first and only as a prefix of the chain (a record is
 * kept while an older one must be), and moves the chain's anchor to the last record deleted, so the
 * rest still verifies from it. Batches of BATCH, each in a transaction with the head locked; a crash
 * between batches leaves a shorter prefix deleted and a consistent anchor, and the next run goes on.
 */
export async function retainAudit(db: Db, clock: Clock, days: number): Promise<{ deleted: number }> {
  const cutoff = new Date(clock.now().getTime() - days * 86_400_000);
  const through = await createAuditRepository(db).lastBefore(cutoff);
  if (!through) return { deleted: 0 };
  let deleted = 0;
  for (;;) {
    const done = await inTransaction(db, async (tx) => {
      const repo = createAuditRepository(tx);
      const head = await repo.lockHead();
      const batch = (await repo.after(head.anchorIdx, BATCH)).filter((r) => r.auditIdx <= through.auditIdx);
      const last = batch[batch.length - 1];
      if (!last) return 0;
      await repo.deleteThrough(last, head.anchorIdx);
      return batch.length;
    });
    deleted += done;
    if (done < BATCH) return { deleted };
  }
}

/** Daily at 03:17 UTC (a quiet hour, off the hour when other crons start). */
export const auditRetentionJob = (db: Db, clock: Clock, days: () => number) =>
  defineJob<Record<string, never>>({
    name: AUDIT_RETENTION_JOB,
    cron: '17 3 * * *',
    options: { retryLimit: 3, retryDelay: 300, expireInSeconds: 3_600 },
    handler: () => retainAudit(db, clock, days()),
  });
