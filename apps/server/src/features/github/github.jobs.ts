import { defineJob } from '../../platform/jobs/job.types.js';
import {
  BACKFILL_JOB,
  DELIVERY_JOB,
  POLL_ALL_JOB,
  POLL_JOB,
  type DeliveryJobData,
  type ProjectJobData,
} from './github-job-names.js';
import type { GithubService } from './github.service.js';

/**
 * The durable jobs of GitHub sync: `github.delivery` does one received webhook delivery;
 * `github.backfill` reads recent commits and pull requests after a repository is picked;
 * `github.poll` polls one project with ETags (sync now, or the timed poll), and `github.pollAll`
 * (a cron) queues a poll of every connection GitHub has not reached by webhook lately. Every one of
 * them may run twice: links are upserted and a completed story is not completed again.
 */
export const githubJobs = (github: GithubService, pollCron: string) => [
  defineJob<DeliveryJobData>({
    name: DELIVERY_JOB,
    options: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
    handler: ({ data }) => github.processDelivery(data),
  }),
  defineJob<ProjectJobData>({
    name: BACKFILL_JOB,
    options: { retryLimit: 1, retryDelay: 30, expireInSeconds: 600, policy: 'exclusive' },
    handler: ({ data }) => github.backfill(data),
  }),
  defineJob<ProjectJobData>({
    name: POLL_JOB,
    options: { retryLimit: 1, retryDelay: 30, expireInSeconds: 300, policy: 'exclusive' },
    handler: ({ data }) => github.poll(data),
  }),
  defineJob<Record<string, never>>({
    name: POLL_ALL_JOB,
    cron: pollCron,
    options: { retryLimit: 1, expireInSeconds: 120 },
    handler: () => github.pollAll(),
  }),
];
