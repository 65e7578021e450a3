import type {
  GithubAuthKind,
  GithubBackfill,
  GithubConnectionStatus,
  GithubLinkKind,
  GithubLinkState,
  GithubSyncSource,
  GithubSyncStatus,
} from '@teamline/contract';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stories } from './planning.js';
import { projects } from './project.js';
import { ts } from './columns.js';

/**
 * A project's GitHub connection (issue 14): one per project. The token is stored encrypted
 * (`token_cipher`, AES-256-GCM, see features/github/token-cipher.ts), never sent to a client.
 * `etags` keeps the last ETag of each polled list, so a poll that finds nothing new costs GitHub a
 * 304 (no rate limit used).
 */
export const githubConnections = pgTable('github_connection', {
  projectIdx: integer('project_idx')
    .primaryKey()
    .references(() => projects.projectIdx),
  authKind: text('auth_kind').$type<GithubAuthKind>().notNull(),
  account: text('account').notNull(),
  tokenCipher: text('token_cipher').notNull(),
  status: text('status').$type<GithubConnectionStatus>().notNull().default('ACTIVE'),
  repo: text('repo'),
  branch: text('branch'),
  projectKey: text('project_key'),
  webhookSecret: text('webhook_secret').notNull(),
  etags: jsonb('etags').$type<Record<string, string>>().notNull().default({}),
  lastWebhookAt: ts('last_webhook_at'),
  lastSyncAt: ts('last_sync_at'),
  backfill: jsonb('backfill').$type<GithubBackfill | null>(),
  connectedAt: ts('connected_at').notNull().defaultNow(),
  connectedByIdx: integer('connected_by_idx').notNull(),
});

/** A commit or pull request that mentions a story's key; one row per story and ref, updated in place. */
export const githubLinks = pgTable(
  'github_link',
  {
    githubLinkIdx: serial('github_link_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    storyIdx: integer('story_idx')
      .notNull()
      .references(() => stories.storyIdx, { onDelete: 'cascade' }),
    kind: text('kind').$type<GithubLinkKind>().notNull(),
    ref: text('ref').notNull(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    state: text('state').$type<GithubLinkState>().notNull(),
    url: text('url').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [uniqueIndex('github_link_uq').on(t.storyIdx, t.kind, t.ref)],
);

/**
 * Every GitHub webhook delivery received (X-GitHub-Delivery), kept so a redelivered one is
 * recognised and done once; its sync log entry says what it did.
 */
export const githubSyncLog = pgTable(
  'github_sync_log',
  {
    syncLogIdx: serial('sync_log_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    source: text('source').$type<GithubSyncSource>().notNull(),
    event: text('event'),
    deliveryId: text('delivery_id'),
    /** The webhook's payload, until it is processed (and kept for "retry" when it failed). */
    payload: jsonb('payload'),
    status: text('status').$type<GithubSyncStatus>().notNull(),
    linked: integer('linked').notNull().default(0),
    completed: jsonb('completed').$type<string[]>().notNull().default([]),
    errorCode: text('error_code'),
    summary: text('summary').notNull().default(''),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('github_sync_log_delivery_uq').on(t.projectIdx, t.deliveryId),
    index('github_sync_log_project_idx').on(t.projectIdx, t.syncLogIdx),
  ],
);

/** One-use states of the GitHub OAuth round trip (hashed), bound to the project and the admin. */
export const githubOauthStates = pgTable('github_oauth_state', {
  stateHash: text('state_hash').primaryKey(),
  projectIdx: integer('project_idx').notNull(),
  memberIdx: integer('member_idx').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
