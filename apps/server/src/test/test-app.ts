import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URL } from 'node:url';
import type { IssuedTokens } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp, type AppOverrides } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import type { Clock } from '../infra/clock.js';
import { openDatabase, type Database } from '../infra/db.js';
import { createRedisPubSub } from '../infra/pubsub.js';
import { MAIL_JOB } from '../platform/jobs/mail.job.js';
import { networkCallsInTransaction } from '../platform/network-guard/network-guard.js';
import { startS3Fake, type S3Fake } from './s3-fake.js';
import { databasePrefix, pgliteTemplateDump, type DatabaseTemplate } from './database-template.js';
import { databaseUrlNamed, onDatabaseServer } from './postgres-admin.js';

export const PASSWORD = 'correct-horse-1';

/** A clock tests can move forward to pass token expiry without waiting. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advanceMinutes(minutes: number) {
    this.offsetMs += minutes * 60_000;
  }
  reset() {
    this.offsetMs = 0;
  }
}

/** The run's migrated template (global-setup.ts), or none when this file runs outside that setup. */
function databaseTemplate(): DatabaseTemplate | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    return undefined;
  }
}

/**
 * A fresh database for one test file, copied from the run's migrated template: in-memory PGlite
 * loaded from its dump, or a new PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = databaseTemplate();
  if (!adminUrl) {
    const loadDataDir = template?.kind === 'pglite' ? await pgliteTemplateDump(template.file) : undefined;
    const database = await openDatabase({ dataDir: null, ...(loadDataDir ? { loadDataDir } : {}) });
    return { database, drop: () => database.close() };
  }
  const name = `${databasePrefix()}test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onDatabaseServer(
    adminUrl,
    template?.kind === 'postgres'
      ? `create database "${name}" template "${template.name}"`
      : `create database "${name}"`,
  );
  const url = databaseUrlNamed(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await onDatabaseServer(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * An embedded database on disk in `dir` (`DATA_DIR/db`), opened as the server opens it. A new folder
 * starts as the run's migrated template, so only the tests about migrating pay for migrations (~6 s of
 * CPU on a new folder, ~1 s to load the template).
 */
