import { historyTypes } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createHistoryRepository } from '../planning-store/history.repository.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
/** The story and milestone of the first test, with records of all 13 types. */
let everyType: { storyIdx: number; milestoneIdx: number } | null = null;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'h');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

type Item = {
  historyIdx: number;
  type: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

describe('history of every event type 1–13', () => {
  it('is written with each change and readable through the history calls', async () => {
    const m = (await call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title: 'M' })).json()
      .data.milestoneIdx;
    const s = (
      await call('POST', '/story', f.admin.key, {
        projectIdx: f.projectA,
        milestoneIdx: m,
        title: 'S',
        endDt: '20200101',
      })
    ).json().data.storyIdx;
    const long = 'x'.repeat(300);
    const edits = [
      { title: 'S2' },
      { description: long },
      { approverIdx: f.lead.mip },
      { reporterIdx: f.dev.mip },
      { link: 'https://l.test' },
      { startDt: '20191201' },
      { status: 'inProgress' },
    ];
    for (const body of edits)
      expect((await call('PATCH', `/story/${s}`, f.admin.key, body)).statusCode).toBe(200);
    await call('PATCH', `/assignee/${s}`, f.admin.key, { assignees: [f.dev.mip] });
    await t.app.services.story.runDelayJob(new Date('2026-01-01T00:00:00Z'));
    await call('POST', `/story/${s}/comment`, f.client.key, { content: 'hello' });
    await call('PATCH', `/milestone/approved/${m}`, f.admin.key, { action: 'request' });
    await call('PATCH', `/milestone/approved/${m}`, f.client.key, { action: 'reject', rejectReason: 'no' });
    await call('PATCH', `/milestone/approved/${m}`, f.admin.key, { action: 'request' });
    await call('PATCH', `/milestone/approved/${m}`, f.client.key, { action: 'approve' });

    const storyItems: Item[] = (await call('GET', `/history/story?storyIdx=${s}`, f.client.key)).json().data;
    const milestoneItems: Item[] = (
      await call('GET', `/history/milestone?milestoneIdx=${m}`, f.client.key)
    ).json().data;
    everyType = { storyIdx: s, milestoneIdx: m };
    const types = new Set([...storyItems, ...milestoneItems].map((h) => h.type));
    for (let type = 1; type <= 13; type++) expect(types.has(type), `type ${type}`).toBe(true);
    // Newest first.
    expect(storyItems[0]!.historyIdx).toBeGreaterThan(storyItems.at(-1)!.historyIdx);

    const description = storyItems.find((h) => h.type === historyTypes.description)!;
    expect((description.after!.description as string).length).toBeLessThan(110);
    const full = await call(
      'GET',
      `/history-data/by-history-idx?historyIdx=${description.historyIdx}`,
      f.dev.key,
    );
    expect(full.statusCode).toBe(200);
    expect(full.json().data).toEqual({
      historyIdx: description.historyIdx,
      type: historyTypes.description,
      before: { description: '' },
      after: { description: long },
    });
    const auto = storyItems.find((h) => h.type === historyTypes.autoStatus)!;
    expect(auto).toMatchObject({
      actor: null,
      before: { status: 'inProgress' },
      after: { status: 'delayed' },
    });
  });

  it('reads the same records on PGlite with its once-planned statement as with drizzle', async () => {
    const { connection, db } = t.database;
    if (connection.kind !== 'pglite') return;
    const { storyIdx, milestoneIdx } = everyType!;
    const planned = createHistoryRepository(db, connection.client);
    const drizzle = createHistoryRepository(db);
    const story = await planned.listOfStory(storyIdx);
    expect(story.length).toBeGreaterThan(10);
    expect(story).toEqual(await drizzle.listOfStory(storyIdx));
    expect(await planned.listOfMilestone(milestoneIdx)).toEqual(await drizzle.listOfMilestone(milestoneIdx));
    expect(await planned.listOfStory(999_999)).toEqual([]);
    // The id is written into the EXECUTE's text: nothing but an integer gets there.
    await expect(planned.listOfStory(1.5)).rejects.toThrow(TypeError);
    await expect(planned.listOfStory(Number('1); drop table history; --'))).rejects.toThrow(TypeError);
  });

  it('answers 400, 401, 403 for another project and 404', async () => {
    const s = (await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'S' })).json().data
      .storyIdx;
    const item = (await call('GET', `/history/story?storyIdx=${s}`, f.admin.key)).json().data[0];
    // Another project's ids look missing.
    for (const [url, code] of [
      [`/history/story?storyIdx=${s}`, 'STORY_NOT_FOUND'],
      [`/history-data/by-history-idx?historyIdx=${item.historyIdx}`, 'HISTORY_NOT_FOUND'],
    ] as const) {
      expect((await call('GET', url)).statusCode).toBe(401);
      const denied = await call('GET', url, f.outsider.key);
      expect(denied.statusCode).toBe(404);
      expect(denied.json()).toEqual({ error: expect.objectContaining({ code }) });
    }
    expect((await call('GET', '/history/story?storyIdx=999999', f.admin.key)).json().error.code).toBe(
      'STORY_NOT_FOUND',
    );
    expect((await call('GET', '/history/milestone?milestoneIdx=999999', f.admin.key)).json().error.code).toBe(
      'MILESTONE_NOT_FOUND',
    );
    expect(
      (await call('GET', '/history-data/by-history-idx?historyIdx=999999', f.admin.key)).json().error.code,
    ).toBe('HISTORY_NOT_FOUND');
    expect((await call('GET', '/history/story', f.admin.key)).statusCode).toBe(400);
    expect((await call('GET', '/history/milestone?milestoneIdx=x', f.admin.key)).statusCode).toBe(400);
    expect((await call('GET', '/history/milestone?milestoneIdx=1')).statusCode).toBe(401);
  });
});

