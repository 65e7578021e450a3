import type { GithubConnection, GithubReposResponse, GithubSettingsRequest } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import { inTransaction } from '../../shared/transaction.js';
import { requireConnection, withToken } from './github-access.js';
import { BACKFILL_JOB, type ProjectJobData } from './github-job-names.js';
import type { GithubDeps } from './github.deps.js';
import { toConnection } from './github.presenter.js';
import { createGithubRepository } from './github.repository.js';

/** The project's connection as its settings tab shows it; the webhook's address and secret to admins only. */
export async function status({ ctx, repo, authz }: GithubDeps, actor: Actor, projectIdx: number) {
  const m = await authz.authorize(actor, 'planning.view', projectIdx);
  const row = await repo.connection(projectIdx);
  return {
    connection: row ? toConnection(ctx.config, row, authz.allows(m, 'github.manage')) : null,
    oauthAvailable: ctx.config.github.oauth !== null,
  };
}

export async function listRepos(
  deps: GithubDeps,
  actor: Actor,
  projectIdx: number,
  q: string,
  page: number,
): Promise<GithubReposResponse> {
  await deps.authz.authorize(actor, 'github.manage', projectIdx);
  const row = await requireConnection(deps, projectIdx);
  const result = await withToken(deps, row, 'GITHUB_FETCH_FAILED', (token) => deps.client.repos(token, page));
  if (page === 1 && result.repos.length === 0) throw new AppError('GITHUB_NO_REPOSITORIES');
  const needle = q.trim().toLowerCase();
  return {
    repos: needle ? result.repos.filter((r) => r.fullName.toLowerCase().includes(needle)) : result.repos,
    page,
    hasMore: result.hasMore,
  };
}

export async function listBranches(deps: GithubDeps, actor: Actor, projectIdx: number, repoName: string) {
  await deps.authz.authorize(actor, 'github.manage', projectIdx);
  const row = await requireConnection(deps, projectIdx);
  return {
    branches: await withToken(deps, row, 'GITHUB_FETCH_FAILED', (token) =>
      deps.client.branches(token, repoName),
    ),
  };
}

/** Picks the repository, branch and key; the backfill of recent commits and pull requests follows. */
export async function saveSettings(
  deps: GithubDeps,
  actor: Actor,
  input: GithubSettingsRequest,
): Promise<GithubConnection> {
  const { ctx, repo } = deps;
  await deps.authz.authorize(actor, 'github.manage', input.projectIdx);
  const row = await requireConnection(deps, input.projectIdx);
  await withToken(deps, row, 'GITHUB_FETCH_FAILED', (token) => deps.client.repo(token, input.repo));
  const changed =
    row.repo !== input.repo || row.branch !== input.branch || row.projectKey !== input.projectKey;
  const saved = await repo.update(input.projectIdx, {
    repo: input.repo,
    branch: input.branch,
    projectKey: input.projectKey,
    ...(changed ? { etags: {}, backfill: { state: 'running', done: 0, total: 0 } } : {}),
  });
  // The timeline shows the key: its cached answers of the old one are dropped.
  await deps.versions.bump(input.projectIdx);
  // One backfill per project at a time (the queue is exclusive per key; without one, per queue).
  if (changed)
    await ctx.jobs.send(BACKFILL_JOB, { projectIdx: input.projectIdx } satisfies ProjectJobData, {
      singletonKey: `backfill-${input.projectIdx}`,
    });
  return toConnection(ctx.config, saved!, true);
}

export async function disconnect(
  { ctx, repo, authz, versions }: GithubDeps,
  actor: Actor,
  projectIdx: number,
): Promise<void> {
  await authz.authorize(actor, 'github.manage', projectIdx);
  const row = await repo.connection(projectIdx);
  await inTransaction(ctx.database.db, async (tx) => {
    await createGithubRepository(tx).remove(projectIdx);
    if (row)
      await ctx.audit.record(tx, {
        kind: 'github.disconnected',
        projectIdx,
        target: { type: 'github', idx: projectIdx },
        changes: { account: row.account, repository: row.repo },
      });
  });
  await versions.bump(projectIdx);
}
