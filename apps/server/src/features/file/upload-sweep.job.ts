import type { AppContext } from '../../shared/context.js';
import { defineJob } from '../../platform/jobs/job.types.js';
import type { FileDeletion } from './file-deletion.js';

export const UPLOAD_SWEEP_JOB = 'file.sweep-uploads';
/** An upload still being written is minutes old at most; one untouched for an hour was cut off. */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * Hourly: what a crash or a killed process left behind in storage. Temporary upload files
 * (an upload that fails normally deletes its own), and files whose deletion committed but whose
 * bytes were not removed yet (`file-deletion.ts` finishes them). Idempotent: a retry finds fewer.
 */
export const uploadSweepJob = (ctx: AppContext, deletion: FileDeletion) =>
  defineJob<Record<string, never>>({
    name: UPLOAD_SWEEP_JOB,
    cron: '17 * * * *',
    options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    async handler() {
      const removed = await ctx.storage.sweepTemp(new Date(ctx.clock.now().getTime() - STALE_UPLOAD_MS));
      const deleted = await deletion.finishPending();
      return { removed, deleted };
    },
  });
