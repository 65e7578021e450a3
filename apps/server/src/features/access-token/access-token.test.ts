import { errorStatus, type ErrorCode, type TokenScope } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '../../platform/authorization/route-policy.js';
import { anyTokenReadRoutes, tokenAreaRoutes } from '../../platform/authorization/token-scope.js';
import { stepUpRoutes } from '../../platform/authorization/step-up.js';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, PASSWORD, signUp, type TestApp } from '../../test/test-app.js';
import { TOKEN_CALL_LIMIT } from './access-token.service.js';

/* Rate limits on (memory counters): the token's own limit is part of what is tested. */
let t: TestApp;
let call: ReturnType<typeof api>;
let f: PlanningFixture;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimit: true } });
  call = api(t);
  f = await planningFixture(t, 'pat');
});
afterAll(async () => t?.close());

function expectError(res: { statusCode: number; body: string }, code: ErrorCode) {
  expect(JSON.parse(res.body).error?.code, res.body).toBe(code);
  expect(res.statusCode).toBe(errorStatus[code]);
}

async function makeToken(
  key: string,
  scopes: TokenScope[],
  extra: object = { days: 30 },
  name = 'CI script',
) {
  const res = await call('POST', '/member/token', key, { name, scopes, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { token: { tokenIdx: number; hint: string }; secret: string };
}

describe('personal access tokens (issue 34)', () => {
  it('a token made by a member reads the timeline and a story of their project, as that member', async () => {
    const story = await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'Read me' });
    expect(story.statusCode, story.body).toBe(201);
    const { token, secret } = await makeToken(f.dev.key, ['planning:read']);
    expect(secret).toMatch(/^tl_pat_[A-Za-z0-9_-]{43}$/);
    expect(token.hint).toBe(secret.slice(0, 11));

    const timeline = await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, secret);
    expect(timeline.statusCode, timeline.body).toBe(200);
    const one = await call('GET', `/story/${story.json().data.storyIdx}`, secret);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.title).toBe('Read me');
    // Any token lists its member's projects, to find the ids.
    const projects = await call('GET', '/project/list-of-member', secret);
    expect(projects.statusCode).toBe(200);
    expect(projects.json().data.map((p: { projectIdx: number }) => p.projectIdx)).toContain(f.projectA);
  });

  it('write with a read scope, or an area outside the scopes, is 403 TOKEN_SCOPE_DENIED', async () => {
    const { secret } = await makeToken(f.admin.key, ['planning:read', 'documents:write']);
    const write = await call('POST', '/story', secret, { projectIdx: f.projectA, title: 'Nope' });
    expectError(write, 'TOKEN_SCOPE_DENIED');
    expect(write.json().error.details).toEqual({ needed: 'planning:write' });
    expectError(await call('GET', `/timekeeping?projectIdx=${f.projectA}`, secret), 'TOKEN_SCOPE_DENIED');
    expectError(await call('GET', `/settlement?projectIdx=${f.projectA}`, secret), 'TOKEN_SCOPE_DENIED');
    // Write implies read, and the write scope writes.
    expect((await call('GET', `/folder?projectIdx=${f.projectA}`, secret)).statusCode).toBe(200);
    const written = await makeToken(f.admin.key, ['planning:write']);
    const created = await call('POST', '/story', written.secret, {
      projectIdx: f.projectA,
      title: 'By script',
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('a token reaches no account, token, billing, member or settings route', async () => {
    const { secret } = await makeToken(f.admin.key, [
      'planning:write',
      'time:write',
      'documents:write',
      'settlement:write',
    ]);
    const refused: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/member'],
      ['GET', '/member/token'],
      ['POST', '/member/token', { name: 'Child', scopes: ['planning:read'], days: 30 }],
      ['DELETE', '/member/token/1'],
      ['GET', `/subscription?projectIdx=${f.projectA}`],
      ['GET', '/card'],
      ['POST', '/card', {}],
      ['GET', `/member-in-project?projectIdx=${f.projectA}`],
      ['GET', `/project/${f.projectA}/roles`],
      ['GET', '/two-factor'],
      ['GET', `/webhook?projectIdx=${f.projectA}`],
      ['GET', '/member/sessions'],
      ['POST', '/auth/logout'],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(method, url, secret, body);
      expectError(res, 'TOKEN_SCOPE_DENIED');
    }
  });

  it('project roles still apply, and a token of a member of project A cannot read project B', async () => {
    const { secret } = await makeToken(f.client.key, ['planning:write']);
    // A client may not create a milestone (professionals only), token or not.
    expectError(
      await call('POST', '/milestone', secret, { projectIdx: f.projectA, title: 'M' }),
      'PROFESSIONAL_ONLY',
    );
    expectError(
      await call('GET', `/milestone/timeline?projectIdx=${f.projectB}`, secret),
      'PROJECT_ACCESS_DENIED',
    );
  });

  it('expired and revoked tokens answer 401', async () => {
    const short = await makeToken(f.lead.key, ['planning:read']);
    const revoked = await makeToken(f.lead.key, ['planning:read']);
    const timeline = (secret: string) => call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, secret);
    expect((await timeline(revoked.secret)).statusCode).toBe(200);
    const gone = await call('DELETE', `/member/token/${revoked.token.tokenIdx}`, f.lead.key);
    expect(gone.statusCode, gone.body).toBe(200);
    expectError(await timeline(revoked.secret), 'ACCESS_TOKEN_INVALID');
    // Revoking again, or another member's token, finds nothing.
    expectError(
      await call('DELETE', `/member/token/${revoked.token.tokenIdx}`, f.lead.key),
      'ACCESS_TOKEN_NOT_FOUND',
    );
    expectError(
      await call('DELETE', `/member/token/${short.token.tokenIdx}`, f.dev.key),
      'ACCESS_TOKEN_NOT_FOUND',
    );
    expectError(await timeline('tl_pat_unknown'), 'ACCESS_TOKEN_INVALID');

    t.clock.advanceMinutes(31 * 24 * 60);
    try {
      expectError(await timeline(short.secret), 'ACCESS_TOKEN_EXPIRED');
    } finally {
      t.clock.reset();
    }
  });

  it('lists tokens without their secret, with the last use (time and address) once used', async () => {
    const { token, secret } = await makeToken(f.solo.key, ['time:read'], { days: 90 }, 'Time export');
    const before = (await call('GET', '/member/token', f.solo.key)).json().data;
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ tokenIdx: token.tokenIdx, name: 'Time export', scopes: ['time:read'] });
    expect(before[0].lastUsedAt).toBeNull();

    const used = await t.app.inject({
      method: 'GET',
      url: `/api/timekeeping?projectIdx=${f.projectA}`,
      headers: { authorization: `Bearer ${secret}` },
      remoteAddress: '203.0.113.7',
    });
    expect(used.statusCode, used.body).toBe(200);
    const list = await call('GET', '/member/token', f.solo.key);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(secret.slice(11));
    expect(list.json().data[0].lastUsedAt).not.toBeNull();
    expect(list.json().data[0].lastUsedIp).toBe('203.0.113.7');
    // The database keeps only the hash.
    const rows = (await t.database.db.execute(
      sql`select token_hash from access_token where token_idx = ${token.tokenIdx}`,
    )) as { rows: { token_hash: string }[] };
    expect(rows.rows[0]!.token_hash).not.toContain(secret.slice(7));
  });

  it('keeps write-implies-read scopes as one per area, and refuses a date beyond a year or no scope', async () => {
    const made = await makeToken(f.solo.key, ['planning:read', 'planning:write', 'settlement:read'], {
      days: 365,
    });
    const listed = (await call('GET', '/member/token', f.solo.key)).json().data;
    expect(listed.find((x: { tokenIdx: number }) => x.tokenIdx === made.token.tokenIdx).scopes).toEqual([
      'planning:write',
      'settlement:read',
    ]);
    const far = new Date(t.clock.now().getTime() + 400 * 86_400_000).toISOString().slice(0, 10);
    const tooFar = await call('POST', '/member/token', f.solo.key, {
      name: 'x',
      scopes: ['time:read'],
      expiresOn: far,
    });
    expectError(tooFar, 'VALIDATION_FAILED');
    const none = await call('POST', '/member/token', f.solo.key, { name: 'x', scopes: [], days: 30 });
    expectError(none, 'VALIDATION_FAILED');
    const near = new Date(t.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    const dated = await makeToken(f.solo.key, ['time:read'], { expiresOn: near });
    const row = (await call('GET', '/member/token', f.solo.key))
      .json()
      .data.find((x: { tokenIdx: number }) => x.tokenIdx === dated.token.tokenIdx);
    expect(row.expiresAt.slice(0, 10) > near).toBe(true);
  });

  it('making a token needs a fresh factor, like other sensitive settings', async () => {
    expect(stepUpRoutes).toContain('POST /api/member/token');
    t.clock.advanceMinutes(11);
    try {
      const res = await call('POST', '/member/token', f.outsider.key, {
        name: 'x',
        scopes: ['time:read'],
        days: 30,
      });
      expectError(res, 'STEP_UP_REQUIRED');
    } finally {
      t.clock.reset();
    }
  });

  it('stops at 20 live tokens per member, also when the last ones are made at the same moment', async () => {
    const who = f.outsider.key;
    for (let i = 0; i < 17; i++) await makeToken(who, ['planning:read'], { days: 30 }, `t${i}`);
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', '/member/token', who, { name: `race ${i}`, scopes: ['planning:read'], days: 30 }),
      ),
    );
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const refused of racing.filter((r) => r.statusCode !== 201))
      expectError(refused, 'ACCESS_TOKEN_LIMIT_REACHED');
    expect((await call('GET', '/member/token', who)).json().data).toHaveLength(20);
  });

  it('a token has its own rate limit: over it, 429 RATE_LIMITED with Retry-After', async () => {
    const { token, secret } = await makeToken(f.lead.key, ['planning:read']);
    for (let i = 0; i < TOKEN_CALL_LIMIT.max; i++)
      await t.app.ctx.limiter.take(TOKEN_CALL_LIMIT, token.tokenIdx);
    const res = await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, secret);
    expectError(res, 'RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("creation, revocation and each write made with a token are in the member's account activity", async () => {
    const { token, secret } = await makeToken(f.admin.key, ['planning:write'], { days: 30 }, 'Audited');
    const created = await call('POST', '/story', secret, { projectIdx: f.projectA, title: 'Via token' });
    expect(created.statusCode).toBe(201);
    await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, secret);
    expect((await call('DELETE', `/member/token/${token.tokenIdx}`, f.admin.key)).statusCode).toBe(200);
    const log = await call('GET', '/audit/me?kind=account', f.admin.key);
    expect(log.statusCode, log.body).toBe(200);
    const mine = (
      log.json().data.items as { kind: string; target: { idx: number } | null; changes: object }[]
    ).filter((r) => r.target?.idx === token.tokenIdx && r.kind.startsWith('account.token_'));
    expect(mine.map((r) => r.kind).sort()).toEqual([
      'account.token_created',
      'account.token_revoked',
      'account.token_used',
    ]);
    expect(mine.find((r) => r.kind === 'account.token_used')!.changes).toEqual({
      name: 'Audited',
      method: 'POST',
      route: '/api/story',
      status: 201,
    });
    expect(log.body).not.toContain(secret);
    // The project's own log shows the token's successful write in it.
    const projectLog = await call('GET', `/audit?projectIdx=${f.projectA}`, f.admin.key);
    expect(projectLog.statusCode, projectLog.body).toBe(200);
    const inProject = (
      projectLog.json().data.items as { kind: string; target: { idx: number } | null }[]
    ).filter((r) => r.kind === 'account.token_used' && r.target?.idx === token.tokenIdx);
    expect(inProject).toHaveLength(1);
  });

  it("a withdrawn member's tokens stop at once", async () => {
    const leaver = await signUp(t, 'pat-leaver@example.com');
    const { secret } = await makeToken(leaver.key, ['planning:read']);
    expect((await call('GET', '/project/list-of-member', secret)).statusCode).toBe(200);
    const gone = await call('DELETE', '/member', leaver.key, { password: PASSWORD });
    expect(gone.statusCode, gone.body).toBe(200);
    expectError(await call('GET', '/project/list-of-member', secret), 'ACCESS_TOKEN_INVALID');
    const rows = (await t.database.db.execute(
      sql`select revoked_at from access_token where member_idx = ${leaver.memberIdx}`,
    )) as { rows: { revoked_at: unknown }[] };
    expect(rows.rows.map((r) => r.revoked_at !== null)).toEqual([true]);
  });

  it('the OpenAPI page describes the bearer token and how to call with one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.components.securitySchemes.bearer.description).toContain('tl_pat_');
    expect(doc.info.description).toContain('curl -H "Authorization: Bearer tl_pat_');
    expect(Object.keys(doc.paths)).toContain('/api/member/token');
  });

  it('lists only routes that exist, none public or asking for a fresh factor', () => {
    const registered = new Map(t.app.registeredRoutes.map((r) => [r.url, r.policy]));
    const listed = [...Object.values(tokenAreaRoutes).flat(), ...anyTokenReadRoutes];
    expect(listed.filter((url) => !registered.has(url))).toEqual([]);
    expect(listed.filter((url) => registered.get(url) === 'public')).toEqual([]);
    const stepUpUrls = new Set(stepUpRoutes.map((key) => key.split(' ')[1]));
    expect(listed.filter((url) => stepUpUrls.has(url))).toEqual([]);
    expect(t.app.registeredRoutes.map(routeKey)).toContain('DELETE /api/member/token/:tokenIdx');
  });
});
