import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  apiPaths,
  storyKey,
  type ErrorCode,
  type GithubConnection,
  type GithubOauthOutcome,
  type GithubReposResponse,
  type GithubSettingsRequest,
  type GithubStoryLink,
  type GithubSyncLogEntry,
  type GithubSyncSource,
} from '@teamline/contract';
import type { Authorization } from '../../platform/authorization/authorization.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { randomToken, sha256 } from '../../shared/crypto.js';
import { inTransaction } from '../../shared/transaction.js';
import type { PlanningVersionRepository } from '../planning-store/planning-version.repository.js';
import type { MembershipRow } from '../membership/membership.repository.js';
import type { StoryService } from '../story/story.service.js';
import {
  GithubError,
  toPull,
  type GithubClient,
  type GithubCommit,
  type GithubPull,
} from './github-client.js';
import {
  createGithubRepository,
  type GithubConnectionRow,
  type GithubRepository,
  type GithubSyncLogRow,
  type NewGithubLink,
} from './github.repository.js';
import { closedStories, mentionedStories } from './mentions.js';
import { TokenUnreadableError, type TokenCipher } from './token-cipher.js';

export const DELIVERY_JOB = 'github.delivery';
export const BACKFILL_JOB = 'github.backfill';
export const POLL_JOB = 'github.poll';
export const POLL_ALL_JOB = 'github.pollAll';

const OAUTH_STATE_MS = 10 * 60_000;
/** A connection GitHub reached by webhook within this long is not polled. */
const WEBHOOK_FRESH_MS = 60 * 60_000;
const BACKFILL_COMMITS = 100;
const BACKFILL_PULLS = 50;
const POLL_PAGE = 30;

export interface DeliveryJobData {
  projectIdx: number;
  syncLogIdx: number;
}
export interface ProjectJobData {
  projectIdx: number;
  source?: GithubSyncSource;
}

interface Outcome {
  linked: number;
  completed: string[];
}

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

