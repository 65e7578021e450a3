import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { databaseUrlNamed, onDatabaseServer } from '../../apps/server/src/test/postgres-admin.js';
import { startS3Fake, type S3Fake } from '../../apps/server/src/test/s3-fake.js';
import { repoRoot } from './paths.js';
import { stop, waitForHttp } from './processes.js';
import { startProxy, type Proxy } from './proxy.js';

export const DATABASE_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const METRICS_TOKEN = 'cluster-metrics-token-0123';
const SERVER_ENTRY = join(repoRoot, 'apps/server/dist/server.js');

/**
 * Why the cluster cannot run here, or null: PostgreSQL and Redis must answer (the built app too).
 * The caller skips on a reason, except in CI, where it fails.
 */
export async function clusterUnavailable(): Promise<string | null> {
  if (!existsSync(SERVER_ENTRY)) return `${SERVER_ENTRY} is missing: run \`npm run build\` first`;
  const client = new pg.Client({ connectionString: DATABASE_SERVER_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    return `PostgreSQL at ${DATABASE_SERVER_URL} (TEST_DATABASE_URL) does not answer: ${String(err)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0 });
  let cause: unknown = null;
  redis.on('error', (err: unknown) => (cause ??= err));
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    return `Redis at ${REDIS_URL} (TEST_REDIS_URL) does not answer: ${String(cause ?? err)}`;
  } finally {
    redis.disconnect();
  }
  return null;
}

export interface Instance {
  port: number;
  url: string;
  child: ChildProcess;
  /** What the process wrote to stderr (warnings and errors at LOG_LEVEL=warn). */
  stderr: () => string;
}

export interface Cluster {
  /** The proxy's address: what the browsers and the journey's requests use. */
  url: string;
  instances: Instance[];
  proxy: Proxy;
  /** The data folder all instances share: only the development mail outbox lives there. */
  dataDir: string;
  databaseUrl: string;
  /** A query on the run's database. */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/**
 * Three instances of the built app on one fresh PostgreSQL database (on TEST_DATABASE_URL's server),
 * one Redis (a key prefix of this run), one S3 fake, behind the proxy on `basePort`; the instances
 * listen on basePort+1..+3. Instances share SECRET_KEY and FILE_URL_SECRET, as docs/deploy.md says
 * they must, and believe one proxy hop (TRUST_PROXY=1).
 */
export async function startCluster(basePort: number): Promise<Cluster> {
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const database = `teamline_cluster_${run}`;
  const redisPrefix = `teamline-cluster:${run}`;
  await onDatabaseServer(DATABASE_SERVER_URL, `create database ${database}`);
  const databaseUrl = databaseUrlNamed(DATABASE_SERVER_URL, database);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // An idle connection the server ends (a restart, someone's pg_terminate_backend) is not the test's failure.
  pool.on('error', () => undefined);
  const dataDir = await mkdtemp(join(tmpdir(), 'teamline-cluster-'));
  let s3: S3Fake | null = null;
  let proxy: Proxy | null = null;
  const instances: Instance[] = [];
  const cleanUp = async () => {
    await proxy?.close().catch(() => undefined);
    await Promise.all(instances.map((instance) => stop(instance.child)));
    await s3?.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await onDatabaseServer(DATABASE_SERVER_URL, `drop database if exists ${database} with (force)`).catch(
      () => undefined,
    );
    await forgetRedisKeys(`${redisPrefix}:*`).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    s3 = await startS3Fake(['teamline-cluster']);
    const bucket = s3.config();
    const url = `http://127.0.0.1:${basePort}`;
    const shared: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      S3_BUCKET: bucket.bucket,
      S3_ENDPOINT: bucket.endpoint,
      S3_REGION: bucket.region,
      S3_ACCESS_KEY_ID: bucket.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      SECRET_KEY: randomBytes(32).toString('hex'),
      FILE_URL_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '1',
      RATE_LIMITS: 'on',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SECONDS: '0,2,5',
      METRICS_TOKEN,
      DRAIN_DELAY_MS: '0',
      LINK_PREVIEW: 'false',
      LOG_LEVEL: 'warn',
    };
    for (const port of [basePort + 1, basePort + 2, basePort + 3])
      instances.push(startInstance(port, shared));
    await Promise.all(instances.map((instance) => waitForReady(instance)));
    proxy = await startProxy(
      join(dataDir, 'proxy'),
      basePort,
      instances.map((instance) => instance.port),
    );
    return {
      url,
      instances,
      proxy,
      dataDir,
      databaseUrl,
      query: async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
        (await pool.query<T>(text, values)).rows,
      stop: cleanUp,
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

function startInstance(port: number, env: NodeJS.ProcessEnv): Instance {
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: join(repoRoot, 'apps/server'),
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  return { port, url: `http://127.0.0.1:${port}`, child, stderr: () => stderr };
}

const waitForReady = (instance: Instance) =>
  waitForHttp(
    `${instance.url}/api/ready`,
    instance.child,
    (status) => status === 200,
    () =>
      `instance on ${instance.port} did not become ready (exit ${instance.child.exitCode}):\n${instance.stderr()}`,
    90_000,
  );

/** Deletes the run's Redis keys (rate-limit counters, co-editing state); they would expire anyway. */
async function forgetRedisKeys(pattern: string) {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    for await (const keys of redis.scanStream({ match: pattern, count: 500 }) as AsyncIterable<string[]>)
      if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** Open WebSockets (live events and co-editing) on one instance, from its metrics. */
export async function openSockets(instance: Instance): Promise<number> {
  const text = await fetch(`${instance.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).then((response) => response.text());
  return [...text.matchAll(/^websocket_connections(?:\{[^}]*\})? (\d+)/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}
