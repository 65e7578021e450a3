import { z } from 'zod';
import { idx } from './common.js';

export const jobStates = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

/**
 * One durable job of a project as its admins see it (`GET /job?projectIdx=`): what it is, where it
 * stands, how many attempts it took and what the last one left (its error or its output).
 */
export const jobSummary = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(jobStates),
  /** Retries so far (0 on the first attempt) and how many are allowed. */
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  /** The last failure's message, while retrying or once failed; null otherwise. */
  lastError: z.string().nullable(),
  /** What a completed job returned, or the raw failure detail. */
  output: z.unknown().nullable(),
  createdAt: z.string(),
  startAfter: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type JobSummary = z.infer<typeof jobSummary>;

export const jobListQuery = z.object({ projectIdx: idx });
