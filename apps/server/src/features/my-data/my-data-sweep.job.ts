import { defineJob } from '../../platform/jobs/job.types.js';
import type { AppContext } from '../../shared/context.js';
import type { MemberExportRepository } from './member-export.repository.js';
import type { MyDataService } from './my-data.service.js';

export const MY_DATA_SWEEP_JOB = 'my-data.sweep';
/** A queued archive whose job was not sent within this long lost it to a crash. */
const STUCK_QUEUED_MS = 10 * 60 * 1000;
/** A running archive not moved for this long belongs to a job that gave up (an attempt expires after an hour). */
const STALE_RUNNING_MS = 3 * 60 * 60 * 1000;

/**
 * Hourly: archives past their days expire and their bytes leave storage (also those a withdrawal
 * expired); a queued archive whose job a crash never sent is queued again; one left running by a
 * job that gave up is failed, so its member may ask again. Idempotent.
 */
export const myDataSweepJob = (
  ctx: AppContext,
  exportsRepo: MemberExportRepository,
  service: MyDataService,
) =>
  defineJob<Record<string, never>>({
    name: MY_DATA_SWEEP_JOB,
    cron: '41 * * * *',
    options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    async handler() {
      const now = ctx.clock.now();
      const expired = await exportsRepo.expire(now);
      for (const { exportIdx, storageKey } of expired) {
        await ctx.storage.remove(storageKey);
        await exportsRepo.forgetBytes(exportIdx);
      }
      const stuck = await exportsRepo.stuckQueued(new Date(now.getTime() - STUCK_QUEUED_MS));
      for (const row of stuck) {
        await service.sendJob(row);
        await exportsRepo.touch(row.exportIdx, now);
      }
      const failed = await exportsRepo.failStale(new Date(now.getTime() - STALE_RUNNING_MS), now);
      return { expired: expired.length, requeued: stuck.length, failed };
    },
  });
