import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'e');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

describe('epics', () => {
  it('creates, updates and lists epics with progress from their stories’ points', async () => {
    const created = await call('POST', '/epic', f.lead.key, {
      projectIdx: f.projectA,
      label: 'Checkout',
      weight: 2,
      point: 13,
      colorCode: '#00D696',
    });
    expect(created.statusCode).toBe(201);
    const epicIdx = created.json().data.epicIdx;
    expect(created.json().data).toMatchObject({
      label: 'Checkout',
      weight: 2,
      point: 13,
      progress: 0,
      storyCount: 0,
    });
    const story = async (point: number) =>
      (
        await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 's', epicIdx, point })
      ).json().data.storyIdx as number;
    const done = await story(3);
    await story(1);
    await call('PATCH', `/story/${done}`, f.admin.key, { status: 'inProgress' });
    await call('PATCH', `/story/${done}`, f.admin.key, { status: 'completed' });
    const list = (await call('GET', `/epic/all-of-project?projectIdx=${f.projectA}`, f.client.key)).json()
      .data;
    expect(list.find((e: { epicIdx: number }) => e.epicIdx === epicIdx)).toMatchObject({
      storyCount: 2,
      completedStoryCount: 1,
      totalPoint: 4,
      completedPoint: 3,
      progress: 75,
    });
    const byEpic = (await call('GET', `/story/by-epic/${epicIdx}`, f.dev.key)).json().data;
    expect(byEpic).toHaveLength(2);
    const updated = await call('PATCH', `/epic/${epicIdx}`, f.admin.key, {
      label: 'Payments',
      colorCode: null,
    });
    expect(updated.json().data).toMatchObject({ label: 'Payments', colorCode: null, progress: 75 });
  });

  it('refuses clients, outsiders, bad input, missing ids and anonymous calls', async () => {
    const epicIdx = (await call('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label: 'x' })).json()
      .data.epicIdx;
    const byClient = await call('POST', '/epic', f.client.key, { projectIdx: f.projectA, label: 'x' });
    expect(byClient.json().error.code).toBe('PROFESSIONAL_ONLY');
    expect((await call('PATCH', `/epic/${epicIdx}`, f.client.key, { label: 'y' })).statusCode).toBe(403);
    // Another project's epic looks missing.
    expect((await call('PATCH', `/epic/${epicIdx}`, f.outsider.key, { label: 'y' })).json().error.code).toBe(
      'EPIC_NOT_FOUND',
    );
    expect((await call('DELETE', `/epic/${epicIdx}`, f.outsider.key)).statusCode).toBe(404);
    expect(
      (await call('GET', `/epic/all-of-project?projectIdx=${f.projectA}`, f.outsider.key)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/story/by-epic/${epicIdx}`, f.outsider.key)).statusCode).toBe(404);
    expect((await call('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label: '' })).statusCode).toBe(
      400,
    );
    expect(
      (
        await call('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label: 'c', colorCode: 'red' })
      ).json().error.fieldErrors,
    ).toEqual({ colorCode: 'colorCode' });
    expect((await call('PATCH', '/epic/999999', f.admin.key, { label: 'y' })).json().error.code).toBe(
      'EPIC_NOT_FOUND',
    );
    expect((await call('DELETE', '/epic/999999', f.admin.key)).statusCode).toBe(404);
    expect((await call('GET', `/epic/all-of-project?projectIdx=${f.projectA}`)).statusCode).toBe(401);
    expect((await call('POST', '/epic', undefined, { projectIdx: f.projectA, label: 'x' })).statusCode).toBe(
      401,
    );
    expect((await call('PATCH', `/epic/${epicIdx}`, undefined, { label: 'x' })).statusCode).toBe(401);
    expect((await call('DELETE', `/epic/${epicIdx}`)).statusCode).toBe(401);
  });

  it('deleting an epic keeps its stories, without the epic, with history 14', async () => {
    const epicIdx = (
      await call('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label: 'gone' })
    ).json().data.epicIdx;
    const storyIdx = (
      await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 's', epicIdx })
    ).json().data.storyIdx;
    const res = await call('DELETE', `/epic/${epicIdx}`, f.admin.key);
    expect(res.json().data).toEqual({ epicIdx, detachedStoryCount: 1 });
    expect((await call('GET', `/story/${storyIdx}`, f.admin.key)).json().data.epicIdx).toBeNull();
    const h = (await call('GET', `/history/story?storyIdx=${storyIdx}`, f.admin.key)).json().data[0];
    expect(h).toMatchObject({ type: 14, before: { epicIdx }, after: { epicIdx: null } });
  });

  it('allows 30 epics a project and refuses the 31st with 409, even when created at once', async () => {
    const projectIdx = (
      await call('POST', '/project', f.admin.key, { name: 'Epics', isClient: false })
    ).json().data.projectIdx;
    const results = await Promise.all(
      Array.from({ length: 31 }, (_, i) =>
        call('POST', '/epic', f.admin.key, { projectIdx, label: `E${i}` }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(30);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().error.code).toBe('EPIC_LIMIT_REACHED');
    expect(
      (await call('GET', `/epic/all-of-project?projectIdx=${projectIdx}`, f.admin.key)).json().data,
    ).toHaveLength(30);
  });
});
