import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AI_OPEN_JOBS_PER_MEMBER,
  AI_OPEN_JOBS_PER_PROJECT,
  PROJECTS_PER_ACCOUNT_MAX,
} from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload } from '../../test/plan-files.js';
import { bearer, createProject, createTestApp, signUp, type TestApp } from '../../test/test-app.js';
import { startReceiver, type ChatReceiver } from '../../test/webhook-receivers.js';

/*
 * Issue 31, "Nothing charged twice…": each call below costs outbound requests, a provider call or
 * storage, and had no limit. Rate limits on, as in production (Redis with TEST_REDIS_URL).
 */
let t: TestApp;
let receiver: ChatReceiver;
/** An AI provider that takes every request and never answers: jobs stay running while the test looks. */
let silentProvider: Server;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  silentProvider = createServer(() => undefined);
  await new Promise<void>((resolve) => silentProvider.listen(0, '127.0.0.1', resolve));
  const { port } = silentProvider.address() as AddressInfo;
  t = await createTestApp({
    config: {
      rateLimit: true,
      redisUrl: process.env.TEST_REDIS_URL,
      outboundAllowPrivate: true,
      ai: { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'silent', apiKey: 'none', timeoutMs: 120_000 },
    },
  });
  receiver = await startReceiver('slack');
  admin = await signUp(t, 'costly-admin@example.com');
});
afterAll(async () => {
  // Unanswered provider calls fail now, so the AI jobs end and the app can stop.
  silentProvider.closeAllConnections();
  silentProvider.close();
  await t?.close();
  await receiver?.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, key?: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: key ? bearer(key) : {} });
const codes = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);

