import type { AppContext } from '../../shared/context.js';
import { defineJob } from '../../platform/jobs/job.types.js';
import type { DocumentRepository } from './document.repository.js';

export const BIN_PURGE_JOB = 'document.purge-bin';
/** How long deleted documents and folders wait in the bin (for "Undo" and restores) before they go. */
export const BIN_KEEP_DAYS = 30;

/**
 * Daily: documents and folders deleted more than BIN_KEEP_DAYS ago are removed for good, with their
 * versions, shares and public links (they cascade). An uploaded file behind a file document stays a
 * project file. Idempotent: a retry finds nothing older left.
 */
export const binPurgeJob = (ctx: AppContext, repo: DocumentRepository) =>
  defineJob<Record<string, never>>({
    name: BIN_PURGE_JOB,
    cron: '43 3 * * *',
    options: { retryLimit: 2, retryDelay: 300, expireInSeconds: 900 },
    async handler() {
      const before = new Date(ctx.clock.now().getTime() - BIN_KEEP_DAYS * 24 * 60 * 60 * 1000);
      return repo.purgeBin(before);
    },
  });
