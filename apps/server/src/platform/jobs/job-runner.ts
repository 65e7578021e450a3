import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type ConstructorOptions } from 'pg-boss';
import type { Database } from '../../infra/db.js';
import type { Metrics } from '../observability/metrics.js';
import type { Tracing } from '../observability/tracing.js';
import type { JobDefinition, Jobs, SendJobOptions } from './job.types.js';
import { pgliteJobDb } from './pglite-job-db.js';

/** pg-boss keeps its tables in their own schema of the app's database. */
export const JOB_SCHEMA = 'pgboss';

const DEFAULTS = {
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 600,
  expireInSeconds: 300,
};

export interface JobRunner extends Jobs {
  /** Adds job definitions; call before `start()`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each job has its own data type
  register(definitions: readonly JobDefinition<any>[]): void;
  /** Installs or migrates pg-boss's schema, creates the queues, schedules the crons, starts the workers. */
  start(): Promise<void>;
  /**
   * The drain (server.ts): the workers take no new job, running ones finish; sending still works,
   * so a request in flight can queue its mail. `stop()` follows.
   */
  pause(): Promise<void>;
  /** Stops polling and waits (briefly) for running handlers; safe to call twice or before start. */
  stop(): Promise<void>;
}

/**
 * The one job runner: pg-boss on the project's own database. On PostgreSQL it opens a small pool of
 * its own from the URL; on embedded PGlite it runs through the app's instance (`pgliteJobDb`).
 * `enabled: false` registers nothing and runs nothing (a process that only serves reads could use it).
 */
export function createJobRunner(options: {
  database: Database;
  log: FastifyBaseLogger;
  /** How often an idle worker polls for due jobs; 0.5 s is pg-boss's floor. */
  pollingSeconds: number;
  metrics?: Metrics;
  /** Each attempt runs in a span of its own when traces are on. */
  tracing?: Pick<Tracing, 'job'> | null;
}): JobRunner {
  const { database, log } = options;
  const definitions = new Map<string, JobDefinition<object>>();
  const workers = new Map<string, string[]>();
  let boss: PgBoss | null = null;
  let starting: Promise<void> | null = null;

  const connection: ConstructorOptions =
    database.connection.kind === 'pglite'
      ? { db: pgliteJobDb(database.connection.client), backend: 'pglite' }
      : { connectionString: database.connection.url, max: 3 };

  const started = (): PgBoss => {
    if (!boss) throw new Error('the job runner is not started');
    return boss;
  };

  async function start() {
    const instance = new PgBoss({
      ...connection,
      schema: JOB_SCHEMA,
      // Crons are checked often enough that a minute's tick is not missed by much.
      cronWorkerIntervalSeconds: 5,
      registerInstance: false,
    });
    instance.on('error', (err) => log.error({ err }, 'job runner error'));
    await instance.start();
    boss = instance;
    for (const definition of definitions.values()) {
      const { handler, name, cron } = definition;
      await instance.createQueue(name, { ...DEFAULTS, ...definition.options });
      // One worker per allowed concurrent job; each fetches and runs one job at a time. After a job
      // its worker looks for the next at once (a backlog drains without a poll's pause between jobs).
      const ids: string[] = [];
      for (let i = 0; i < Math.max(1, definition.concurrency ?? 1); i++)
        ids.push(
          await instance.work<object>(
            name,
            {
              pollingIntervalSeconds: options.pollingSeconds,
              batchSize: Math.max(1, definition.batchSize ?? 1),
            },
            async (batch) => {
              const run = async (job: (typeof batch)[number]) => {
                const attempt = async () =>
                  (await handler({ id: job.id, data: job.data, retryCount: job.retryCount })) ?? {};
                try {
                  return await (options.tracing ? options.tracing.job(name, job.id, attempt) : attempt());
                } catch (err) {
                  log.warn({ err, job: name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
                  options.metrics?.jobFailed(name);
                  throw err;
                }
              };
              try {
                if (batch.length <= 1) return batch[0] ? await run(batch[0]) : undefined;
                return await Promise.all(batch.map(run));
              } finally {
                const id = ids[i];
                if (id) instance.notifyWorker(id);
              }
            },
          ),
        );
      workers.set(name, ids);
      if (cron) await instance.schedule(name, cron, {}, { tz: 'UTC' });
      else await instance.unschedule(name).catch(() => undefined);
    }
  }

  return {
    register(list) {
      for (const definition of list) {
        if (definitions.has(definition.name)) throw new Error(`job '${definition.name}' is defined twice`);
        // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- the registry forgets each job's data type; a handler gets back the data its own job was sent with
        definitions.set(definition.name, definition);
      }
    },
    start() {
      starting ??= start();
      return starting;
    },
    async pause() {
      const instance = boss;
      if (!instance) return;
      const names = [...workers.keys()];
      workers.clear();
      // wait: false — running handlers finish on their own; stop() waits for them.
      await Promise.all(names.map((name) => instance.offWork(name, { wait: false }).catch(() => undefined)));
    },
    async stop() {
      const instance = boss;
      boss = null;
      workers.clear();
      if (!instance) return;
      await instance.stop({ graceful: true, timeout: 3_000, close: true });
    },
    async send(name, data, sendOptions: SendJobOptions = {}) {
      if (!definitions.has(name)) throw new Error(`job '${name}' is not registered`);
      const id = await started().send(name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.singletonSeconds ? { singletonSeconds: sendOptions.singletonSeconds } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      });
      // This instance's worker picks it up now instead of at its next poll; others still poll.
      if (!sendOptions.startAfter) for (const worker of workers.get(name) ?? []) boss?.notifyWorker(worker);
      return id;
    },
    async sendMany(name, data) {
      if (!definitions.has(name)) throw new Error(`job '${name}' is not registered`);
      if (data.length === 0) return;
      await started().insert(
        name,
        data.map((item) => ({ data: item })),
      );
      for (const worker of workers.get(name) ?? []) boss?.notifyWorker(worker);
    },
    async idle(name, timeoutMs = 15_000) {
      const names = name ? [name] : [...definitions.keys()];
      const until = Date.now() + timeoutMs;
      for (;;) {
        const instance = started();
        const { rows } = await instance
          .getDb()
          .executeSql(
            `select name from ${JOB_SCHEMA}.job where name = any($1::text[]) and state in ('created', 'retry', 'active') and start_after <= now()`,
            [names],
          );
        if (rows.length === 0) return;
        for (const row of rows as { name: string }[]) {
          for (const worker of workers.get(row.name) ?? []) instance.notifyWorker(worker);
        }
        if (Date.now() > until)
          throw new Error(`jobs still pending after ${timeoutMs} ms: ${names.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
