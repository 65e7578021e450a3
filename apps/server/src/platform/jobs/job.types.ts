/** Retry and expiry of one job name; pg-boss stores them on its queue and copies them onto each job. */
export interface JobOptions {
  /** Retries after the first attempt before the job is marked failed (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 5); doubled on each retry with `retryBackoff`. */
  retryDelay?: number;
  /** Exponential backoff with jitter from `retryDelay` (default true). */
  retryBackoff?: boolean;
  /** Longest wait between retries, in seconds (default 600). */
  retryDelayMax?: number;
  /** How long one attempt may run before it counts as failed and is retried (default 300 s). */
  expireInSeconds?: number;
  /** How long a finished job stays visible (default 7 days); mails keep theirs a day, their data holds links. */
  deleteAfterSeconds?: number;
  /** `exclusive`: at most one queued or running job per `singletonKey` (default `standard`: no limit). */
  policy?: 'standard' | 'exclusive';
}

/** What a handler receives: the job's id (stable across retries, a natural dedupe key) and its data. */
export interface JobContext<T> {
  id: string;
  data: T;
  /** 0 on the first attempt, 1 on the first retry, and so on. */
  retryCount: number;
}

/**
 * One named job a module brings: its handler, its retry policy and, for timed work, a cron
 * expression (UTC). Jobs that concern a project carry `projectIdx` in their data, so the project's
 * admins see them through `GET /api/job`.
 */
export interface JobDefinition<T extends object = Record<string, unknown>> {
  name: string;
  handler: (job: JobContext<T>) => Promise<object | void>;
  options?: JobOptions;
  /** Cron (five fields, UTC); every instance may declare it, pg-boss creates one job per tick. */
  cron?: string | null;
  /** Jobs of this name one instance runs at once (default 1): a slow one then holds up only itself. */
  concurrency?: number;
  /**
   * Jobs each worker fetches at once and runs side by side (default 1): fewer queue round trips
   * for a burst. A batch finishes together and a throw fails the whole batch, so only for
   * idempotent handlers.
   */
  batchSize?: number;
}

export const defineJob = <T extends object>(definition: JobDefinition<T>): JobDefinition<T> => definition;

export interface SendJobOptions {
  /**
   * Dedupe key. On a queue with `policy: 'exclusive'` a second send with the key is dropped (returns
   * null) while a job with it is queued or running; with `singletonSeconds`, on any queue, while one
   * with it was sent in the same time slot.
   */
  singletonKey?: string;
  singletonSeconds?: number;
  /** Do not start before this moment. */
  startAfter?: Date;
}

/** What services and modules use to put work on the queue. */
export interface Jobs {
  /** Queues a job of a registered name; its id, or null when a singleton with the same key is queued. */
  send<T extends object>(name: string, data: T, options?: SendJobOptions): Promise<string | null>;
  /** Queues several jobs of one name in one statement (a fan-out), waking the workers once. */
  sendMany<T extends object>(name: string, data: readonly T[]): Promise<void>;
  /** Resolves once no job of `name` (or of any registered name) is queued, due and unfinished. */
  idle(name?: string, timeoutMs?: number): Promise<void>;
}
