import type { GithubSyncSource } from '@teamline/contract';

export const DELIVERY_JOB = 'github.delivery';
export const BACKFILL_JOB = 'github.backfill';
export const POLL_JOB = 'github.poll';
export const POLL_ALL_JOB = 'github.pollAll';

export interface DeliveryJobData {
  projectIdx: number;
  syncLogIdx: number;
}
export interface ProjectJobData {
  projectIdx: number;
  source?: GithubSyncSource;
}
