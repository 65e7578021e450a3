import type { AppConfig } from '../../config.js';
import { defineJob } from '../../platform/jobs/job.types.js';
import type { StoryService } from './story.service.js';

export const DELAY_JOB = 'story.delay';

/**
 * The cron of the delay job: every `delayJobMs` rounded up to whole minutes (cron's step), none when 0.
 * One minute by default.
 */
export function delayJobCron(config: Pick<AppConfig, 'delayJobMs'>): string | null {
  if (config.delayJobMs <= 0) return null;
  const minutes = Math.min(59, Math.max(1, Math.ceil(config.delayJobMs / 60_000)));
  return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
}

/**
 * Open stories past their end date become delayed. A pg-boss cron creates one job per tick for all
 * instances together; each run is idempotent anyway (see `runDelayJob`), so a retry after a crash
 * marks nothing twice. Tests send the job (`jobs.send('story.delay', {})`) or call `runDelayJob`.
 */
export const storyDelayJob = (story: StoryService, config: Pick<AppConfig, 'delayJobMs'>) =>
  defineJob<{ now?: string }>({
    name: DELAY_JOB,
    cron: delayJobCron(config),
    options: { retryLimit: 2, retryDelay: 10, expireInSeconds: 300 },
    async handler({ data }) {
      const moved = await story.runDelayJob(data.now ? new Date(data.now) : undefined);
      return { delayed: moved.length };
    },
  });