async function addHook(key: string, projectIdx: number): Promise<number> {
  const res = await call('POST', '/webhook', key, {
    projectIdx,
    type: 'slack',
    url: receiver.url,
    categories: ['story'],
    events: ['new'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.webhookIdx;
}

describe('webhook "send test"', () => {
  it('five a minute per hook, twenty an hour per project, answered 429 with Retry-After', async () => {
    const projectIdx = await createProject(t, admin.key, 'Hooks');
    const hooks = [];
    for (let i = 0; i < 5; i++) hooks.push(await addHook(admin.key, projectIdx));

    const first = [];
    for (let i = 0; i < 6; i++) first.push(await call('POST', `/webhook/${hooks[0]}/test`, admin.key));
    expect(codes(first)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(first[5]!.json().error.code).toBe('RATE_LIMITED');
    expect(Number(first[5]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(first[5]!.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Other hooks of the project share its twenty an hour: three more hooks × 5 = 20 in all.
    for (const hook of hooks.slice(1, 4))
      for (let i = 0; i < 5; i++)
        expect((await call('POST', `/webhook/${hook}/test`, admin.key)).statusCode).toBe(200);
    expect((await call('POST', `/webhook/${hooks[4]}/test`, admin.key)).statusCode).toBe(429);
    expect(receiver.received.length).toBe(20);
  });

  it("a stranger's tests neither reach the address nor use up the project's allowance", async () => {
    const owner = await signUp(t, 'hook-owner@example.com');
    const stranger = await signUp(t, 'hook-stranger@example.com');
    const projectIdx = await createProject(t, owner.key, 'Mine');
    const hook = await addHook(owner.key, projectIdx);
    for (let i = 0; i < 6; i++)
      expect((await call('POST', `/webhook/${hook}/test`, stranger.key)).statusCode).toBe(404);
    expect((await call('POST', `/webhook/${hook}/test`, owner.key)).statusCode).toBe(200);
  });
});

describe('uploads', () => {
  it('thirty a minute per account; the rest refused before the file is stored', async () => {
    const me = await signUp(t, 'uploader@example.com');
    const upload = () => {
      const form = fileUpload(Buffer.from('a line of text\n'), 'note.txt');
      return t.app.inject({
        method: 'POST',
        url: '/api/file',
        payload: form.payload,
        headers: { ...bearer(me.key), ...form.headers },
      });
    };
    const burst = await Promise.all(Array.from({ length: 60 }, upload));
    expect(codes(burst).filter((s) => s === 201)).toHaveLength(30);
    expect(codes(burst).filter((s) => s === 429)).toHaveLength(30);
    const stored: unknown = await t.database.db.execute(
      sql`select count(*)::int as n from file where uploader_idx = ${me.memberIdx}`,
    );
    expect((stored as { rows: { n: number }[] }).rows[0]!.n).toBe(30);
  });
});

describe('AI jobs', () => {
  it(`${AI_OPEN_JOBS_PER_PROJECT} open at once per project, ${AI_OPEN_JOBS_PER_MEMBER} per account; the rest get a translated 429`, async () => {
    const me = await signUp(t, 'ai-user@example.com');
    const [p1, p2] = [await createProject(t, me.key, 'AI one'), await createProject(t, me.key, 'AI two')];
    const start = (projectIdx: number) =>
      call('POST', '/document/ai', me.key, {
        projectIdx,
        type: 'weeklyReport',
        referenceDt: '20260320',
        periodStartDt: '20260101',
        periodEndDt: '20261231',
      });
    // Sent at once: counted under a lock, so exactly the allowance is accepted.
    const burst = await Promise.all(Array.from({ length: 10 }, () => start(p1)));
    expect(codes(burst).filter((s) => s === 202)).toHaveLength(AI_OPEN_JOBS_PER_PROJECT);
    const busy = burst.find((a) => a.statusCode === 429)!;
    expect(busy.json().error).toMatchObject({
      code: 'AI_JOBS_BUSY',
      message: resources.en.errors.AI_JOBS_BUSY,
    });
    expect(busy.headers['retry-after']).toBe('30');
    expect(resources.vi.errors.AI_JOBS_BUSY).not.toBe(resources.en.errors.AI_JOBS_BUSY);

    // The account's fifth open job is in another project; the sixth is refused there too.
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await start(p2));
    expect(codes(more)).toEqual([202, 202, 429]);

    // A cancelled job frees its place.
    const cancelled = await call(
      'POST',
      `/ai-job/${burst.find((a) => a.statusCode === 202)!.json().data.jobIdx}/cancel`,
      me.key,
    );
    expect(cancelled.json().data.state).toBe('cancelled');
    expect((await start(p2)).statusCode).toBe(202);
  });
});

describe('public document links', () => {
  it('fifty wrong tokens per client address in 15 minutes, while readers of a working link are not counted', async () => {
    const projectIdx = await createProject(t, admin.key, 'Docs');
    const doc = (await call('POST', '/document', admin.key, { projectIdx, title: 'Handbook' })).json().data;
    const link = (await call('POST', `/document/${doc.documentIdx}/public-link`, admin.key)).json().data;
    const read = (token: string, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/public/document/${token}`, remoteAddress });
    for (let i = 0; i < 80; i++) expect((await read(link.token, '10.40.0.1')).statusCode).toBe(200);

    const guesses = [];
    for (let i = 0; i < 51; i++)
      guesses.push(await read(`guessed-token-number-${String(i).padStart(4, '0')}`, '10.40.0.2'));
    expect(
      codes(guesses)
        .slice(0, 50)
        .every((s) => s === 404),
    ).toBe(true);
    expect(guesses[50]!.statusCode).toBe(429);
    expect((await read(link.token, '10.40.0.3')).statusCode).toBe(200);
  });
});

describe('projects per account', () => {
  it(`${PROJECTS_PER_ACCOUNT_MAX} at most, even when created at once`, async () => {
    const me = await signUp(t, 'founder@example.com');
    const create = (i: number) => call('POST', '/project', me.key, { name: `Project ${i}`, isClient: false });
    const burst = await Promise.all(
      Array.from({ length: PROJECTS_PER_ACCOUNT_MAX + 5 }, (_, i) => create(i)),
    );
    expect(codes(burst).filter((s) => s === 201)).toHaveLength(PROJECTS_PER_ACCOUNT_MAX);
    const refused = burst.find((a) => a.statusCode !== 201)!;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'PROJECT_LIMIT_REACHED',
      message: resources.en.errors.PROJECT_LIMIT_REACHED,
    });
    // Joining other people's projects is not limited by it.
    const other = await signUp(t, 'founder-friend@example.com');
    const friends = await createProject(t, other.key, 'Friend');
    expect(friends).toBeGreaterThan(0);
  });
});