describe('member-in-project', () => {
  it('lists the project’s members and the caller’s own record', async () => {
    const list = await call('GET', `/member-in-project?projectIdx=${f.projectA}`, f.client.key);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(5);
    expect(
      list.json().data.find((m: { memberInProjectIdx: number }) => m.memberInProjectIdx === f.dev.mip),
    ).toEqual({
      memberInProjectIdx: f.dev.mip,
      memberIdx: f.dev.memberIdx,
      projectIdx: f.projectA,
      nickname: 'h-dev',
      colorCode: '#00D696',
      profileFileIdx: null,
      role: 'depth2',
      isAdmin: false,
      depth1Idx: f.lead.mip,
      // The client caller may change nothing about another member.
      can: { role: false, lead: false, authority: false, remove: false, beLead: false },
    });
    const info = await call('GET', `/member-in-project/info?projectIdx=${f.projectA}`, f.lead.key);
    expect(info.json().data).toMatchObject({
      memberInProjectIdx: f.lead.mip,
      role: 'depth1',
      depth1Idx: null,
    });
    for (const url of [
      `/member-in-project?projectIdx=${f.projectA}`,
      `/member-in-project/info?projectIdx=${f.projectA}`,
    ]) {
      expect((await call('GET', url)).statusCode).toBe(401);
      expect((await call('GET', url, f.outsider.key)).json().error.code).toBe('PROJECT_ACCESS_DENIED');
    }
    expect((await call('GET', '/member-in-project', f.admin.key)).json().error.fieldErrors).toHaveProperty(
      'projectIdx',
    );
  });
});

describe('OpenAPI', () => {
  it('documents every planning and history call with its method', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls: [string, string][] = [
      ['get', '/api/milestone/timeline'],
      ['post', '/api/milestone'],
      ['get', '/api/milestone/stories'],
      ['patch', '/api/milestone/{id}'],
      ['patch', '/api/milestone/order'],
      ['patch', '/api/milestone/approved/{id}'],
      ['delete', '/api/milestone/{id}'],
      ['get', '/api/milestone/{milestoneIdx}'],
      ['get', '/api/story/{storyIdx}'],
      ['get', '/api/story/awaiting-zone'],
      ['get', '/api/story/no-epic/{id}'],
      ['get', '/api/story/by-epic/{id}'],
      ['post', '/api/story'],
      ['patch', '/api/story/{id}'],
      ['patch', '/api/story/order'],
      ['delete', '/api/story/{id}'],
      ['get', '/api/story/{id}/comment'],
      ['post', '/api/story/{id}/comment'],
      ['patch', '/api/assignee/{id}'],
      ['get', '/api/timekeeping'],
      ['post', '/api/timekeeping'],
      ['delete', '/api/timekeeping/bulk'],
      ['get', '/api/member-in-project'],
      ['get', '/api/member-in-project/info'],
      ['get', '/api/epic/all-of-project'],
      ['post', '/api/epic'],
      ['patch', '/api/epic/{id}'],
      ['delete', '/api/epic/{id}'],
      ['get', '/api/history/story'],
      ['get', '/api/history/milestone'],
      ['get', '/api/history-data/by-history-idx'],
    ];
    for (const [method, path] of calls) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/milestone/timeline'].get.responses['200'])).toContain('orderKey');
  });
});
