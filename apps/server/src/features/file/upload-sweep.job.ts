import type { AppContext } from '../../shared/context.js';
import { defineJob } from '../../platform/jobs/job.types.js';

export const UPLOAD_SWEEP_JOB = 'file.sweep-uploads';
/** An upload still being written is minutes old at most; one untouched for an hour was cut off. */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * Hourly: deletes temporary upload files a crash or a killed process left in the storage folder
 * (an upload that fails normally deletes its own). Idempotent: a retry finds fewer files.
 */
export const uploadSweepJob = (ctx: AppContext) =>
  defineJob<Record<string, never>>({
    name: UPLOAD_SWEEP_JOB,
    cron: '17 * * * *',
    options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    async handler() {
      const removed = await ctx.storage.sweepTemp(new Date(ctx.clock.now().getTime() - STALE_UPLOAD_MS));
      return { removed };
    },
  });