export function createGithubService(
  ctx: AppContext,
  deps: {
    repo: GithubRepository;
    client: GithubClient;
    cipher: TokenCipher;
    authz: Authorization<MembershipRow>;
    stories: Pick<StoryService, 'completeFromGithub'>;
    versions: PlanningVersionRepository;
    storyProject: (storyIdx: number) => Promise<number | null>;
    storiesByNo: (projectIdx: number, storyNos: number[]) => Promise<{ storyIdx: number; storyNo: number }[]>;
  },
) {
  const { repo, client, cipher, authz } = deps;
  const { config } = ctx;
  const callbackUrl = `${config.publicUrl}/api${apiPaths.githubOauthCallback}`;

  function toConnection(row: GithubConnectionRow, canManage: boolean): GithubConnection {
    return {
      projectIdx: row.projectIdx,
      authKind: row.authKind,
      account: row.account,
      status: row.status,
      repo: row.repo,
      branch: row.branch,
      projectKey: row.projectKey,
      repoUrl: row.repo ? `${config.github.webUrl}/${row.repo}` : null,
      // Members who may not manage the connection see neither where nor with what GitHub signs.
      webhookUrl: canManage
        ? `${config.publicUrl}/api${apiPaths.githubWebhook}?projectIdx=${row.projectIdx}`
        : '',
      webhookSecret: canManage ? row.webhookSecret : '',
      lastWebhookAt: row.lastWebhookAt?.toISOString() ?? null,
      lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
      backfill: row.backfill ?? null,
      connectedAt: row.connectedAt.toISOString(),
      connectedByIdx: row.connectedByIdx,
    };
  }

  const toLogEntry = (row: GithubSyncLogRow): GithubSyncLogEntry => ({
    syncLogIdx: row.syncLogIdx,
    source: row.source,
    event: row.event,
    deliveryId: row.deliveryId,
    status: row.status,
    linked: row.linked,
    completed: row.completed,
    errorCode: row.errorCode,
    summary: row.summary,
    at: row.at.toISOString(),
  });

  async function requireConnection(projectIdx: number): Promise<GithubConnectionRow> {
    const row = await repo.connection(projectIdx);
    if (!row) throw new AppError('GITHUB_NOT_CONNECTED');
    if (row.status === 'REVOKED') throw new AppError('GITHUB_CONNECTION_REMOVED');
    return row;
  }

  /**
   * A call to GitHub with the project's token: a refused token (401) marks the connection REVOKED
   * ("connection removed, reconnect"), anything else is `fallback` (fetch failed, sync failed).
   */
  async function withToken<T>(
    row: GithubConnectionRow,
    fallback: ErrorCode,
    call: (token: string) => Promise<T>,
  ): Promise<T> {
    try {
      return await call(cipher.open(row.tokenCipher));
    } catch (error) {
      if (error instanceof GithubError && error.isUnauthorized) {
        await repo.update(row.projectIdx, { status: 'REVOKED' });
        throw new AppError('GITHUB_CONNECTION_REMOVED');
      }
      if (error instanceof GithubError) throw new AppError(fallback);
      // A token sealed with another key (SECRET_KEY changed): as good as removed.
      if (error instanceof TokenUnreadableError) throw new AppError('GITHUB_CONNECTION_REMOVED');
      throw error;
    }
  }

  async function connectWithToken(
    projectIdx: number,
    memberIdx: number,
    token: string,
    kind: 'oauth' | 'token',
  ) {
    let login: string;
    try {
      login = (await client.user(token)).login;
    } catch (error) {
      if (error instanceof GithubError && (error.status === 401 || error.status === 403))
        throw new AppError('GITHUB_TOKEN_INVALID');
      throw new AppError('GITHUB_FETCH_FAILED');
    }
    return inTransaction(ctx.database.db, async (tx) => {
      const connected = await createGithubRepository(tx).connect({
        projectIdx,
        authKind: kind,
        account: login,
        tokenCipher: cipher.seal(token),
        webhookSecret: randomToken(),
        connectedByIdx: memberIdx,
      });
      // The OAuth callback comes without a key: the actor is the admin who started it.
      await ctx.audit.record(tx, {
        kind: 'github.connected',
        actorIdx: memberIdx,
        projectIdx,
        target: { type: 'github', idx: projectIdx },
        changes: { account: login, authKind: kind },
      });
      return connected;
    });
  }

  // ---------- linking ----------

  const firstLine = (text: string) => (text.split('\n')[0] ?? '').slice(0, 200);

  async function linkAndClose(
    row: GithubConnectionRow,
    items: { link: Omit<NewGithubLink, 'projectIdx' | 'storyIdx'>; text: string; closes: boolean }[],
  ): Promise<Outcome> {
    const key = row.projectKey;
    if (!key || items.length === 0) return { linked: 0, completed: [] };
    const wanted = [...new Set(items.flatMap((i) => mentionedStories(i.text, key)))];
    const byNo = new Map(
      (await deps.storiesByNo(row.projectIdx, wanted)).map((s) => [s.storyNo, s.storyIdx]),
    );
    const links: NewGithubLink[] = [];
    for (const item of items)
      for (const no of mentionedStories(item.text, key)) {
        const storyIdx = byNo.get(no);
        if (storyIdx) links.push({ ...item.link, projectIdx: row.projectIdx, storyIdx });
      }
    const linked = await repo.upsertLinks(links);
    const completed: string[] = [];
    for (const item of items)
      if (item.closes)
        for (const no of closedStories(item.text, key))
          if (byNo.has(no) && (await deps.stories.completeFromGithub(row.projectIdx, no, item.link.url)))
            completed.push(storyKey(key, no)!);
    return { linked, completed };
  }

  const commitItems = (commits: GithubCommit[], onBranch: boolean) =>
    commits.map((c) => ({
      link: {
        kind: 'commit' as const,
        ref: c.sha.slice(0, 7),
        title: firstLine(c.message),
        author: c.author,
        state: 'committed' as const,
        url: c.url,
        at: new Date(c.at),
      },
      text: c.message,
      closes: onBranch,
    }));

  const pullItems = (pulls: GithubPull[], branch: string | null) =>
    pulls.map((p) => ({
      link: {
        kind: 'pull' as const,
        ref: `#${p.number}`,
        title: p.title.slice(0, 200),
        author: p.author,
        state: p.state,
        url: p.url,
        at: new Date(p.at),
      },
      text: `${p.title}\n${p.body}\n${p.branch}`,
      // Merged into the configured branch: its closing words complete (only in title and body).
      closes: p.state === 'merged' && p.base === branch,
    }));

  async function finishLog(syncLogIdx: number, outcome: Outcome, summary: string) {
    await repo.updateLog(syncLogIdx, {
      status: 'ok',
      linked: outcome.linked,
      completed: outcome.completed,
      errorCode: null,
      summary,
      payload: null,
    });
  }

  async function failLog(syncLogIdx: number, error: unknown) {
    const errorCode: ErrorCode = error instanceof AppError ? error.code : 'GITHUB_SYNC_FAILED';
    await repo.updateLog(syncLogIdx, {
      status: 'failed',
      errorCode,
      summary: String((error as Error).message).slice(0, 200),
    });
  }

  /** Pulls the branch's newest commits and the pull requests, with the stored ETags when `useEtags`. */
  async function fetchRecent(
    row: GithubConnectionRow,
    commitsPerPage: number,
    pullsPerPage: number,
    useEtags: boolean,
  ) {
    return withToken(row, 'GITHUB_SYNC_FAILED', async (token) => {
      const commits = await client.commits(
        token,
        row.repo!,
        row.branch!,
        commitsPerPage,
        useEtags ? row.etags.commits : undefined,
      );
      const pulls = await client.pulls(
        token,
        row.repo!,
        pullsPerPage,
        useEtags ? row.etags.pulls : undefined,
      );
      return { commits, pulls };
    });
  }

  return {
    // ---------- settings ----------
    async status(actor: Actor, projectIdx: number) {
      const m = await authz.authorize(actor, 'planning.view', projectIdx);
      const row = await repo.connection(projectIdx);
      return {
        connection: row ? toConnection(row, authz.allows(m, 'github.manage')) : null,
        oauthAvailable: config.github.oauth !== null,
      };
    },

    async connectToken(actor: Actor, projectIdx: number, token: string): Promise<GithubConnection> {
      await authz.authorize(actor, 'github.manage', projectIdx);
      return toConnection(await connectWithToken(projectIdx, actor.memberIdx, token, 'token'), true);
    },

    async startOauth(actor: Actor, projectIdx: number): Promise<{ url: string }> {
      await authz.authorize(actor, 'github.manage', projectIdx);
      const oauth = config.github.oauth;
      if (!oauth) throw new AppError('GITHUB_NOT_CONFIGURED');
      const now = ctx.clock.now();
      await repo.dropExpiredStates(now);
      const state = randomToken();
      await repo.addState({
        stateHash: sha256(state),
        projectIdx,
        memberIdx: actor.memberIdx,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_MS),
      });
      return { url: client.authorizeUrl(oauth.clientId, callbackUrl, state) };
    },

    /** Where GitHub sends the browser back: the web page to go to, with the outcome. */
    async oauthCallback(query: { code?: string; state?: string; error?: string }): Promise<string> {
      const back = (outcome: GithubOauthOutcome, projectIdx?: number) =>
        `${config.publicUrl}/#/setting?${projectIdx ? `idx=${projectIdx}&` : ''}tab=github&github=${outcome}`;
      const taken = query.state ? await repo.takeState(sha256(query.state), ctx.clock.now()) : null;
      if (!taken) return back('failed');
      if (query.error === 'access_denied') return back('cancelled', taken.projectIdx);
      const oauth = config.github.oauth;
      if (!oauth || !query.code) return back('failed', taken.projectIdx);
      try {
        // Still an admin of the project when coming back.
        await authz.authorize(
          { memberIdx: taken.memberIdx, familyId: '' },
          'github.manage',
          taken.projectIdx,
        );
        const token = await client.exchangeCode(oauth.clientId, oauth.clientSecret, query.code, callbackUrl);
        if (!token) return back('failed', taken.projectIdx);
        await connectWithToken(taken.projectIdx, taken.memberIdx, token, 'oauth');
        return back('connected', taken.projectIdx);
      } catch (error) {
        if (error instanceof AppError || error instanceof GithubError)
          return back('failed', taken.projectIdx);
        throw error;
      }
    },

    async repos(actor: Actor, projectIdx: number, q: string, page: number): Promise<GithubReposResponse> {
      await authz.authorize(actor, 'github.manage', projectIdx);
      const row = await requireConnection(projectIdx);
      const result = await withToken(row, 'GITHUB_FETCH_FAILED', (token) => client.repos(token, page));
      if (page === 1 && result.repos.length === 0) throw new AppError('GITHUB_NO_REPOSITORIES');
      const needle = q.trim().toLowerCase();
      return {
        repos: needle ? result.repos.filter((r) => r.fullName.toLowerCase().includes(needle)) : result.repos,
        page,
        hasMore: result.hasMore,
      };
    },

    async branches(actor: Actor, projectIdx: number, repoName: string) {
      await authz.authorize(actor, 'github.manage', projectIdx);
      const row = await requireConnection(projectIdx);
      return {
        branches: await withToken(row, 'GITHUB_FETCH_FAILED', (token) => client.branches(token, repoName)),
      };
    },

    /** Picks the repository, branch and key; the backfill of recent commits and pull requests follows. */
    async save(actor: Actor, input: GithubSettingsRequest): Promise<GithubConnection> {
      await authz.authorize(actor, 'github.manage', input.projectIdx);
      const row = await requireConnection(input.projectIdx);
      await withToken(row, 'GITHUB_FETCH_FAILED', (token) => client.repo(token, input.repo));
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
      return toConnection(saved!, true);
    },

    async disconnect(actor: Actor, projectIdx: number): Promise<void> {
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
      await deps.versions.bump(projectIdx);
    },

    async syncLog(actor: Actor, projectIdx: number) {
      await authz.authorize(actor, 'github.manage', projectIdx);
      return { entries: (await repo.logOf(projectIdx)).map(toLogEntry) };
    },

    /** "Sync now", or "retry" of a failed log entry (a delivery is processed again, a poll runs again). */
    async sync(actor: Actor, projectIdx: number, syncLogIdx?: number): Promise<void> {
      await authz.authorize(actor, 'github.manage', projectIdx);
      const row = await requireConnection(projectIdx);
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
    },

    async storyLinks(actor: Actor, storyIdx: number): Promise<{ links: GithubStoryLink[] }> {
      const projectIdx = await deps.storyProject(storyIdx);
      if (projectIdx === null) throw new AppError('STORY_NOT_FOUND');
      await authz.authorize(actor, 'planning.view', { projectIdx, missing: 'STORY_NOT_FOUND' });
      const rows = await repo.linksOf(storyIdx);
      return {
        links: rows.map((r) => ({
          kind: r.kind,
          ref: r.ref,
          title: r.title,
          author: r.author,
          state: r.state,
          url: r.url,
          at: r.at.toISOString(),
        })),
      };
    },

    // ---------- webhooks ----------
    /**
     * A GitHub webhook delivery: the signature is checked over the raw body with the project's
     * secret; a delivery id seen before is answered and not done again; the work is a durable job.
     */
    async receive(
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
    },

    /** The delivery job: links and completions of one push or pull request event. */
    async processDelivery({ projectIdx, syncLogIdx }: DeliveryJobData) {
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
          const outcome = await linkAndClose(row, commitItems(commits, onBranch));
          const branch = (push.ref ?? '').replace(/^refs\/heads\//, '');
          await finishLog(syncLogIdx, outcome, `push: ${commits.length} commit(s) on ${branch}`);
          return outcome;
        }
        const pull = toPull((entry.payload as { pull_request: Parameters<typeof toPull>[0] }).pull_request);
        const outcome = await linkAndClose(row, pullItems([pull], row.branch));
        await finishLog(syncLogIdx, outcome, `pull request #${pull.number} ${pull.state} into ${pull.base}`);
        return outcome;
      } catch (error) {
        await failLog(syncLogIdx, error);
        return { failed: true };
      }
    },

    // ---------- backfill and polling ----------
    /** After the repository is picked: recent commits of the branch and pull requests, with progress. */
    async backfill({ projectIdx }: ProjectJobData) {
      const row = await repo.connection(projectIdx);
      if (!row?.repo || row.status !== 'ACTIVE') return { skipped: true };
      const log = await repo.addLog({ projectIdx, source: 'backfill', status: 'running' });
      try {
        const { commits, pulls } = await fetchRecent(row, BACKFILL_COMMITS, BACKFILL_PULLS, false);
        const items = [
          ...commitItems(commits.commits ?? [], true),
          ...pullItems(pulls.pulls ?? [], row.branch),
        ];
        const total = items.length;
        await repo.update(projectIdx, { backfill: { state: 'running', done: 0, total } });
        const outcome: Outcome = { linked: 0, completed: [] };
        for (let i = 0; i < total; i += 20) {
          const part = await linkAndClose(row, items.slice(i, i + 20));
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
          log.syncLogIdx,
          outcome,
          `backfill: ${commits.commits?.length ?? 0} commit(s) on ${row.branch}, ${pulls.pulls?.length ?? 0} pull request(s)`,
        );
        return outcome;
      } catch (error) {
        await repo.update(projectIdx, { backfill: { state: 'failed', done: 0, total: 0 } });
        await failLog(log.syncLogIdx, error);
        return { failed: true };
      }
    },

    /**
     * A poll (the timed job, or "sync now"): conditional requests with the stored ETags, so an
     * unchanged repository costs two 304s. A timed poll that finds nothing new writes no log entry.
     * A timed poll while the backfill runs does nothing: the backfill reads the same commits and
     * more, and its entry is the one the admin who just picked the repository waits for (a poll
     * racing it would link the commits first and log them as a poll). "Sync now" still runs.
     */
    async poll({ projectIdx, source = 'poll' }: ProjectJobData) {
      const row = await repo.connection(projectIdx);
      if (!row?.repo || row.status !== 'ACTIVE') return { skipped: true };
      if (source === 'poll' && row.backfill?.state === 'running') return { skipped: true };
      let logIdx: number | null = null;
      if (source !== 'poll')
        logIdx = (await repo.addLog({ projectIdx, source, status: 'running' })).syncLogIdx;
      try {
        const { commits, pulls } = await fetchRecent(row, POLL_PAGE, POLL_PAGE, true);
        const etags = { ...row.etags };
        if (commits.etag) etags.commits = commits.etag;
        if (pulls.etag) etags.pulls = pulls.etag;
        await repo.update(projectIdx, { etags, lastSyncAt: ctx.clock.now() });
        const items = [
          ...commitItems(commits.commits ?? [], true),
          ...pullItems(pulls.pulls ?? [], row.branch),
        ];
        const unchanged = commits.commits === null && pulls.pulls === null;
        if (unchanged && logIdx === null) return { unchanged: true };
        const outcome = await linkAndClose(row, items);
        const summary = unchanged
          ? 'nothing new (304)'
          : `poll: ${commits.commits?.length ?? 0} commit(s), ${pulls.pulls?.length ?? 0} pull request(s)`;
        logIdx ??= (await repo.addLog({ projectIdx, source, status: 'running' })).syncLogIdx;
        await finishLog(logIdx, outcome, summary);
        return outcome;
      } catch (error) {
        logIdx ??= (await repo.addLog({ projectIdx, source, status: 'running' })).syncLogIdx;
        await failLog(logIdx, error);
        return { failed: true };
      }
    },

    /** The timed job: queues a poll of each connection GitHub has not reached by webhook lately. */
    async pollAll() {
      const due = await repo.toPoll(new Date(ctx.clock.now().getTime() - WEBHOOK_FRESH_MS));
      for (const projectIdx of due)
        await ctx.jobs.send(POLL_JOB, { projectIdx } satisfies ProjectJobData, {
          singletonKey: `poll-${projectIdx}`,
        });
      return { queued: due.length };
    },
  };
}
export type GithubService = ReturnType<typeof createGithubService>;
