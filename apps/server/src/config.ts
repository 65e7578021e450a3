import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { URL } from 'node:url';
import { z } from 'zod';
import {
  AI_OPEN_JOBS_PER_MEMBER,
  AI_OPEN_JOBS_PER_PROJECT,
  STORAGE_QUOTA_MEMBER_BYTES,
  STEP_UP_MAX_AGE_MINUTES,
  STORAGE_QUOTA_PROJECT_BYTES,
  webhookRetrySchedule,
} from '@teamline/contract';
import type { S3StorageConfig } from './infra/storage.js';
import { repoRoot } from './paths.js';

/** Unset (or empty) means the feature's embedded default; set, it must be a URL of these schemes. */
const optionalUrl = (protocols: readonly string[]) =>
  z
    .url({ protocol: new RegExp(`^(${protocols.join('|')})$`) })
    .optional()
    .describe(`a ${protocols.map((p) => `${p}://`).join(' or ')} URL`);

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads, with its default. The README's configuration table
 * lists exactly these (config.test.ts checks it); a later feature adds its variables here and there.
 */
export const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(8080).describe('a port number from 1 to 65535'),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  PGLITE_SHARED_BUFFERS_MB: z.coerce
    .number()
    .int()
    .min(16)
    .max(1024)
    .optional()
    .describe('a whole number of megabytes from 16 to 1024'),
  PGLITE_THREAD: z.enum(['worker', 'main']).optional(),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('Teamline <no-reply@teamline.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'an HTTP header name')
    .default('cf-ipcountry'),
  LINK_PREVIEW: flag.default(true),
  FILE_URL_SECRET: z.string().min(32).optional().describe('at least 32 characters'),
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  PUBSUB_CHANNEL: z.string().min(1).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._/-]+$/)
    .max(100)
    .optional()
    .describe('letters, digits and : . _ / - (at most 100)'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[\d.:/a-fA-F, ]+)$/)
    .default('false')
    .describe('true, false, a number of proxy hops, or addresses/CIDRs of the proxies'),
  DELAY_JOB_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60_000)
    .describe('a whole number of milliseconds, 0 to turn it off'),
  SETTLEMENT_AUTO_APPROVE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .default(7)
    .describe('a whole number of days from 1 to 365'),
  // The audit log (features/audit): records older than this are deleted by a daily job.
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(36_500)
    .default(365)
    .describe('a whole number of days from 1 to 36500'),
  // Subscriptions and billing (docs/decisions.md "Subscriptions and billing")
  TOSS_SECRET_KEY: z
    .string()
    .min(8)
    .optional()
    .describe('a Toss Payments secret key (test_sk_… or live_sk_…)'),
  TOSS_CLIENT_KEY: z.string().min(8).optional().describe('the Toss Payments client key of the browser SDK'),
  TOSS_API_URL: optionalUrl(['http', 'https']),
  BILLING_PRICE_KRW: z.coerce.number().int().min(0).default(10_000).describe('won per sheet per month'),
  BILLING_PRICE_USD: z.coerce.number().int().min(0).default(800).describe('cents per sheet per month'),
  BILLING_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(2)
    .max(600)
    .default(30)
    .describe('a whole number of seconds from 2 to 600'),
  BILLING_SANDBOX_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(0)
    .describe('a whole number of milliseconds from 0 to 60000'),
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .regex(/^\d+(,\d+){0,19}$/)
    .default(webhookRetrySchedule.join(','))
    .describe('seconds before each attempt, comma-separated (at most 20), e.g. 0,5,300'),
  // Outside sign-in (docs/decisions.md "Outside sign-in"): unset client id, no Google button.
  OIDC_ISSUER: optionalUrl(['http', 'https']),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .regex(/^[A-Za-z0-9.-]+(\s*,\s*[A-Za-z0-9.-]+)*$/)
    .optional()
    .describe('e-mail domains separated by commas, e.g. example.com,example.org'),
  // GitHub sync (docs/decisions.md "GitHub sync"): unset client id, tokens only (no OAuth button).
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_API_URL: optionalUrl(['http', 'https']),
  GITHUB_WEB_URL: optionalUrl(['http', 'https']),
  SECRET_KEY: z.string().min(32).optional().describe('at least 32 characters'),
  // AI (docs/decisions.md "AI"): unset AI_BASE_URL, the built-in offline generator.
  AI_BASE_URL: optionalUrl(['http', 'https']),
  AI_MODEL: z.string().min(1).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  // Object storage (docs/decisions.md "Object storage"): unset S3_BUCKET, the local folder DATA_DIR/files.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
    .optional()
    .describe('an S3 bucket name (3 to 63 lower-case letters, digits, dots and hyphens)'),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  // Backups (docs/decisions.md "Backups and upgrades"): unset BACKUP_DIR, no scheduled backups.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000)
    .default(7)
    .describe('a whole number of archives from 1 to 1000'),
  // Two-factor sign-in (docs/decisions.md "Two-factor sign-in"): how fresh a factor the sensitive calls need.
  STEP_UP_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(STEP_UP_MAX_AGE_MINUTES * 60)
    .describe('a whole number of seconds from 1 to 86400'),
  // Metrics and drain (docs/decisions.md "Metrics, readiness and drain"): no metrics unless one is set.
  METRICS_TOKEN: z.string().min(16).optional().describe('at least 16 characters'),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65_535)
    .optional()
    .describe('a port number from 1 to 65535'),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DRAIN_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(25_000)
    .default(2_000)
    .describe('a whole number of milliseconds from 0 to 25000'),
  // OpenTelemetry traces (optional): unset endpoint, the SDK is not even loaded.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(['http', 'https']),
  OTEL_SERVICE_NAME: z.string().min(1).default('teamline'),
});
export type EnvironmentVariable = keyof typeof environmentSchema.shape;

