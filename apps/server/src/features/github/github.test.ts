import { createGithubRepository } from './github.repository.js';
import { sign } from '@octokit/webhooks-methods';
import { sql } from 'drizzle-orm';
import { URL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGithubFake, type GithubFake } from '../../test/github-fake.js';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/test-app.js';

const PUBLIC_URL = 'http://teamline.test';
let gh: GithubFake;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
let dev: Awaited<ReturnType<typeof signUp>>;
let outsider: Awaited<ReturnType<typeof signUp>>;
let projectIdx: number;
let otherProject: number;

beforeAll(async () => {
  gh = await startGithubFake();
  t = await createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      github: {
        apiUrl: gh.url,
        webUrl: gh.url,
        oauth: { clientId: 'client-1', clientSecret: 'secret-1' },
        timeoutMs: 5_000,
        pollCron: '*/5 * * * *',
      },
    },
  });
  admin = await signUp(t, 'gh-admin@example.com');
  dev = await signUp(t, 'gh-dev@example.com');
  outsider = await signUp(t, 'gh-out@example.com');
  projectIdx = await createProject(t, admin.key, 'Shop');
  otherProject = await createProject(t, outsider.key, 'Elsewhere');
  await addToProject(t, projectIdx, dev.memberIdx, 'depth2');
  gh.tokens.set('ghp_admin', 'octo-admin');
  gh.repos.push(
    { fullName: 'acme/shop', defaultBranch: 'main', private: true },
    { fullName: 'acme/docs', defaultBranch: 'main', private: false },
  );
  gh.branches.set('acme/shop', ['main', 'develop']);
});
afterAll(async () => {
  await t?.close();
  await gh?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, key?: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: key ? bearer(key) : {} });
const newStory = async (title: string) => {
  const res = await call('POST', '/story', admin.key, { projectIdx, title });
  expect(res.statusCode).toBe(201);
  return res.json().data as { storyIdx: number; storyNo: number };
};
const storyStatus = async (storyIdx: number) =>
  (await call('GET', `/story/${storyIdx}`, admin.key)).json().data.status as string;
const status = async () => (await call('GET', `/github?projectIdx=${projectIdx}`, admin.key)).json().data;
const log = async () =>
  (await call('GET', `/github/sync-log?projectIdx=${projectIdx}`, admin.key)).json().data.entries as {
    syncLogIdx: number;
    source: string;
    event: string | null;
    status: string;
    linked: number;
    completed: string[];
    errorCode: string | null;
  }[];

/** A GitHub delivery to the project's webhook, signed with `secret` by @octokit/webhooks-methods. */
async function deliver(event: string, payload: object, secret: string, delivery = crypto.randomUUID()) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: `/api/github/webhook?projectIdx=${projectIdx}`,
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': delivery,
      'x-hub-signature-256': await sign(secret, body),
    },
  });
}

