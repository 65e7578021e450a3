import type { GithubSettingsRequest } from '@teamline/contract';
import type { Actor, AppContext } from '../../shared/context.js';
import { backfill } from './backfill-repository.js';
import { disconnect, listBranches, listRepos, saveSettings, status } from './configure-github.js';
import { connectToken, oauthCallback, startOauth } from './connect-github.js';
import type { DeliveryJobData, ProjectJobData } from './github-job-names.js';
import type { GithubDeps, GithubServiceDeps } from './github.deps.js';
import { issuesForImport } from './import-issues.js';
import { poll, pollAll } from './poll-repository.js';
import { processDelivery, receiveWebhook } from './receive-webhook.js';
import { storyLinks } from './story-links.js';
import { syncLog, syncNow } from './sync-github.js';

/**
 * The GitHub calls the routes and jobs use. Each use case is a file of its own: connecting
 * (`connect-github.ts`: token, OAuth), settings (`configure-github.ts`), "sync now" and the log
 * (`sync-github.ts`), webhooks (`receive-webhook.ts`), the backfill and the poll
 * (`backfill-repository.ts`, `poll-repository.ts`, linking through `link-mentions.ts`).
 */
export function createGithubService(ctx: AppContext, serviceDeps: GithubServiceDeps) {
  const deps: GithubDeps = { ctx, ...serviceDeps };
  return {
    // ---------- settings ----------
    status: (actor: Actor, projectIdx: number) => status(deps, actor, projectIdx),
    connectToken: (actor: Actor, projectIdx: number, token: string) =>
      connectToken(deps, actor, projectIdx, token),
    startOauth: (actor: Actor, projectIdx: number) => startOauth(deps, actor, projectIdx),
    oauthCallback: (query: { code?: string; state?: string; error?: string }) => oauthCallback(deps, query),
    repos: (actor: Actor, projectIdx: number, q: string, page: number) =>
      listRepos(deps, actor, projectIdx, q, page),
    branches: (actor: Actor, projectIdx: number, repoName: string) =>
      listBranches(deps, actor, projectIdx, repoName),
    save: (actor: Actor, input: GithubSettingsRequest) => saveSettings(deps, actor, input),
    disconnect: (actor: Actor, projectIdx: number) => disconnect(deps, actor, projectIdx),
    syncLog: (actor: Actor, projectIdx: number) => syncLog(deps, actor, projectIdx),
    sync: (actor: Actor, projectIdx: number, syncLogIdx?: number) =>
      syncNow(deps, actor, projectIdx, syncLogIdx),
    storyLinks: (actor: Actor, storyIdx: number) => storyLinks(deps, actor, storyIdx),
    // ---------- bringing issues in (docs/product/import.md#github) ----------
    issuesForImport: (actor: Actor, projectIdx: number, repoName: string | undefined, max: number) =>
      issuesForImport(deps, actor, projectIdx, repoName, max),
    // ---------- webhooks ----------
    receive: (
      projectIdx: number,
      headers: { signature?: string; event?: string; delivery?: string },
      rawBody: Buffer,
    ) => receiveWebhook(deps, projectIdx, headers, rawBody),
    processDelivery: (data: DeliveryJobData) => processDelivery(deps, data),
    // ---------- backfill and polling ----------
    backfill: (data: ProjectJobData) => backfill(deps, data),
    poll: (data: ProjectJobData) => poll(deps, data),
    pollAll: () => pollAll(deps),
  };
}
export type GithubService = ReturnType<typeof createGithubService>;
