import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so DATA_DIR and WEB_DIST defaults do not depend on the working directory. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppConfig {
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Channel of the realtime bus; tests use one per database so suites sharing a Redis stay apart. */
  pubsubChannel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The embedded PGlite database, when no DATABASE_URL is set; beside the outbox and files, not around them. */
  databaseDir: string;
  /** Where the development outbox writes .eml files when no SMTP_URL is set. */
  outboxDir: string;
  /** Where uploaded files are stored. */
  filesDir: string;
  oidcIssuer: string;
  oidcClientId: string | undefined;
  oidcClientSecret: string | undefined;
  logLevel: string;
  webDist: string;
  /** Header a CDN or GeoIP proxy sets with the visitor's country (Cloudflare: cf-ipcountry). */
  countryHeader: string;
  /** Whether link previews may fetch public pages; off in tests to keep them offline and fast. */
  linkPreview: boolean;
  /** How often open WebSockets are checked for a revoked login. */
  realtimeSweepMs: number;
  /** How often the outbox is swept for events a crash or a failing consumer left undispatched. */
  outboxSweepMs: number;
  /** How often open stories past their end date are marked delayed; 0 turns the timer off. */
  delayJobMs: number;
}

/** Reads the environment (and a .env file in the working directory or the repo root, if present). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  for (const file of [resolve(process.cwd(), '.env'), resolve(repoRoot, '.env')]) {
    if (existsSync(file)) {
      process.loadEnvFile(file);
      break;
    }
  }
  const port = Number(env.PORT ?? 8080);
  const dataDir = resolve(repoRoot, env.DATA_DIR ?? 'data');
  return {
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    pubsubChannel: env.PUBSUB_CHANNEL ?? 'teamline:events',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Teamline <no-reply@teamline.local>',
    databaseDir: resolve(dataDir, 'db'),
    outboxDir: resolve(dataDir, 'outbox'),
    filesDir: resolve(dataDir, 'files'),
    oidcIssuer: env.OIDC_ISSUER ?? 'https://accounts.google.com',
    oidcClientId: env.OIDC_CLIENT_ID || undefined,
    oidcClientSecret: env.OIDC_CLIENT_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: resolve(repoRoot, env.WEB_DIST ?? 'apps/web/dist'),
    countryHeader: (env.COUNTRY_HEADER ?? 'cf-ipcountry').toLowerCase(),
    linkPreview: env.LINK_PREVIEW !== 'false',
    realtimeSweepMs: 30_000,
    outboxSweepMs: 5_000,
    delayJobMs: Number(env.DELAY_JOB_MS ?? 60_000),
  };
}
