import { historyTypes, type DashboardResponse } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../infra/clock.js';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createProject, createTestApp, type TestApp } from '../../test/test-app.js';
import { dayCode, isoWeekOf } from './dashboard.service.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

const day = (offset: number) => dayCode(addDays(new Date(), offset));
const today = () => day(0);

async function ok<T>(res: { statusCode: number; body: string; json(): { data: T } }, status = 201) {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
}
const dashboardOf = async (key: string, projectIdx = f.projectA) =>
  ok<DashboardResponse>(await call('GET', `/dashboard?projectIdx=${projectIdx}`, key), 200);

const ids = { m1: 0, m2: 0, m3: 0, s1: 0, s2: 0, s3: 0, s4: 0, s5: 0, epic: 0 };

beforeAll(async () => {
  // The delay job runs when the test says so, not on a timer.
  t = await createTestApp({ config: { delayJobMs: 0 } });
  f = await planningFixture(t, 'dash');
  call = api(t);
  const admin = f.admin.key;
  const p = f.projectA;
  type Idx = { milestoneIdx: number; storyIdx: number; epicIdx: number };
  const post = async (url: string, body: object, key = admin) =>
    ok<Idx>(await call('POST', url, key, { projectIdx: p, ...body }));
  const patch = async (url: string, body: object, key = admin) =>
    ok(await call('PATCH', url, key, body), 200);

  ids.epic = (await post('/epic', { label: 'Checkout' })).epicIdx;
  ids.m1 = (await post('/milestone', { title: 'Design', startDt: day(-20), endDt: day(-3) })).milestoneIdx;
  ids.m2 = (await post('/milestone', { title: 'Build', startDt: day(-2), endDt: day(5) })).milestoneIdx;
  ids.m3 = (await post('/milestone', { title: 'Launch' })).milestoneIdx;
  const story = async (body: object, key = admin) => (await post('/story', body, key)).storyIdx;
  ids.s1 = await story({
    milestoneIdx: ids.m1,
    epicIdx: ids.epic,
    title: 'Wireframes',
    point: 3,
    assignees: [f.admin.mip],
    startDt: day(-10),
    endDt: day(-2),
  });
  ids.s2 = await story({
    milestoneIdx: ids.m1,
    epicIdx: ids.epic,
    title: 'Payment form',
    point: 5,
    assignees: [f.dev.mip],
  });
  ids.s3 = await story({
    milestoneIdx: ids.m2,
    title: 'API',
    assignees: [f.admin.mip],
    endDt: day(3),
  });
  ids.s4 = await story({ title: 'Backlog idea', assignees: [f.dev.mip] });
  // A client's story is a proposal (considering): outside the burn-down scope.
  ids.s5 = await story({ title: 'Client wish' }, f.client.key);

  await patch(`/story/${ids.s2}`, { status: 'inProgress' });
  await patch(`/story/${ids.s2}`, { status: 'completed' });
  await patch(`/story/${ids.s3}`, { status: 'inProgress' });
  await patch(`/milestone/approved/${ids.m2}`, { action: 'request' });
  await t.app.services.story.runDelayJob();

  await post('/timekeeping', { storyIdx: ids.s1, workDt: today(), minutes: 90 });
  await post('/timekeeping', { storyIdx: ids.s2, workDt: today(), minutes: 60 }, f.dev.key);
  // Ten days ago is always outside this ISO week.
  await post('/timekeeping', { storyIdx: ids.s2, workDt: day(-10), minutes: 30 }, f.dev.key);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /dashboard', () => {
  it('counts stories by status, with points and overall progress', async () => {
    const d = await dashboardOf(f.admin.key);
    const count = Object.fromEntries(d.storiesByStatus.map((s) => [s.status, s.count]));
    expect(count).toEqual({
      considering: 1,
      pending: 1,
      inProgress: 1,
      completed: 1,
      delayed: 1,
      rejected: 0,
    });
    expect(d.storiesByStatus.find((s) => s.status === 'completed')!.point).toBe(5);
    expect(d.totals).toMatchObject({
      storyCount: 5,
      completedStoryCount: 1,
      totalPoint: 8,
      completedPoint: 5,
      // 1 of the 4 accepted stories (the proposal does not count).
      progress: 25,
      milestoneCount: 3,
      epicCount: 1,
      memberCount: 5,
      minutesThisWeek: 150,
    });
    expect(d.today).toBe(today());
    expect(d.weekStart).toBe(isoWeekOf(new Date()).weekStart);
    // Spend is the client view's (settlement.test.ts checks its amounts).
    expect(d.settlement).toEqual({ available: true, spend: null });
  });

  it('lists milestones in order with their approval state and story counts', async () => {
    const d = await dashboardOf(f.admin.key);
    expect(d.milestones.map((m) => [m.title, m.status, m.storyCount, m.completedStoryCount])).toEqual([
      ['Design', 'pending', 2, 1],
      ['Build', 'approving', 1, 0],
      ['Launch', 'pending', 0, 0],
    ]);
    const byStatus = Object.fromEntries(d.milestonesByStatus.map((m) => [m.status, m.count]));
    expect(byStatus).toMatchObject({ pending: 2, approving: 1, approved: 0, rejected: 0 });
  });

  it('gives each epic its progress by points', async () => {
    const d = await dashboardOf(f.admin.key);
    expect(d.epics).toEqual([
      {
        epicIdx: ids.epic,
        label: 'Checkout',
        colorCode: null,
        storyCount: 2,
        completedStoryCount: 1,
        totalPoint: 8,
        completedPoint: 5,
        progress: 62.5,
      },
    ]);
  });

  it('lists delayed and upcoming work', async () => {
    const d = await dashboardOf(f.admin.key);
    expect(d.delayed.total).toBe(2);
    expect(d.delayed.items.map((i) => [i.kind, i.idx, i.status])).toEqual([
      ['milestone', ids.m1, 'pending'],
      ['story', ids.s1, 'delayed'],
    ]);
    expect(d.upcoming.total).toBe(1);
    expect(d.upcoming.items).toEqual([
      { kind: 'story', idx: ids.s3, title: 'API', status: 'inProgress', endDt: day(3) },
    ]);
  });

  it('shows workload per member: open assigned stories and minutes this week', async () => {
    const d = await dashboardOf(f.admin.key);
    const rows = Object.fromEntries(
      d.workload.map((w) => [w.memberInProjectIdx, [w.openStoryCount, w.minutesThisWeek]]),
    );
    expect(rows[f.admin.mip]).toEqual([2, 90]);
    expect(rows[f.dev.mip]).toEqual([1, 60]);
    expect(rows[f.lead.mip]).toEqual([0, 0]);
    // Clients are not listed while they carry no work.
    expect(rows[f.client.mip]).toBeUndefined();
    expect(d.workload[0]!.memberInProjectIdx).toBe(f.admin.mip);
    // The account id opens the member's profile popup.
    expect(d.workload.find((w) => w.memberInProjectIdx === f.dev.mip)?.memberIdx).toBe(f.dev.memberIdx);
  });

  it('feeds the newest activity first, with titles and actors for links into the timeline', async () => {
    const d = await dashboardOf(f.admin.key);
    expect(d.activity.length).toBeGreaterThan(5);
    const [first] = d.activity;
    // The last change was the delay job (no actor); before it the approval request.
    expect(first).toMatchObject({ type: historyTypes.autoStatus, storyIdx: ids.s1, actor: null });
    expect(first!.status).toBe('delayed');
    expect(first!.title).toBe('Wireframes');
    const request = d.activity.find((a) => a.type === historyTypes.approvalRequested)!;
    expect(request).toMatchObject({ milestoneIdx: ids.m2, storyIdx: null, title: 'Build', exists: true });
    expect(request.actor).toMatchObject({ memberInProjectIdx: f.admin.mip, nickname: 'dash-admin' });
    const done = d.activity.find((a) => a.type === historyTypes.status && a.status === 'completed')!;
    expect(done.storyIdx).toBe(ids.s2);
    const ids_ = d.activity.map((a) => a.historyIdx);
    expect([...ids_].sort((a, b) => b - a)).toEqual(ids_);
  });

  it('builds the burn-down from history, anchored on today', async () => {
    const d = await dashboardOf(f.admin.key);
    expect(d.burn.points).toEqual([{ date: today(), scope: 4, done: 1 }]);
    expect(d.burn.start).toEqual({ scope: 0, done: 0 });

    // Move the creations two days back: the line then starts with 4 open stories.
    await t.database.db.execute(
      sql`update history set created_at = created_at - interval '2 days'
          where project_idx = ${f.projectA} and type = ${historyTypes.created} and story_idx is not null`,
    );
    // A hand edit is not a planning write: bump the version as every real write does.
    await t.database.db.execute(
      sql`update planning_version set version = version + 1 where project_idx = ${f.projectA}`,
    );
    const later = await dashboardOf(f.admin.key);
    expect(later.burn.points).toEqual([
      { date: day(-2), scope: 4, done: 0 },
      { date: today(), scope: 4, done: 1 },
    ]);
    expect(later.burn.from).toBe(day(-2));
    expect(later.burn.to).toBe(today());
  });

  it('a client sees approvals waiting; a professional sees own work first', async () => {
    const client = await dashboardOf(f.client.key);
    expect(client.viewer).toMatchObject({ isClient: true, role: 'client', memberInProjectIdx: f.client.mip });
    expect(client.approvals!.map((m) => m.milestoneIdx)).toEqual([ids.m2]);
    expect(client.settlement).toEqual({ available: true, spend: [] });
    expect(client.mine).toBeNull();

    const admin = await dashboardOf(f.admin.key);
    expect(admin.viewer.isClient).toBe(false);
    expect(admin.approvals).toBeNull();
    expect(admin.mine).toMatchObject({ openStoryCount: 2, minutesThisWeek: 90 });
    // Soonest end first.
    expect(admin.mine!.stories.map((s) => s.storyIdx)).toEqual([ids.s1, ids.s3]);

    const dev = await dashboardOf(f.dev.key);
    expect(dev.mine).toMatchObject({ openStoryCount: 1, minutesThisWeek: 60 });
    expect(dev.mine!.stories.map((s) => s.storyIdx)).toEqual([ids.s4]);
    const lead = await dashboardOf(f.lead.key);
    expect(lead.mine).toEqual({ openStoryCount: 0, minutesThisWeek: 0, stories: [] });
  });

  it('an empty project answers zeros and an empty burn-down', async () => {
    const fresh = await createProject(t, f.lead.key, 'Empty');
    const d = await dashboardOf(f.lead.key, fresh);
    expect(d.totals).toMatchObject({ storyCount: 0, progress: 0, milestoneCount: 0, minutesThisWeek: 0 });
    expect(d.burn).toEqual({ from: today(), to: today(), start: { scope: 0, done: 0 }, points: [] });
    expect(d.activity).toEqual([]);
    expect(d.delayed).toEqual({ total: 0, items: [] });
  });

  it('shows a planning change on the next call, and fresh time entries without one', async () => {
    const before = await dashboardOf(f.admin.key);
    await ok(await call('PATCH', `/story/${ids.s4}`, f.admin.key, { status: 'inProgress' }), 200);
    const after = await dashboardOf(f.admin.key);
    const count = (d: DashboardResponse, status: string) =>
      d.storiesByStatus.find((s) => s.status === status)!.count;
    expect(count(after, 'inProgress')).toBe(count(before, 'inProgress') + 1);
    expect(count(after, 'pending')).toBe(count(before, 'pending') - 1);
    expect(after.activity[0]).toMatchObject({ storyIdx: ids.s4, status: 'inProgress' });

    await ok(
      await call('POST', '/timekeeping', f.dev.key, { storyIdx: ids.s4, workDt: today(), minutes: 45 }),
    );
    const logged = await dashboardOf(f.dev.key);
    expect(logged.totals.minutesThisWeek).toBe(after.totals.minutesThisWeek + 45);
    expect(logged.mine!.minutesThisWeek).toBe(105);
  });

  it('shows a comment and a changed nickname in the activity at once, though neither changes the plan', async () => {
    await dashboardOf(f.admin.key); // the activity is now kept in memory
    await ok(await call('POST', `/story/${ids.s2}/comment`, f.dev.key, { content: 'Card form ready' }));
    const commented = await dashboardOf(f.admin.key);
    expect(commented.activity[0]).toMatchObject({
      type: historyTypes.commentCreated,
      storyIdx: ids.s2,
      actor: { memberInProjectIdx: f.dev.mip },
    });
    expect(commented.activity[0]!.actor!.nickname).not.toBe('Devon');

    await ok(await call('PATCH', '/member', f.dev.key, { nickname: 'Devon' }), 200);
    const renamed = await dashboardOf(f.admin.key);
    expect(renamed.activity[0]!.historyIdx).toBe(commented.activity[0]!.historyIdx);
    expect(renamed.activity[0]!.actor!.nickname).toBe('Devon');
  });

  it('401 without a session; 403 for a stranger, the same for an existing and a missing project', async () => {
    expect((await call('GET', `/dashboard?projectIdx=${f.projectA}`)).statusCode).toBe(401);
    const existing = await call('GET', `/dashboard?projectIdx=${f.projectA}`, f.outsider.key);
    const missing = await call('GET', '/dashboard?projectIdx=987654', f.outsider.key);
    expect(existing.statusCode).toBe(403);
    expect(missing.statusCode).toBe(403);
    expect(existing.json()).toEqual(missing.json());
    expect(existing.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    expect((await call('GET', '/dashboard?projectIdx=abc', f.admin.key)).statusCode).toBe(400);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = doc.json<{ paths: Record<string, { get?: { tags?: string[] } }> }>();
    expect(spec.paths['/api/dashboard']?.get?.tags).toEqual(['dashboard']);
  });
});
