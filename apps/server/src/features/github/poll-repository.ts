import { fetchRecent } from './github-access.js';
import { POLL_JOB, type ProjectJobData } from './github-job-names.js';
import type { GithubDeps } from './github.deps.js';
import { commitItems, failLog, finishLog, linkAndClose, pullItems } from './link-mentions.js';

/** A connection GitHub reached by webhook within this long is not polled. */
const WEBHOOK_FRESH_MS = 60 * 60_000;
const POLL_PAGE = 30;

/**
 * A poll (the timed job, or "sync now"): conditional requests with the stored ETags, so an
 * unchanged repository costs two 304s. A timed poll that finds nothing new writes no log entry.
 * A timed poll while the backfill runs does nothing: the backfill reads the same commits and
 * more, and its entry is the one the admin who just picked the repository waits for (a poll
 * racing it would link the commits first and log them as a poll). "Sync now" still runs.
 */
export async function poll(deps: GithubDeps, { projectIdx, source = 'poll' }: ProjectJobData) {
  const { ctx, repo } = deps;
  const row = await repo.connection(projectIdx);
  if (!row?.repo || row.status !== 'ACTIVE') return { skipped: true };
  if (source === 'poll' && row.backfill?.state === 'running') return { skipped: true };
  let logIdx: number | null = null;
  if (source !== 'poll') logIdx = (await repo.addLog({ projectIdx, source, status: 'running' })).syncLogIdx;
  try {
    const { commits, pulls } = await fetchRecent(deps, row, POLL_PAGE, POLL_PAGE, true);
    const etags = { ...row.etags };
    if (commits.etag) etags.commits = commits.etag;
    if (pulls.etag) etags.pulls = pulls.etag;
    await repo.update(projectIdx, { etags, lastSyncAt: ctx.clock.now() });
    const items = [...commitItems(commits.commits ?? [], true), ...pullItems(pulls.pulls ?? [], row.branch)];
    const unchanged = commits.commits === null && pulls.pulls === null;
    if (unchanged && logIdx === null) return { unchanged: true };
    const outcome = await linkAndClose(deps, row, items);
    const summary = unchanged
      ? 'nothing new (304)'
      : `poll: ${commits.commits?.length ?? 0} commit(s), ${pulls.pulls?.length ?? 0} pull request(s)`;
    logIdx ??= (await repo.addLog({ projectIdx, source, status: 'running' })).syncLogIdx;
    await finishLog(deps, logIdx, outcome, summary);
    return outcome;
  } catch (error) {
    logIdx ??= (await repo.addLog({ projectIdx, source, status: 'running' })).syncLogIdx;
    await failLog(deps, logIdx, error);
    return { failed: true };
  }
}

/** The timed job: queues a poll of each connection GitHub has not reached by webhook lately. */
export async function pollAll({ ctx, repo }: GithubDeps) {
  const due = await repo.toPoll(new Date(ctx.clock.now().getTime() - WEBHOOK_FRESH_MS));
  for (const projectIdx of due)
    await ctx.jobs.send(POLL_JOB, { projectIdx } satisfies ProjectJobData, {
      singletonKey: `poll-${projectIdx}`,
    });
  return { queued: due.length };
}