export interface AppConfig {
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The embedded database's buffer pool, which it holds in full from the start; unset, sized to the
   * database at each start (infra/pglite-buffer-pool.ts).
   */
  embeddedSharedBuffersMb: number | undefined;
  /**
   * Where the embedded database runs: `main`, the request thread, or `worker`, a thread of its own
   * (PGLITE_THREAD; unset, infra/db.ts's DEFAULT_EMBEDDED_THREAD, `main`).
   */
  embeddedThread: 'worker' | 'main' | undefined;
  redisUrl: string | undefined;
  /**
   * What every Redis key and channel of this deployment starts with (rate-limit counters, the live
   * bus, co-editing), so deployments sharing one Redis never read each other's. REDIS_PREFIX, else
   * `teamline:<host and path of PUBLIC_URL>`.
   */
  redisPrefix: string;
  /** Channel of the realtime bus; tests use one per database so suites sharing a Redis stay apart. */
  pubsubChannel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The embedded PGlite database, when no DATABASE_URL is set; beside the outbox and files, not around them. */
  databaseDir: string;
  /** Where the development outbox writes .eml files when no SMTP_URL is set. */
  outboxDir: string;
  /** Where uploaded files are stored when no bucket is configured (and what `files:migrate` copies). */
  filesDir: string;
  /** An S3-compatible bucket for uploaded files (S3_BUCKET); null: the local folder `filesDir`. */
  s3: S3StorageConfig | null;
  /** AI jobs queued or running at once per project and per account (the contract's constants; tests raise them). */
  aiOpenJobs: { perProject: number; perMember: number };
  /** Storage quotas in bytes (the contract's constants; tests lower them). */
  storageQuota: { memberBytes: number; projectBytes: number };
  logLevel: string;
  webDist: string;
  /** Header a CDN or GeoIP proxy sets with the visitor's country (Cloudflare: cf-ipcountry). */
  countryHeader: string;
  /** Whether link previews may fetch public pages; off in tests to keep them offline and fast. */
  linkPreview: boolean;
  /**
   * HMAC key of the short-lived signed file addresses (`GET /file/url`). Unset: a random key per
   * process, so instances behind one load balancer must share one.
   */
  fileUrlSecret: string;
  /**
   * Fastify's trustProxy: whether X-Forwarded-For/-Proto are believed (the client's IP and https).
   * false unless the app runs behind a proxy that overwrites them; a spoofed header must not move a client to another rate-limit bucket.
   */
  trustProxy: boolean | number | string;
  /** Rate limits on sign-in, mail and recovery routes; tests switch them off except where they test them. */
  rateLimit: boolean;
  /** Outbound requests to user-typed addresses may reach private networks (an intranet; tests). */
  outboundAllowPrivate: boolean;
  /** How often open WebSockets are checked for a revoked login. */
  realtimeSweepMs: number;
  /** How often the outbox is swept for events a crash or a failing consumer left undispatched. */
  outboxSweepMs: number;
  /** How often open stories past their end date are marked delayed (a cron, whole minutes); 0 turns it off. */
  delayJobMs: number;
  /** How often an idle job worker polls the queue, in seconds (pg-boss's floor is 0.5). */
  jobPollingSeconds: number;
  /**
   * Days after submission when an unanswered settlement is approved by the durable job (the notice
   * goes a day before). Tests may set a fraction of a day.
   */
  settlementAutoApproveDays: number;
  /** Days an audit record is kept; the daily `audit.retention` job deletes older ones (keeping the chain's anchor). */
  auditRetentionDays: number;
  /**
   * Subscriptions: the gateway is Toss when TOSS_SECRET_KEY is set, the built-in sandbox otherwise;
   * prices of one sheet for one month in minor units.
   */
  billing: {
    gateway: 'sandbox' | 'toss';
    tossSecretKey: string | undefined;
    tossClientKey: string | undefined;
    tossApiUrl: string;
    tossTimeoutMs: number;
    monthlyPrices: { KRW: number; USD: number };
    /**
     * How long a paying request holds its Idempotency-Key claim (renewed while it runs) and how
     * long a charge intent may stay unanswered before a retry or the reconciliation asks the
     * gateway about it. The gateway's timeout stays below it (half of it at most).
     */
    leaseMs: number;
    /** The sandbox gateway's answer delay after a charge (0: at once). */
    sandboxLatencyMs: number;
  };
  /** Webhook deliveries (issue 13); tests shorten the schedule and the spacing so retries run in seconds. */
  webhook: {
    /** Seconds to wait before each attempt (the first is usually 0); after the last fails: gaveUp. */
    retrySeconds: number[];
    /** Least time between two sends of one hook (about one message a second). */
    minIntervalMs: number;
    /** How long a sender holds a hook before another may take over (a crashed instance's hooks). */
    leaseMs: number;
    /** Deliveries of different hooks sent at once by one instance. */
    concurrency: number;
    /** Timeout of one attempt. */
    timeoutMs: number;
  };
  /**
   * Sign-in with an OpenID Connect issuer (Google by default); null when OIDC_CLIENT_ID is unset, and
   * the login page shows no Google button.
   */
  /**
   * Key of secrets stored in the database (GitHub tokens, AES-256-GCM). Unset: a random key kept in
   * `DATA_DIR/secret.key`, made when GitHub first needs it; instances on one PostgreSQL database must share one.
   */
  secretKey: string | undefined;
  /**
   * Scheduled backups of the embedded install: a daily archive in `dir` (null: none), the newest
   * `keep` kept (features/backup).
   */
  backup: { dir: string | null; keep: number };
  /**
   * How long after a login last proved a factor (sign-in or step-up) the sensitive calls still
   * accept it (a refund, a card, roles, webhooks, GitHub, password, factors); then 403 STEP_UP_REQUIRED.
   */
  stepUpSeconds: number;
  /**
   * Prometheus metrics: `GET /metrics` on the app's port behind `Authorization: Bearer <token>`
   * (token set), and/or a listener of its own without a token (port set). Both unset: no metrics.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** OTLP/HTTP traces of requests (platform/observability/tracing.ts); endpoint unset: off. */
  tracing: { endpoint: string | undefined; serviceName: string };
  /** On SIGTERM, how long readiness answers 503 before the listener closes (load balancers notice). */
  drainDelayMs: number;
  /**
   * AI documents and timelines: an OpenAI-compatible chat-completions endpoint, or null for the
   * built-in offline generator.
   */
  ai: { baseUrl: string; model: string; apiKey: string; timeoutMs: number } | null;
  /** GitHub sync; `oauth` is null without GITHUB_CLIENT_ID (personal access tokens only). */
  github: {
    apiUrl: string;
    webUrl: string;
    oauth: { clientId: string; clientSecret: string } | null;
    timeoutMs: number;
    /** How often the polling job runs; a connection GitHub reached by webhook in the last hour is skipped. */
    pollCron: string;
  };
  oidc: {
    issuer: string;
    clientId: string;
    clientSecret: string | undefined;
    /** Lower-case e-mail domains allowed to sign in (the `hd` claim, else the e-mail's); empty: any. */
    allowedDomains: string[];
    /** Timeout of one request to the issuer (discovery, token exchange). */
    timeoutMs: number;
  } | null;
}

