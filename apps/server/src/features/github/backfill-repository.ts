import { fetchRecent } from './github-access.js';
import type { ProjectJobData } from './github-job-names.js';
import type { GithubDeps } from './github.deps.js';
import { commitItems, failLog, finishLog, linkAndClose, pullItems, type Outcome } from './link-mentions.js';

const BACKFILL_COMMITS = 100;
const BACKFILL_PULLS = 50;

/** After the repository is picked: recent commits of the branch and pull requests, with progress. */
export async function backfill(deps: GithubDeps, { projectIdx }: ProjectJobData) {
  const { ctx, repo } = deps;
  const row = await repo.connection(projectIdx);
  if (!row?.repo || row.status !== 'ACTIVE') return { skipped: true };
  const log = await repo.addLog({ projectIdx, source: 'backfill', status: 'running' });
  try {
    const { commits, pulls } = await fetchRecent(deps, row, BACKFILL_COMMITS, BACKFILL_PULLS, false);
    const items = [...commitItems(commits.commits ?? [], true), ...pullItems(pulls.pulls ?? [], row.branch)];
    const total = items.length;
    await repo.update(projectIdx, { backfill: { state: 'running', done: 0, total } });
    const outcome: Outcome = { linked: 0, completed: [] };
    for (let i = 0; i < total; i += 20) {
      const part = await linkAndClose(deps, row, items.slice(i, i + 20));
      outcome.linked += part.linked;
      outcome.completed.push(...part.completed);
      await repo.update(projectIdx, {
        backfill: { state: 'running', done: Math.min(total, i + 20), total },
      });
    }
    await repo.update(projectIdx, {
      backfill: { state: 'done', done: total, total },
      lastSyncAt: ctx.clock.now(),
    });
    await finishLog(
      deps,
      log.syncLogIdx,
      outcome,
      `backfill: ${commits.commits?.length ?? 0} commit(s) on ${row.branch}, ${pulls.pulls?.length ?? 0} pull request(s)`,
    );
    return outcome;
  } catch (error) {
    await repo.update(projectIdx, { backfill: { state: 'failed', done: 0, total: 0 } });
    await failLog(deps, log.syncLogIdx, error);
    return { failed: true };
  }
}
