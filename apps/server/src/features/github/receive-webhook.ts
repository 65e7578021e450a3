import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../shared/app-error.js';
import { toPull, type GithubCommit } from './github-client.js';
import { DELIVERY_JOB, type DeliveryJobData } from './github-job-names.js';
import type { GithubDeps } from './github.deps.js';
import { commitItems, failLog, finishLog, linkAndClose, pullItems } from './link-mentions.js';

interface PushPayload {
  ref?: string;
  commits?: {
    id: string;
    message: string;
    url: string;
    timestamp?: string;
    author?: { username?: string; name?: string };
  }[];
}

/**
 * A GitHub webhook delivery: the signature is checked over the raw body with the project's
 * secret; a delivery id seen before is answered and not done again; the work is a durable job.
 */
export async function receiveWebhook(
  { ctx, repo }: GithubDeps,
  projectIdx: number,
  headers: { signature?: string; event?: string; delivery?: string },
  rawBody: Buffer,
): Promise<'accepted' | 'duplicate' | 'done'> {
  const row = await repo.connection(projectIdx);
  // A project without a connection has no secret to match: the same 401 as a wrong signature, so
  // the answer does not tell which project ids are connected.
  if (!row) throw new AppError('GITHUB_SIGNATURE_INVALID');
  const expected = `sha256=${createHmac('sha256', row.webhookSecret).update(rawBody).digest('hex')}`;
  const given = headers.signature ?? '';
  if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected)))
    throw new AppError('GITHUB_SIGNATURE_INVALID');
  await repo.update(projectIdx, { lastWebhookAt: ctx.clock.now() });
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('VALIDATION_FAILED');
  }
  const event = headers.event ?? 'unknown';
  const handled = event === 'push' || event === 'pull_request';
  const entry = await repo.receive({
    projectIdx,
    source: 'webhook',
    event,
    deliveryId: headers.delivery ?? null,
    payload: handled ? payload : null,
    status: handled ? 'running' : event === 'ping' ? 'ok' : 'skipped',
    summary: handled
      ? ''
      : event === 'ping'
        ? 'ping: GitHub reached this project'
        : `${event}: nothing to do`,
  });
  if (!entry) return 'duplicate';
  if (!handled) return 'done';
  await ctx.jobs.send(DELIVERY_JOB, {
    projectIdx,
    syncLogIdx: entry.syncLogIdx,
  } satisfies DeliveryJobData);
  return 'accepted';
}

/** The delivery job: links and completions of one push or pull request event. */
export async function processDelivery(deps: GithubDeps, { projectIdx, syncLogIdx }: DeliveryJobData) {
  const { ctx, repo } = deps;
  const entry = await repo.log(syncLogIdx);
  const row = await repo.connection(projectIdx);
  if (!entry || entry.status !== 'running' || !entry.payload) return { skipped: true };
  if (!row) {
    await repo.updateLog(syncLogIdx, { status: 'skipped', summary: 'no connection' });
    return { skipped: true };
  }
  try {
    if (entry.event === 'push') {
      const push = entry.payload as PushPayload;
      const onBranch = push.ref === `refs/heads/${row.branch}`;
      const commits: GithubCommit[] = (push.commits ?? []).map((c) => ({
        sha: c.id,
        message: c.message,
        author: c.author?.username ?? c.author?.name ?? '',
        url: c.url,
        at: c.timestamp ?? ctx.clock.now().toISOString(),
      }));
      const outcome = await linkAndClose(deps, row, commitItems(commits, onBranch));
      const branch = (push.ref ?? '').replace(/^refs\/heads\//, '');
      await finishLog(deps, syncLogIdx, outcome, `push: ${commits.length} commit(s) on ${branch}`);
      return outcome;
    }
    const pull = toPull((entry.payload as { pull_request: Parameters<typeof toPull>[0] }).pull_request);
    const outcome = await linkAndClose(deps, row, pullItems([pull], row.branch));
    await finishLog(
      deps,
      syncLogIdx,
      outcome,
      `pull request #${pull.number} ${pull.state} into ${pull.base}`,
    );
    return outcome;
  } catch (error) {
    await failLog(deps, syncLogIdx, error);
    return { failed: true };
  }
}
