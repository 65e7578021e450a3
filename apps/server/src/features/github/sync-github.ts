import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import { requireConnection } from './github-access.js';
import { DELIVERY_JOB, POLL_JOB, type DeliveryJobData, type ProjectJobData } from './github-job-names.js';
import type { GithubDeps } from './github.deps.js';
import { toLogEntry } from './github.presenter.js';

export async function syncLog({ repo, authz }: GithubDeps, actor: Actor, projectIdx: number) {
  await authz.authorize(actor, 'github.manage', projectIdx);
  return { entries: (await repo.logOf(projectIdx)).map(toLogEntry) };
}

/** "Sync now", or "retry" of a failed log entry (a delivery is processed again, a poll runs again). */
export async function syncNow(
  deps: GithubDeps,
  actor: Actor,
  projectIdx: number,
  syncLogIdx?: number,
): Promise<void> {
  const { ctx, repo } = deps;
  await deps.authz.authorize(actor, 'github.manage', projectIdx);
  const row = await requireConnection(deps, projectIdx);
  if (syncLogIdx !== undefined) {
    const entry = await repo.log(syncLogIdx);
    if (!entry || entry.projectIdx !== projectIdx) throw new AppError('GITHUB_SYNC_LOG_NOT_FOUND');
    if (entry.source === 'webhook' && entry.payload) {
      await repo.updateLog(syncLogIdx, { status: 'running', errorCode: null });
      await ctx.jobs.send(DELIVERY_JOB, { projectIdx, syncLogIdx } satisfies DeliveryJobData);
      return;
    }
  }
  if (!row.repo) throw new AppError('GITHUB_NOT_CONNECTED');
  // A poll of this project already waiting does the same work: this one is then dropped.
  await ctx.jobs.send(POLL_JOB, { projectIdx, source: 'manual' } satisfies ProjectJobData, {
    singletonKey: `poll-${projectIdx}`,
  });
}
