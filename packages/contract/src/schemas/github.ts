import { z } from 'zod';
import { PROJECT_KEY_PATTERN } from '../rules/story-key.js';
import { idx, singleLine } from './common.js';

/**
 * GitHub sync per project (docs/product/integrations.md#github, docs/product/integrations.md#github-errors, issue 14).
 *
 * A project admin connects the project to GitHub, either through the GitHub OAuth app the operator
 * configured (`GITHUB_CLIENT_ID`/`GITHUB_CLIENT_SECRET`) or with a personal access token as the
 * fallback, then picks one repository and branch and sets a project key (e.g. `SHOP`). Stories are
 * numbered per project (`storyNo`), so `SHOP-12` names story number 12. Commits and pull requests
 * whose text mentions a key are linked to that story; on the configured branch, closing words
 * (`fixes SHOP-12`, `closes`, `resolves`) complete the story (history type 9, automatic status).
 *
 * Changes arrive by GitHub webhook (`POST /github/webhook?projectIdx=`, signed with the project's
 * secret) or by polling with conditional requests (ETag); both, the backfill after connecting and
 * "sync now" write the sync log. The token never leaves the server (stored encrypted).
 */
export const githubAuthKinds = ['oauth', 'token'] as const;
export type GithubAuthKind = (typeof githubAuthKinds)[number];

/** `REVOKED`: GitHub refused the token (401): docs/product/integrations.md#github-errors. */
export const githubConnectionStatuses = ['ACTIVE', 'REVOKED'] as const;
export type GithubConnectionStatus = (typeof githubConnectionStatuses)[number];

export const githubSyncSources = ['webhook', 'poll', 'backfill', 'manual'] as const;
export type GithubSyncSource = (typeof githubSyncSources)[number];
export const githubSyncStatuses = ['running', 'ok', 'failed', 'skipped'] as const;
export type GithubSyncStatus = (typeof githubSyncStatuses)[number];

export const githubLinkKinds = ['commit', 'pull'] as const;
export type GithubLinkKind = (typeof githubLinkKinds)[number];
/** A commit is `committed`; a pull request is `open`, `closed` (unmerged) or `merged`. */
export const githubLinkStates = ['committed', 'open', 'closed', 'merged'] as const;
export type GithubLinkState = (typeof githubLinkStates)[number];

export const projectKey = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(PROJECT_KEY_PATTERN, 'projectKey'));

/** `owner/name` as GitHub spells it. */
export const githubRepoName = singleLine()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/, 'githubRepo');
export const githubBranchName = singleLine().trim().min(1, 'required').max(255, 'tooLong');