/** A wrong environment value; the message names every variable at fault and what it must be. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function describeIssue(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  const variable = String(issue.path[0]);
  const value = env[variable];
  const expected = environmentSchema.shape[variable as EnvironmentVariable]?.description;
  const got = value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
  return `${variable}: ${expected ? `expected ${expected}` : issue.message}${got}`;
}

/**
 * Reads the environment once at start-up (and a .env file in the working directory or the repo root,
 * if present). Empty values count as unset. Throws ConfigError naming each wrong variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  if (env === process.env) {
    for (const file of [resolve(process.cwd(), '.env'), resolve(repoRoot, '.env')]) {
      if (existsSync(file)) {
        process.loadEnvFile(file);
        break;
      }
    }
  }
  // Empty values count as unset, so `FOO=` in a .env file means the default.
  const present = Object.fromEntries(
    Object.keys(environmentSchema.shape)
      .map((name): [string, string | undefined] => [name, env[name]?.trim()])
      .filter(([, value]) => value),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => describeIssue(issue, env)));
  const vars = parsed.data;
  const dataDir = resolve(repoRoot, vars.DATA_DIR);
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  const redisPrefix = vars.REDIS_PREFIX ?? defaultRedisPrefix(publicUrl);
  return {
    port: vars.PORT,
    publicUrl,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    embeddedSharedBuffersMb: vars.PGLITE_SHARED_BUFFERS_MB,
    embeddedThread: vars.PGLITE_THREAD,
    redisUrl: vars.REDIS_URL,
    redisPrefix,
    pubsubChannel: vars.PUBSUB_CHANNEL ?? `${redisPrefix}:events`,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    databaseDir: resolve(dataDir, 'db'),
    outboxDir: resolve(dataDir, 'outbox'),
    filesDir: resolve(dataDir, 'files'),
    s3: vars.S3_BUCKET
      ? {
          bucket: vars.S3_BUCKET,
          endpoint: vars.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: vars.S3_REGION,
          accessKeyId: vars.S3_ACCESS_KEY_ID,
          secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
          // A custom endpoint (MinIO, Ceph, a local server) usually has no per-bucket host names.
          forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? vars.S3_ENDPOINT !== undefined,
        }
      : null,
    storageQuota: { memberBytes: STORAGE_QUOTA_MEMBER_BYTES, projectBytes: STORAGE_QUOTA_PROJECT_BYTES },
    aiOpenJobs: { perProject: AI_OPEN_JOBS_PER_PROJECT, perMember: AI_OPEN_JOBS_PER_MEMBER },
    logLevel: vars.LOG_LEVEL,
    webDist: resolve(repoRoot, vars.WEB_DIST),
    countryHeader: vars.COUNTRY_HEADER.toLowerCase(),
    linkPreview: vars.LINK_PREVIEW,
    fileUrlSecret: vars.FILE_URL_SECRET ?? randomBytes(32).toString('hex'),
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    rateLimit: vars.RATE_LIMITS === 'on',
    outboundAllowPrivate: vars.WEBHOOK_ALLOW_PRIVATE,
    realtimeSweepMs: 30_000,
    outboxSweepMs: 5_000,
    delayJobMs: vars.DELAY_JOB_MS,
    settlementAutoApproveDays: vars.SETTLEMENT_AUTO_APPROVE_DAYS,
    auditRetentionDays: vars.AUDIT_RETENTION_DAYS,
    billing: {
      gateway: vars.TOSS_SECRET_KEY ? 'toss' : 'sandbox',
      tossSecretKey: vars.TOSS_SECRET_KEY,
      tossClientKey: vars.TOSS_CLIENT_KEY,
      tossApiUrl: (vars.TOSS_API_URL ?? 'https://api.tosspayments.com').replace(/\/+$/, ''),
      tossTimeoutMs: Math.min(15_000, (vars.BILLING_LEASE_SECONDS * 1000) / 2),
      monthlyPrices: { KRW: vars.BILLING_PRICE_KRW, USD: vars.BILLING_PRICE_USD },
      leaseMs: vars.BILLING_LEASE_SECONDS * 1000,
      sandboxLatencyMs: vars.BILLING_SANDBOX_LATENCY_MS,
    },
    webhook: {
      retrySeconds: vars.WEBHOOK_RETRY_SECONDS.split(',').map(Number),
      minIntervalMs: 1_000,
      leaseMs: 60_000,
      concurrency: 10,
      timeoutMs: 10_000,
    },
    secretKey: vars.SECRET_KEY,
    stepUpSeconds: vars.STEP_UP_SECONDS,
    metrics: { token: vars.METRICS_TOKEN, port: vars.METRICS_PORT, host: vars.METRICS_HOST },
    drainDelayMs: vars.DRAIN_DELAY_MS,
    tracing: { endpoint: vars.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: vars.OTEL_SERVICE_NAME },
    backup: { dir: vars.BACKUP_DIR ? resolve(repoRoot, vars.BACKUP_DIR) : null, keep: vars.BACKUP_KEEP },
    ai: vars.AI_BASE_URL
      ? {
          baseUrl: vars.AI_BASE_URL.replace(/\/+$/, ''),
          model: vars.AI_MODEL ?? 'gpt-4o-mini',
          apiKey: vars.AI_API_KEY ?? 'none',
          timeoutMs: 60_000,
        }
      : null,
    github: {
      apiUrl: (vars.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
      webUrl: (vars.GITHUB_WEB_URL ?? 'https://github.com').replace(/\/+$/, ''),
      oauth:
        vars.GITHUB_CLIENT_ID && vars.GITHUB_CLIENT_SECRET
          ? { clientId: vars.GITHUB_CLIENT_ID, clientSecret: vars.GITHUB_CLIENT_SECRET }
          : null,
      timeoutMs: 10_000,
      pollCron: '*/5 * * * *',
    },
    oidc: vars.OIDC_CLIENT_ID
      ? {
          issuer: (vars.OIDC_ISSUER ?? 'https://accounts.google.com').replace(/\/+$/, ''),
          clientId: vars.OIDC_CLIENT_ID,
          clientSecret: vars.OIDC_CLIENT_SECRET,
          allowedDomains: (vars.OIDC_ALLOWED_DOMAINS ?? '')
            .split(',')
            .map((domain) => domain.trim().toLowerCase())
            .filter(Boolean),
          timeoutMs: 10_000,
        }
      : null,
    // A job sent here wakes this instance's worker at once; polling only finds retries, cron ticks
    // and other instances' jobs, and on PGlite each idle poll holds the one connection (5–40 ms).
    jobPollingSeconds: 10,
  };
}

/** Two deployments differ in their public address, so it names their keys when REDIS_PREFIX is unset. */
export function defaultRedisPrefix(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `teamline:${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