export async function openDataFolder(
  dir: string,
  options: Omit<Parameters<typeof openDatabase>[0], 'dataDir' | 'loadDataDir' | 'databaseUrl'> = {},
): Promise<Database> {
  const template = databaseTemplate();
  const loadDataDir =
    template?.kind === 'pglite' && !existsSync(join(dir, 'PG_VERSION'))
      ? await pgliteTemplateDump(template.file)
      : undefined;
  return openDatabase({ ...options, dataDir: dir, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** A database that outlives the app using it: a PGlite folder on disk, or a PostgreSQL database. */
export async function durableDatabase(): Promise<{
  open(): Promise<Database>;
  drop(): Promise<void>;
  /** Where it is, for a server process: `DATABASE_URL`, or the PGlite folder (`DATA_DIR/db`). */
  location: { url: string } | { dir: string };
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `${databasePrefix()}durable_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const template = databaseTemplate();
    await onDatabaseServer(
      adminUrl,
      template?.kind === 'postgres'
        ? `create database "${name}" template "${template.name}"`
        : `create database "${name}"`,
    );
    const url = databaseUrlNamed(adminUrl, name);
    return {
      open: () => openDatabase({ databaseUrl: url }),
      drop: () => onDatabaseServer(adminUrl, `drop database if exists "${name}" with (force)`),
      location: { url },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'teamline-durable-'));
  return {
    open: () => openDataFolder(dir),
    drop: () => rm(dir, { recursive: true, force: true }),
    location: { dir },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  clock: TestClock;
  database: Database;
  close(): Promise<void>;
}

export async function testConfig(overrides: Partial<AppConfig> = {}): Promise<AppConfig> {
  const dir = await mkdtemp(join(tmpdir(), 'teamline-test-'));
  const redisPrefix = `teamline:test:${randomBytes(6).toString('hex')}`;
  return {
    ...loadConfig({}),
    dataDir: dir,
    databaseDir: join(dir, 'db'),
    outboxDir: join(dir, 'outbox'),
    filesDir: join(dir, 'files'),
    publicUrl: 'http://teamline.test',
    webDist: join(dir, 'no-web'),
    linkPreview: false,
    // Files sign up many members from one address; rate-limits.test.ts turns the limits on.
    rateLimit: false,
    realtimeSweepMs: 200,
    outboxSweepMs: 200,
    // Tests run the delay job themselves, at the moment they choose.
    delayJobMs: 0,
    jobPollingSeconds: 0.5,
    // One channel and key prefix per test file: files share the Redis server but not their databases' ids.
    pubsubChannel: `${redisPrefix}:events`,
    redisPrefix,
    ...overrides,
  };
}

/**
 * One app per test file with a fresh database; uses Redis pub/sub when TEST_REDIS_URL is set.
 * Pass `database` to build a second instance on the same database (realtime across instances).
 */
export async function createTestApp(
  options: { config?: Partial<AppConfig>; database?: Database; overrides?: AppOverrides } = {},
): Promise<TestApp> {
  // Calls found before this app (another file in the same fork, or a test planting them) are not its.
  const callsBefore = networkCallsInTransaction().length;
  // Instances of one deployment share its mail server: a mail job taken by the second instance must
  // land in the outbox the tests read, whichever instance ran it.
  const sharedOutbox = options.database && outboxOfDatabase.get(options.database);
  const config = await testConfig({
    ...(sharedOutbox ? { outboxDir: sharedOutbox } : {}),
    ...options.config,
  });
  // TEST_STORAGE=s3: files go to a local S3 server (test/s3-fake.ts) instead of the folder, one per app.
  let s3Fake: S3Fake | null = null;
  if (process.env.TEST_STORAGE === 's3' && options.config?.s3 === undefined) {
    s3Fake = await startS3Fake();
    config.s3 = s3Fake.config();
  }
  const owned = options.database ? null : await createTestDatabase();
  const database = options.database ?? owned!.database;
  if (owned) outboxOfDatabase.set(database, config.outboxDir);
  const clock = new TestClock();
  const redisUrl = process.env.TEST_REDIS_URL;
  const pubsub = redisUrl ? await createRedisPubSub(redisUrl, config.pubsubChannel) : undefined;
  const app = await buildApp(config, {
    database,
    clock,
    logger: false,
    ...(pubsub ? { pubsub } : {}),
    ...options.overrides,
  });
  await app.ready();
  appsByConfig.set(config, app);
  return {
    app,
    config,
    clock,
    database,
    async close() {
      appsByConfig.delete(config);
      await app.close();
      await s3Fake?.close();
      await owned?.drop();
      await rm(config.dataDir, { recursive: true, force: true });
      // docs/decisions.md "Charges survive a crash": no test may have reached the network from
      // inside a database transaction (platform/network-guard).
      const calls = networkCallsInTransaction().slice(callsBefore);
      if (calls.length > 0)
        throw new Error(
          `network call(s) inside a database transaction:\n${calls.map((c) => `${c.target}\n${c.stack}`).join('\n')}`,
        );
    },
  };
}

/** Whether the server tests run on an S3 bucket (`TEST_STORAGE=s3`) rather than the storage folder. */
export const onS3 = process.env.TEST_STORAGE === 's3';

/** The keys in the app's storage (folder or bucket), sorted; temporary uploads start with TEMP_PREFIX. */
export async function storedKeys(t: Pick<TestApp, 'app'>): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.app.ctx.storage.list()) keys.push(object.key);
  return keys.sort();
}

/** The outbox of the first app built on a database, which later instances on it write to as well. */
const outboxOfDatabase = new WeakMap<Database, string>();

/** Mails leave through the `mail.send` job; the helpers below wait for the app's queue to drain. */
const appsByConfig = new Map<AppConfig, FastifyInstance>();

/** Resolves once every mail the app (built with this config) has queued is sent. */
export async function mailsSent(config: AppConfig): Promise<void> {
  await appsByConfig.get(config)?.ctx.jobs.idle(MAIL_JOB);
}

/** Every mail written to the outbox for an address, oldest first, parsed (after the queued mails are sent). */
export async function mailsTo(config: AppConfig, to: string) {
  await mailsSent(config);
  const names = (await readdir(config.outboxDir).catch(() => [] as string[]))
    .filter((n) => n.endsWith(`-${to}.eml`))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const parsed = await simpleParser(await readFile(join(config.outboxDir, name)));
      return { subject: parsed.subject ?? '', text: parsed.text ?? '', html: String(parsed.html ?? '') };
    }),
  );
}

/** The newest mail written to the outbox for an address, parsed (after the queued mails are sent). */
export async function latestMail(config: AppConfig, to: string) {
  const mails = await mailsTo(config, to);
  const last = mails.at(-1);
  return last ? { ...last, count: mails.length } : null;
}

/**
 * The newest mail to an address whose subject contains `about`. Mail jobs run in parallel, so a
 * notice queued around the same time (a sign-in from a new browser) may be written after the one a
 * test waits for.
 */
export async function latestMailAbout(config: AppConfig, to: string, about: string) {
  const mails = await mailsTo(config, to);
  return mails.findLast((mail) => mail.subject.includes(about)) ?? null;
}

/** The `mail.send` jobs queued for an address, as pg-boss holds them (state, attempts, last output). */
async function mailJobsTo(config: AppConfig, to: string) {
  const app = appsByConfig.get(config);
  if (!app) return [];
  const result = (await app.ctx.database.db.execute(
    sql`select state::text as state, retry_count as retries, output from pgboss.job where name = ${MAIL_JOB} and data->>'to' = ${to} order by created_on`,
  )) as { rows: { state: string; retries: number; output: unknown }[] };
  return result.rows;
}

const linkIn = (text: string | undefined) => /https?:\/\/\S+?token=[A-Za-z0-9_-]+/.exec(text ?? '')?.[0];

/**
 * The newest mail to an address that carries a token link: a notice without one (a sign-in from a
 * new browser) may be written after it, since mail jobs run in parallel.
 */
async function latestTokenLink(config: AppConfig, to: string) {
  const mails = await mailsTo(config, to);
  return mails.map((mail) => linkIn(mail.text)).findLast((link) => link !== undefined);
}

/**
 * The link in the newest mail to an address, and its token. A mail whose attempt failed is retried
 * by its job a few seconds later (that is the design: a mail is never lost to a passing error), so
 * while a job for the address is still queued this waits for it; a missing link then names the
 * jobs' states and errors instead of only saying nothing came.
 */
export async function latestLink(config: AppConfig, to: string) {
  const until = Date.now() + 20_000;
  let link = await latestTokenLink(config, to);
  let jobs = link ? [] : await mailJobsTo(config, to);
  while (!link && Date.now() < until && jobs.some((j) => ['created', 'retry', 'active'].includes(j.state))) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    link = await latestTokenLink(config, to);
    if (!link) jobs = await mailJobsTo(config, to);
  }
  if (!link) throw new Error(`no link mailed to ${to}; its mail jobs: ${JSON.stringify(jobs)}`);
  return { link, token: new URL(link.replace('/#/', '/')).searchParams.get('token')! };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The device cookie a sign-in set (features/session/device-cookie.ts), as a browser sends it back. */
export function browserCookieOf(res: { headers: Record<string, unknown> }): string {
  const set = [res.headers['set-cookie']]
    .flat()
    .find((c): c is string => typeof c === 'string' && c.startsWith('teamline_device='));
  if (!set) throw new Error(`no device cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return set.split(';')[0]!;
}

/** Signs up through the real e-mail flow and returns the session and the member's id. */
export async function signUp(
  t: TestApp,
  email: string,
  profile: Record<string, unknown> = {},
): Promise<IssuedTokens & { memberIdx: number; email: string }> {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/auth/email',
    payload: { email, purpose: 'join' },
  });
  if (sent.statusCode !== 201) throw new Error(`auth/email ${sent.statusCode} ${sent.body}`);
  const { token } = await latestLink(t.config, email);
  const verified = await t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token } });
  const { verifiedToken } = verified.json().data;
  const joined = await t.app.inject({
    method: 'POST',
    url: '/api/member/join/general',
    payload: {
      verifiedToken,
      password: PASSWORD,
      name: 'Tester',
      nickname: email.split('@')[0]!.slice(0, 15),
      phone: '01012345678',
      ...profile,
    },
  });
  if (joined.statusCode !== 201) throw new Error(`join ${joined.statusCode} ${joined.body}`);
  const tokens = joined.json().data as IssuedTokens;
  const me = await t.app.inject({ method: 'GET', url: '/api/member', headers: bearer(tokens.key) });
  return { ...tokens, memberIdx: me.json().data.memberIdx, email };
}

/** Creates a project and returns its id. */
export async function createProject(
  t: TestApp,
  key: string,
  name = 'Project',
  isClient = false,
): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/project',
    headers: bearer(key),
    payload: { name, isClient },
  });
  if (res.statusCode !== 201) throw new Error(`project ${res.statusCode} ${res.body}`);
  return res.json().data.projectIdx;
}

/** The ids of the projects a signed-in member sees in GET /project/list-of-member. */
export async function projectsOf(t: TestApp, key: string): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/project/list-of-member', headers: bearer(key) });
  return res.json<{ data: { projectIdx: number }[] }>().data.map((p) => p.projectIdx);
}

/** Puts a member into a project directly (invitations arrive with a later issue). */
export async function addToProject(
  t: TestApp,
  projectIdx: number,
  memberIdx: number,
  role: 'admin' | 'depth1' | 'depth2' | 'client',
  extra: { isAdmin?: boolean; depth1Idx?: number | null } = {},
) {
  return t.app.services.membershipRepo.addMember({ projectIdx, memberIdx, role, ...extra });
}