describe('connecting a project to GitHub', () => {
  it('refuses a token GitHub does not accept, and anyone but the project admins', async () => {
    const bad = await call('POST', '/github/token', admin.key, { projectIdx, token: 'ghp_wrong' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('GITHUB_TOKEN_INVALID');
    const byDev = await call('POST', '/github/token', dev.key, { projectIdx, token: 'ghp_admin' });
    expect(byDev.statusCode).toBe(403);
    expect(byDev.json().error.code).toBe('ADMIN_ONLY');
    const stranger = await call('POST', '/github/token', outsider.key, { projectIdx, token: 'ghp_admin' });
    expect(stranger.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    expect((await status()).connection).toBeNull();
  });

  it('connects with a personal access token that never comes back out', async () => {
    const res = await call('POST', '/github/token', admin.key, { projectIdx, token: 'ghp_admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      authKind: 'token',
      account: 'octo-admin',
      status: 'ACTIVE',
      repo: null,
    });
    const seen = await status();
    expect(seen.oauthAvailable).toBe(true);
    expect(seen.connection.webhookUrl).toBe(`${PUBLIC_URL}/api/github/webhook?projectIdx=${projectIdx}`);
    expect(seen.connection.webhookSecret.length).toBeGreaterThan(20);
    // A member sees the connection (the timeline shows keys) but not the secret; no one sees the token.
    const forDev = (await call('GET', `/github?projectIdx=${projectIdx}`, dev.key)).json().data.connection;
    expect(forDev).toMatchObject({ account: 'octo-admin', webhookSecret: '', webhookUrl: '' });
    for (const body of [res.body, JSON.stringify(seen), JSON.stringify(forDev)])
      expect(body).not.toContain('ghp_admin');
    const result: unknown = await t.database.db.execute(sql`select token_cipher from github_connection`);
    const [stored] = (result as { rows: { token_cipher: string }[] }).rows;
    expect(stored!.token_cipher).not.toContain('ghp_admin');
    expect(stored!.token_cipher.startsWith('v1.')).toBe(true);
  });

  it('lists repositories page by page with a search, and a repository’s branches', async () => {
    for (let i = 0; i < 120; i++)
      gh.repos.push({ fullName: `acme/extra-${i}`, defaultBranch: 'main', private: false });
    const first = (await call('GET', `/github/repos?projectIdx=${projectIdx}`, admin.key)).json().data;
    expect(first.repos).toHaveLength(100);
    expect(first.repos[0]).toMatchObject({ fullName: 'acme/shop', private: true, defaultBranch: 'main' });
    expect(first.hasMore).toBe(true);
    const second = (await call('GET', `/github/repos?projectIdx=${projectIdx}&page=2`, admin.key)).json()
      .data;
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.repos).toHaveLength(22);
    const found = (await call('GET', `/github/repos?projectIdx=${projectIdx}&q=SHO`, admin.key)).json().data;
    expect(found.repos.map((r: { fullName: string }) => r.fullName)).toEqual(['acme/shop']);
    gh.repos.splice(2);
    const branches = await call('GET', `/github/branches?projectIdx=${projectIdx}&repo=acme/shop`, admin.key);
    expect(branches.json().data.branches).toEqual(['main', 'develop']);
    const other = await call('GET', `/github/repos?projectIdx=${otherProject}`, admin.key);
    expect(other.statusCode).toBe(403);
  });

  it('an account that can reach no repository is told so', async () => {
    gh.tokens.set('ghp_empty', 'octo-empty');
    const p = await createProject(t, admin.key, 'Empty');
    await call('POST', '/github/token', admin.key, { projectIdx: p, token: 'ghp_empty' });
    const saved = gh.repos.splice(0);
    try {
      const res = await call('GET', `/github/repos?projectIdx=${p}`, admin.key);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('GITHUB_NO_REPOSITORIES');
    } finally {
      gh.repos.push(...saved);
    }
  });
});

describe('picking the repository, branch and key', () => {
  it('refuses a malformed key and a repository the token cannot reach', async () => {
    const bad = await call('PUT', '/github', admin.key, {
      projectIdx,
      repo: 'acme/shop',
      branch: 'main',
      projectKey: '1SHOP',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toEqual({ projectKey: 'projectKey' });
    const missing = await call('PUT', '/github', admin.key, {
      projectIdx,
      repo: 'acme/secret',
      branch: 'main',
      projectKey: 'SHOP',
    });
    expect(missing.json().error.code).toBe('GITHUB_FETCH_FAILED');
  });

  it('backfills recent commits and pull requests with progress, and the timeline shows the key', async () => {
    const one = await newStory('Login page');
    const two = await newStory('Cart');
    gh.commits.set('acme/shop@main', [
      {
        sha: 'a'.repeat(40),
        message: `Start the cart (SHOP-${two.storyNo})`,
        login: 'octo',
        date: '2026-11-20T10:00:00Z',
      },
      {
        sha: 'b'.repeat(40),
        message: `Login form\n\nfixes shop-${one.storyNo}`,
        login: 'octo',
        date: '2026-11-19T10:00:00Z',
      },
    ]);
    const saved = await call('PUT', '/github', admin.key, {
      projectIdx,
      repo: 'acme/shop',
      branch: 'main',
      projectKey: 'shop',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ projectKey: 'SHOP', backfill: { state: 'running' } });
    await t.app.ctx.jobs.idle('github.backfill');
    expect((await status()).connection.backfill).toEqual({ state: 'done', done: 2, total: 2 });
    expect(await storyStatus(one.storyIdx)).toBe('completed');
    expect(await storyStatus(two.storyIdx)).toBe('pending');
    const links = (await call('GET', `/github/story-links?storyIdx=${two.storyIdx}`, dev.key)).json().data
      .links;
    expect(links).toEqual([
      expect.objectContaining({
        kind: 'commit',
        ref: 'aaaaaaa',
        title: `Start the cart (SHOP-${two.storyNo})`,
        author: 'octo',
        state: 'committed',
      }),
    ]);
    expect((await log())[0]).toMatchObject({
      source: 'backfill',
      status: 'ok',
      linked: 2,
      completed: [`SHOP-${one.storyNo}`],
    });
    // The history says the system completed it (type 9, no actor), from that commit.
    const history = (await call('GET', `/history/story?storyIdx=${one.storyIdx}`, admin.key)).json().data;
    expect(history[0]).toMatchObject({ type: 9, actor: null, after: { status: 'completed' } });
    const timeline = (await call('GET', `/milestone/timeline?projectIdx=${projectIdx}`, dev.key)).json().data;
    expect(timeline.projectKey).toBe('SHOP');
  });
});

describe('GitHub webhooks', () => {
  const secret = async () => (await status()).connection.webhookSecret as string;

  it('a push to the branch completes the stories its closing words name and links the ones it mentions', async () => {
    const done = await newStory('Checkout');
    const mentioned = await newStory('Receipts');
    const res = await deliver(
      'push',
      {
        ref: 'refs/heads/main',
        commits: [
          {
            id: 'c'.repeat(40),
            message: `Checkout works, closes SHOP-${done.storyNo}; see SHOP-${mentioned.storyNo}`,
            url: `${gh.url}/acme/shop/commit/${'c'.repeat(40)}`,
            timestamp: '2026-11-21T10:00:00Z',
            author: { username: 'octo', name: 'Octo Cat' },
          },
        ],
      },
      await secret(),
    );
    expect(res.statusCode).toBe(202);
    await t.app.ctx.jobs.idle('github.delivery');
    expect(await storyStatus(done.storyIdx)).toBe('completed');
    expect(await storyStatus(mentioned.storyIdx)).toBe('pending');
    expect((await log())[0]).toMatchObject({
      source: 'webhook',
      event: 'push',
      status: 'ok',
      linked: 2,
      completed: [`SHOP-${done.storyNo}`],
    });
  });

  it('a push to another branch links but completes nothing', async () => {
    const story = await newStory('Search');
    await deliver(
      'push',
      {
        ref: 'refs/heads/feature/search',
        commits: [
          {
            id: 'd'.repeat(40),
            message: `fixes SHOP-${story.storyNo}`,
            url: 'https://example.test/c',
            author: { name: 'Octo' },
          },
        ],
      },
      await secret(),
    );
    await t.app.ctx.jobs.idle('github.delivery');
    expect(await storyStatus(story.storyIdx)).toBe('pending');
    const links = (await call('GET', `/github/story-links?storyIdx=${story.storyIdx}`, admin.key)).json().data
      .links;
    expect(links).toHaveLength(1);
  });

  it('a pull request merged into the branch completes; into another branch it does not', async () => {
    const merged = await newStory('Coupons');
    const elsewhere = await newStory('Refunds');
    const pull = (number: number, storyNo: number, base: string) => ({
      action: 'closed',
      number,
      pull_request: {
        number,
        title: `Resolves SHOP-${storyNo}`,
        body: null,
        html_url: `${gh.url}/acme/shop/pull/${number}`,
        state: 'closed',
        merged_at: '2026-11-22T10:00:00Z',
        updated_at: '2026-11-22T10:00:00Z',
        merge_commit_sha: 'e'.repeat(40),
        user: { login: 'octo' },
        head: { ref: `feature/${number}` },
        base: { ref: base },
      },
    });
    expect((await deliver('pull_request', pull(7, merged.storyNo, 'main'), await secret())).statusCode).toBe(
      202,
    );
    expect(
      (await deliver('pull_request', pull(8, elsewhere.storyNo, 'develop'), await secret())).statusCode,
    ).toBe(202);
    await t.app.ctx.jobs.idle('github.delivery');
    expect(await storyStatus(merged.storyIdx)).toBe('completed');
    expect(await storyStatus(elsewhere.storyIdx)).toBe('pending');
    const links = (await call('GET', `/github/story-links?storyIdx=${merged.storyIdx}`, admin.key)).json()
      .data.links;
    expect(links).toEqual([
      expect.objectContaining({ kind: 'pull', ref: '#7', state: 'merged', author: 'octo' }),
    ]);
  });

  it('refuses a bad signature with 401, and does a redelivered delivery once', async () => {
    const story = await newStory('Twice');
    const payload = {
      ref: 'refs/heads/main',
      commits: [
        {
          id: 'f'.repeat(40),
          message: `fixes SHOP-${story.storyNo}`,
          url: 'https://example.test/f',
          author: { name: 'O' },
        },
      ],
    };
    const forged = await deliver('push', payload, 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('GITHUB_SIGNATURE_INVALID');
    // A project without a connection answers the same, whatever the signature.
    const unconnected = await t.app.inject({
      method: 'POST',
      url: `/api/github/webhook?projectIdx=${otherProject}`,
      payload: JSON.stringify(payload),
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'push',
        'x-hub-signature-256': 'sha256=00',
      },
    });
    expect(unconnected.statusCode).toBe(401);
    expect(unconnected.json().error.code).toBe('GITHUB_SIGNATURE_INVALID');
    expect(await storyStatus(story.storyIdx)).toBe('pending');

    const before = (await log()).length;
    const delivery = crypto.randomUUID();
    expect((await deliver('push', payload, await secret(), delivery)).statusCode).toBe(202);
    const replay = await deliver('push', payload, await secret(), delivery);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.result).toBe('duplicate');
    await t.app.ctx.jobs.idle('github.delivery');
    expect((await log()).length).toBe(before + 1);
    const history = (await call('GET', `/history/story?storyIdx=${story.storyIdx}`, admin.key)).json().data;
    expect(history.filter((h: { type: number }) => h.type === 9)).toHaveLength(1);
  });

  it('logs a ping, and a created branch as nothing to do', async () => {
    expect((await deliver('ping', { zen: 'Keep it logically awesome.' }, await secret())).statusCode).toBe(
      200,
    );
    expect(
      (await deliver('create', { ref: 'feature/x', ref_type: 'branch' }, await secret())).statusCode,
    ).toBe(200);
    const [created, ping] = await log();
    expect(ping).toMatchObject({ event: 'ping', status: 'ok' });
    expect(created).toMatchObject({ event: 'create', status: 'skipped' });
    expect((await status()).connection.lastWebhookAt).not.toBeNull();
  });
});

describe('polling and the sync log', () => {
  it('"sync now" asks GitHub with ETags: an unchanged repository costs two 304s', async () => {
    const story = await newStory('Polled');
    gh.commits.set('acme/shop@main', [
      {
        sha: '1'.repeat(40),
        message: `fixes SHOP-${story.storyNo}`,
        login: 'octo',
        date: '2026-11-23T10:00:00Z',
      },
    ]);
    expect((await call('POST', '/github/sync', admin.key, { projectIdx })).statusCode).toBe(202);
    await t.app.ctx.jobs.idle('github.poll');
    expect(await storyStatus(story.storyIdx)).toBe('completed');
    expect((await log())[0]).toMatchObject({
      source: 'manual',
      status: 'ok',
      completed: [`SHOP-${story.storyNo}`],
    });

    gh.calls.length = 0;
    await call('POST', '/github/sync', admin.key, { projectIdx });
    await t.app.ctx.jobs.idle('github.poll');
    expect(gh.calls.filter((c) => /\/(commits|pulls)\?/.test(c)).map((c) => c.slice(-3))).toEqual([
      '304',
      '304',
    ]);
    expect((await log())[0]).toMatchObject({ source: 'manual', status: 'ok', linked: 0 });
  });

  it('a timed poll while the backfill runs leaves the commits to the backfill', async () => {
    const story = await newStory('Backfilled');
    gh.commits.set('acme/shop@main', [
      {
        sha: '2'.repeat(40),
        message: `fixes SHOP-${story.storyNo}`,
        login: 'octo',
        date: '2026-11-23T11:00:00Z',
      },
    ]);
    const connections = createGithubRepository(t.database.db);
    await connections.update(projectIdx, { backfill: { state: 'running', done: 0, total: 0 }, etags: {} });
    const before = (await log()).length;
    await t.app.ctx.jobs.send('github.poll', { projectIdx });
    await t.app.ctx.jobs.idle('github.poll');
    expect(await log()).toHaveLength(before);
    expect(await storyStatus(story.storyIdx)).not.toBe('completed');
    // Once the backfill is done, the next timed poll does the work (and logs it as a poll).
    await connections.update(projectIdx, { backfill: { state: 'done', done: 0, total: 0 } });
    await t.app.ctx.jobs.send('github.poll', { projectIdx });
    await t.app.ctx.jobs.idle('github.poll');
    expect(await storyStatus(story.storyIdx)).toBe('completed');
    expect((await log())[0]).toMatchObject({ source: 'poll', completed: [`SHOP-${story.storyNo}`] });
  });

  it('a revoked token shows "connection removed" instead of failing silently', async () => {
    gh.tokens.delete('ghp_admin');
    try {
      const res = await call('GET', `/github/branches?projectIdx=${projectIdx}&repo=acme/shop`, admin.key);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('GITHUB_CONNECTION_REMOVED');
      expect((await status()).connection.status).toBe('REVOKED');
      const sync = await call('POST', '/github/sync', admin.key, { projectIdx });
      expect(sync.json().error.code).toBe('GITHUB_CONNECTION_REMOVED');
    } finally {
      gh.tokens.set('ghp_admin', 'octo-admin');
    }
    // Reconnecting keeps the repository, branch and key.
    await call('POST', '/github/token', admin.key, { projectIdx, token: 'ghp_admin' });
    expect((await status()).connection).toMatchObject({
      status: 'ACTIVE',
      repo: 'acme/shop',
      projectKey: 'SHOP',
    });
  });

  it('the log and a story’s links belong to their project', async () => {
    const theirs = await call('GET', `/github/sync-log?projectIdx=${projectIdx}`, outsider.key);
    expect(theirs.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    const forDev = await call('GET', `/github/sync-log?projectIdx=${projectIdx}`, dev.key);
    expect(forDev.json().error.code).toBe('ADMIN_ONLY');
    const story = await newStory('Private');
    const links = await call('GET', `/github/story-links?storyIdx=${story.storyIdx}`, outsider.key);
    expect(links.statusCode).toBe(404);
    const otherEntry = await call('POST', '/github/sync', admin.key, { projectIdx, syncLogIdx: 999_999 });
    expect(otherEntry.json().error.code).toBe('GITHUB_SYNC_LOG_NOT_FOUND');
  });
});

describe('GitHub OAuth', () => {
  it('connects through the OAuth app and comes back to the settings tab', async () => {
    const p = await createProject(t, admin.key, 'OAuth');
    const start = (await call('POST', '/github/oauth', admin.key, { projectIdx: p })).json().data;
    const authorize = new URL(start.url);
    expect(authorize.origin + authorize.pathname).toBe(`${gh.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/github/oauth/callback`);
    expect(authorize.searchParams.get('scope')).toBe('repo');
    gh.codes.set('code-1', 'gho_oauth');
    gh.tokens.set('gho_oauth', 'octo-oauth');
    const state = authorize.searchParams.get('state')!;
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/github/oauth/callback?code=code-1&state=${state}`,
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`${PUBLIC_URL}/#/setting?idx=${p}&tab=github&github=connected`);
    const seen = (await call('GET', `/github?projectIdx=${p}`, admin.key)).json().data.connection;
    expect(seen).toMatchObject({ authKind: 'oauth', account: 'octo-oauth' });
    // The state is used up.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/github/oauth/callback?code=code-1&state=${state}`,
    });
    expect(again.headers.location).toBe(`${PUBLIC_URL}/#/setting?tab=github&github=failed`);
  });

  it('a cancel at GitHub comes back as cancelled and connects nothing', async () => {
    const p = await createProject(t, admin.key, 'Cancelled');
    const start = (await call('POST', '/github/oauth', admin.key, { projectIdx: p })).json().data;
    const state = new URL(start.url).searchParams.get('state')!;
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/github/oauth/callback?error=access_denied&state=${state}`,
    });
    expect(back.headers.location).toBe(`${PUBLIC_URL}/#/setting?idx=${p}&tab=github&github=cancelled`);
    expect((await call('GET', `/github?projectIdx=${p}`, admin.key)).json().data.connection).toBeNull();
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/github/oauth/callback?code=x&state=forged',
    });
    expect(forged.headers.location).toBe(`${PUBLIC_URL}/#/setting?tab=github&github=failed`);
  });

  it('two projects picking their repositories at once both get their backfill', async () => {
    const [a, b] = [await createProject(t, admin.key, 'Twin A'), await createProject(t, admin.key, 'Twin B')];
    for (const p of [a, b])
      await call('POST', '/github/token', admin.key, { projectIdx: p, token: 'ghp_admin' });
    await Promise.all(
      [a, b].map((p, i) =>
        call('PUT', '/github', admin.key, {
          projectIdx: p,
          repo: 'acme/shop',
          branch: 'main',
          projectKey: `TWIN${i}`,
        }),
      ),
    );
    await t.app.ctx.jobs.idle('github.backfill');
    for (const p of [a, b]) {
      const connection = (await call('GET', `/github?projectIdx=${p}`, admin.key)).json().data.connection;
      expect(connection.backfill.state).toBe('done');
    }
  });

  it('disconnecting removes the connection and the key from the timeline', async () => {
    const p = await createProject(t, admin.key, 'Leaving');
    await call('POST', '/github/token', admin.key, { projectIdx: p, token: 'ghp_admin' });
    await call('PUT', '/github', admin.key, {
      projectIdx: p,
      repo: 'acme/shop',
      branch: 'main',
      projectKey: 'LEAVE',
    });
    await t.app.ctx.jobs.idle('github.backfill');
    expect((await call('GET', `/milestone/timeline?projectIdx=${p}`, admin.key)).json().data.projectKey).toBe(
      'LEAVE',
    );
    expect((await call('DELETE', `/github?projectIdx=${p}`, admin.key)).statusCode).toBe(200);
    expect((await call('GET', `/github?projectIdx=${p}`, admin.key)).json().data.connection).toBeNull();
    expect(
      (await call('GET', `/milestone/timeline?projectIdx=${p}`, admin.key)).json().data.projectKey,
    ).toBeNull();
  });
});
