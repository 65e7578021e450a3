import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let pro: Awaited<ReturnType<typeof signUp>>;
let client: Awaited<ReturnType<typeof signUp>>;
let outsider: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  pro = await signUp(t, 'pro@example.com');
  client = await signUp(t, 'client@example.com');
  outsider = await signUp(t, 'outsider@example.com');
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST', url: string, key?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: key ? bearer(key) : {} });

describe('POST /project', () => {
  it('creates a project whose creator is its first admin', async () => {
    const res = await req('POST', '/api/project', pro.key, {
      name: 'Website',
      startDt: '20260101',
      endDt: '20261231',
      isClient: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Website',
      status: 'ACTIVE',
      totalMember: 1,
      sheets: 0,
      isClient: false,
      isAdmin: true,
      isWarningSubscription: false,
      startDt: '20260101',
      endDt: '20261231',
      createdByIdx: pro.memberIdx,
      delYn: 'N',
      deletedAt: null,
      companyInProject: null,
    });
    const roles = await req('GET', `/api/project/${res.json().data.projectIdx}/roles`, pro.key);
    expect(roles.json().data.roles).toEqual([{ role: { name: 'admin' } }]);
    expect(roles.json().data).toMatchObject({ isAdmin: true });
    expect(roles.json().data.abilities).toEqual(expect.arrayContaining(['project.delete', 'invite.manage']));
  });

  it('a client-side creator is a client with admin authority', async () => {
    const res = await req('POST', '/api/project', client.key, { name: 'My shop', isClient: true });
    expect(res.json().data).toMatchObject({ isClient: true, isAdmin: true });
    const roles = await req('GET', `/api/project/${res.json().data.projectIdx}/roles`, client.key);
    expect(roles.json().data).toMatchObject({ roles: [{ role: { name: 'client' } }], depth1Idx: null });
  });

  it('validates name and dates', async () => {
    const res = await req('POST', '/api/project', pro.key, {
      name: '',
      startDt: '20260301',
      endDt: '20260201',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldErrors).toMatchObject({ name: 'required', isClient: 'required' });
    const dates = await req('POST', '/api/project', pro.key, {
      name: 'x',
      startDt: '20260301',
      endDt: '20260201',
      isClient: false,
    });
    expect(dates.json().error.fieldErrors).toEqual({ endDt: 'endBeforeStart' });
    const badDate = await req('POST', '/api/project', pro.key, {
      name: 'x',
      startDt: '20260231',
      isClient: false,
    });
    expect(badDate.json().error.fieldErrors).toEqual({ startDt: 'dateFormat' });
    expect((await req('POST', '/api/project', undefined, { name: 'x', isClient: false })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /project/list-of-member and roles', () => {
  it('lists the caller’s projects with role flags and the subscription warning', async () => {
    const projectIdx = await createProject(t, pro.key, 'Big team');
    const extra = [];
    for (let i = 0; i < 5; i++) extra.push(await signUp(t, `member${i}@example.com`));
    await addToProject(t, projectIdx, client.memberIdx, 'client');
    for (const m of extra) await addToProject(t, projectIdx, m.memberIdx, 'depth2');

    const mine = (await req('GET', '/api/project/list-of-member', pro.key)).json().data;
    const big = mine.find((p: { projectIdx: number }) => p.projectIdx === projectIdx);
    // 7 members > 0 sheets + 4 free: the warning is set.
    expect(big).toMatchObject({
      totalMember: 7,
      isWarningSubscription: true,
      isClient: false,
      isAdmin: true,
    });

    const theirs = (await req('GET', '/api/project/list-of-member', client.key)).json().data;
    expect(theirs.find((p: { projectIdx: number }) => p.projectIdx === projectIdx)).toMatchObject({
      isClient: true,
      isAdmin: false,
    });
    const none = await req('GET', '/api/project/list-of-member', outsider.key);
    expect(none.json().data).toEqual([]);
    expect((await req('GET', '/api/project/list-of-member')).statusCode).toBe(401);
  });

  it('gives depth2 members their lead, and refuses outsiders', async () => {
    const projectIdx = await createProject(t, pro.key, 'Teams');
    const lead = await signUp(t, 'lead@example.com');
    const dev = await signUp(t, 'dev@example.com');
    const leadRow = await addToProject(t, projectIdx, lead.memberIdx, 'depth1');
    await addToProject(t, projectIdx, dev.memberIdx, 'depth2', { depth1Idx: leadRow.memberInProjectIdx });
    const roles = await req('GET', `/api/project/${projectIdx}/roles`, dev.key);
    expect(roles.statusCode).toBe(200);
    expect(roles.json().data).toMatchObject({
      roles: [{ role: { name: 'depth2' } }],
      depth1Idx: leadRow.memberInProjectIdx,
    });
    expect(typeof roles.json().data.memberInProjectIdx).toBe('number');

    const denied = await req('GET', `/api/project/${projectIdx}/roles`, outsider.key);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    // A missing project answers exactly like someone else's: outsiders learn nothing about ids.
    const missing = await req('GET', '/api/project/99999/roles', outsider.key);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(denied.json());
    const invalid = await req('GET', '/api/project/abc/roles', outsider.key);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fieldErrors).toHaveProperty('projectIdx');
    expect((await req('GET', `/api/project/${projectIdx}/roles`)).statusCode).toBe(401);
  });
});