export const githubBackfill = z.object({
  state: z.enum(['running', 'done', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
});
export type GithubBackfill = z.infer<typeof githubBackfill>;

export const githubConnection = z.object({
  projectIdx: z.number().int(),
  authKind: z.enum(githubAuthKinds),
  /** The GitHub login the token belongs to. */
  account: z.string(),
  status: z.enum(githubConnectionStatuses),
  /** null until the admin picks them (`PUT /github`). */
  repo: z.string().nullable(),
  branch: z.string().nullable(),
  projectKey: z.string().nullable(),
  /** The repository's page (`GITHUB_WEB_URL/owner/name`), or null. */
  repoUrl: z.string().nullable(),
  /** Where to point the repository's webhook (content type application/json) and its secret. */
  webhookUrl: z.string(),
  webhookSecret: z.string(),
  /** When GitHub last reached `POST /github/webhook` for this project; null: the polling job syncs. */
  lastWebhookAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  backfill: githubBackfill.nullable(),
  connectedAt: z.string(),
  connectedByIdx: z.number().int(),
});
export type GithubConnection = z.infer<typeof githubConnection>;

/** `GET /github?projectIdx=`: any member may read it (the timeline shows keys); the webhook secret only admins. */
export const githubStatusResponse = z.object({
  connection: githubConnection.nullable(),
  /** The operator configured a GitHub OAuth app: the "Connect with GitHub" button shows. */
  oauthAvailable: z.boolean(),
});
export type GithubStatusResponse = z.infer<typeof githubStatusResponse>;

/** `POST /github/token`: connect with a personal access token (the fallback). */
export const githubTokenRequest = z.object({
  projectIdx: idx,
  token: singleLine().trim().min(1, 'required').max(255, 'tooLong'),
});
export type GithubTokenRequest = z.infer<typeof githubTokenRequest>;

/** `POST /github/oauth {projectIdx}`: where to send the admin's browser to authorize the OAuth app. */
export const githubOauthStartRequest = z.object({ projectIdx: idx });
export const githubOauthStartResponse = z.object({ url: z.string() });
export type GithubOauthStartResponse = z.infer<typeof githubOauthStartResponse>;
/**
 * After GitHub, the callback (`GET /github/oauth/callback?code=&state=`) sends the browser back to
 * `PUBLIC_URL/#/setting?idx={projectIdx}&tab=github&github={outcome}`.
 */
export const githubOauthOutcomes = ['connected', 'cancelled', 'failed'] as const;
export type GithubOauthOutcome = (typeof githubOauthOutcomes)[number];

/** `GET /github/repos?projectIdx=&q=&page=`: the repositories the token can reach, one GitHub page (100) at a time, filtered by `q`. */
export const githubRepo = z.object({
  fullName: z.string(),
  private: z.boolean(),
  defaultBranch: z.string(),
  description: z.string().nullable(),
  url: z.string(),
});
export type GithubRepo = z.infer<typeof githubRepo>;
export const githubReposResponse = z.object({
  repos: z.array(githubRepo),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type GithubReposResponse = z.infer<typeof githubReposResponse>;

/** `GET /github/branches?projectIdx=&repo=`. */
export const githubBranchesResponse = z.object({ branches: z.array(z.string()) });
export type GithubBranchesResponse = z.infer<typeof githubBranchesResponse>;

/** `PUT /github`: pick the repository and branch and set the key; starts the backfill. */
export const githubSettingsRequest = z.object({
  projectIdx: idx,
  repo: githubRepoName,
  branch: githubBranchName,
  projectKey,
});
export type GithubSettingsRequest = z.infer<typeof githubSettingsRequest>;

/** `POST /github/sync {projectIdx, syncLogIdx?}`: sync now, or retry one failed log entry. */
export const githubSyncRequest = z.object({ projectIdx: idx, syncLogIdx: idx.optional() });
export type GithubSyncRequest = z.infer<typeof githubSyncRequest>;

export const githubSyncLogEntry = z.object({
  syncLogIdx: z.number().int(),
  source: z.enum(githubSyncSources),
  /** The GitHub event (`push`, `pull_request`, `ping`, `create`, `delete`), or null for a poll. */
  event: z.string().nullable(),
  deliveryId: z.string().nullable(),
  status: z.enum(githubSyncStatuses),
  /** How many commits and pull requests were linked to stories. */
  linked: z.number().int(),
  /** Story keys completed by closing words (`SHOP-12`). */
  completed: z.array(z.string()),
  /** An error code of docs/product/integrations.md#github-errors when it failed. */
  errorCode: z.string().nullable(),
  /** A short human summary (`3 commits on main`), in no particular language. */
  summary: z.string(),
  at: z.string(),
});
export type GithubSyncLogEntry = z.infer<typeof githubSyncLogEntry>;
/** `GET /github/sync-log?projectIdx=`: the newest 100 entries, newest first. */
export const githubSyncLogResponse = z.object({ entries: z.array(githubSyncLogEntry) });
export type GithubSyncLogResponse = z.infer<typeof githubSyncLogResponse>;

/** What a story panel lists: the commits and pull requests that mention the story's key. */
export const githubStoryLink = z.object({
  kind: z.enum(githubLinkKinds),
  /** A commit's short sha, or a pull request's `#number`. */
  ref: z.string(),
  title: z.string(),
  author: z.string(),
  state: z.enum(githubLinkStates),
  url: z.string(),
  at: z.string(),
});
export type GithubStoryLink = z.infer<typeof githubStoryLink>;
/** `GET /github/story-links?storyIdx=`: newest first. */
export const githubStoryLinksResponse = z.object({ links: z.array(githubStoryLink) });
export type GithubStoryLinksResponse = z.infer<typeof githubStoryLinksResponse>;
