import { gunzipSync } from 'node:zlib';
import { historyTypes, timelineResponse } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t);
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

const newMilestone = async (title = 'M', extra: object = {}) => {
  const res = await call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json().data as { milestoneIdx: number; orderKey: string; status: string };
};
const newStory = async (milestoneIdx: number | null, title = 'S', key = f.admin.key) => {
  const res = await call('POST', '/story', key, { projectIdx: f.projectA, milestoneIdx, title });
  expect(res.statusCode).toBe(201);
  return res.json().data as { storyIdx: number; storyNo: number; orderKey: string };
};
const historyTypesOf = async (milestoneIdx: number) =>
  (await call('GET', `/history/milestone?milestoneIdx=${milestoneIdx}`, f.client.key))
    .json()
    .data.map((h: { type: number }) => h.type);

describe('POST /milestone', () => {
  it('creates a milestone at the end of the list, with history 1', async () => {
    const a = await newMilestone('Design', { description: 'd', startDt: '20260101', endDt: '20260131' });
    const b = await newMilestone('Build');
    expect(a).toMatchObject({ title: 'Design', status: 'pending', startDt: '20260101', endDt: '20260131' });
    expect(b.orderKey > a.orderKey).toBe(true);
    expect(await historyTypesOf(a.milestoneIdx)).toEqual([historyTypes.created]);
  });

  it('validates: title required, end not before start, 401, 403 for clients and outsiders', async () => {
    const bad = await call('POST', '/milestone', f.admin.key, {
      projectIdx: f.projectA,
      title: 'x',
      startDt: '20260301',
      endDt: '20260201',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { endDt: 'endBeforeStart' },
    });
    const noTitle = await call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA });
    expect(noTitle.json().error.fieldErrors).toMatchObject({ title: 'required' });
    expect(
      (await call('POST', '/milestone', undefined, { projectIdx: f.projectA, title: 'x' })).statusCode,
    ).toBe(401);
    const byClient = await call('POST', '/milestone', f.client.key, { projectIdx: f.projectA, title: 'x' });
    expect(byClient.statusCode).toBe(403);
    expect(byClient.json().error.code).toBe('PROFESSIONAL_ONLY');
    const other = await call('POST', '/milestone', f.admin.key, { projectIdx: f.projectB, title: 'x' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    // A missing project answers like someone else's: 403, so ids cannot be probed (docs/decisions.md).
    const missing = await call('POST', '/milestone', f.admin.key, { projectIdx: 99999, title: 'x' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('PROJECT_ACCESS_DENIED');
  });
});

describe('GET /milestone/{milestoneIdx}, /milestone/stories, /milestone/timeline', () => {
  it('reads one milestone, its stories in order, and the whole timeline', async () => {
    const m = await newMilestone('Read', { startDt: '20250101', endDt: '20250131' });
    const s1 = await newStory(m.milestoneIdx, 'one');
    const s2 = await newStory(m.milestoneIdx, 'two');
    const one = await call('GET', `/milestone/${m.milestoneIdx}`, f.client.key);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      milestoneIdx: m.milestoneIdx,
      title: 'Read',
      projectIdx: f.projectA,
    });
    const stories = await call('GET', `/milestone/stories?milestoneIdx=${m.milestoneIdx}`, f.client.key);
    expect(stories.json().data.map((s: { storyIdx: number }) => s.storyIdx)).toEqual([
      s1.storyIdx,
      s2.storyIdx,
    ]);
    const timeline = await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, f.dev.key);
    expect(timeline.statusCode).toBe(200);
    const entry = timeline
      .json()
      .data.milestones.find((x: { milestoneIdx: number }) => x.milestoneIdx === m.milestoneIdx);
    expect(entry.stories.map((s: { title: string }) => s.title)).toEqual(['one', 'two']);
    // Stories are numbered in their project, one after another (`SHOP-12` with a GitHub key).
    expect(s2.storyNo).toBe(s1.storyNo + 1);
    expect(timeline.json().data.projectKey).toBeNull();
    // Exactly the contract's shape (the database writes this JSON): nothing missing, nothing extra.
    expect(timelineResponse.parse(timeline.json().data)).toEqual(timeline.json().data);
    const { stories: _stories, ...milestoneFields } = entry;
    expect(milestoneFields).toEqual({
      milestoneIdx: m.milestoneIdx,
      title: 'Read',
      status: m.status,
      startDt: '20250101',
      endDt: '20250131',
      orderKey: m.orderKey,
    });
    expect(entry.stories[0]).toEqual({
      storyIdx: s1.storyIdx,
      storyNo: s1.storyNo,
      milestoneIdx: m.milestoneIdx,
      epicIdx: null,
      title: 'one',
      status: 'pending',
      startDt: null,
      endDt: null,
      assignees: [],
      point: 0,
      orderKey: s1.orderKey,
    });
  });

  it('gives each timeline story its own assignees, not those of other stories', async () => {
    const m = await newMilestone('Assigned');
    const a = await newStory(m.milestoneIdx, 'a');
    await newStory(m.milestoneIdx, 'b');
    const c = await newStory(m.milestoneIdx, 'c');
    expect(
      (await call('PATCH', `/assignee/${a.storyIdx}`, f.admin.key, { assignees: [f.dev.mip] })).statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/assignee/${c.storyIdx}`, f.admin.key, { assignees: [f.lead.mip, f.dev.mip] }))
        .statusCode,
    ).toBe(200);
    const timeline = await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, f.dev.key);
    const entry = timeline
      .json()
      .data.milestones.find((x: { milestoneIdx: number }) => x.milestoneIdx === m.milestoneIdx);
    const byTitle = Object.fromEntries(
      entry.stories.map((s: { title: string; assignees: number[] }) => [s.title, s.assignees]),
    );
    expect(byTitle).toEqual({
      a: [f.dev.mip],
      b: [],
      c: [f.lead.mip, f.dev.mip].sort((x, y) => x - y),
    });
  });

  it('answers 401, 403 for another project, 404 for missing, 400 for bad ids', async () => {
    const m = await newMilestone('Private');
    // By project id: 403 as for every project; by milestone id: as for a missing milestone.
    for (const [url, status, code] of [
      [`/milestone/${m.milestoneIdx}`, 404, 'MILESTONE_NOT_FOUND'],
      [`/milestone/stories?milestoneIdx=${m.milestoneIdx}`, 404, 'MILESTONE_NOT_FOUND'],
      [`/milestone/timeline?projectIdx=${f.projectA}`, 403, 'PROJECT_ACCESS_DENIED'],
    ] as const) {
      expect((await call('GET', url)).statusCode).toBe(401);
      const denied = await call('GET', url, f.outsider.key);
      expect(denied.statusCode).toBe(status);
      expect(denied.json()).toEqual({ error: expect.objectContaining({ code }) });
    }
    expect((await call('GET', '/milestone/999999', f.admin.key)).json().error.code).toBe(
      'MILESTONE_NOT_FOUND',
    );
    expect((await call('GET', '/milestone/stories?milestoneIdx=999999', f.admin.key)).statusCode).toBe(404);
    const missingProject = await call('GET', '/milestone/timeline?projectIdx=999999', f.admin.key);
    expect(missingProject.statusCode).toBe(403);
    expect(missingProject.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    expect((await call('GET', '/milestone/abc', f.admin.key)).statusCode).toBe(400);
    expect((await call('GET', '/milestone/timeline', f.admin.key)).json().error.fieldErrors).toHaveProperty(
      'projectIdx',
    );
  });
});

describe('PATCH /milestone/{id}', () => {
  it('updates fields with history 2, 3, 7, 8 and checks the merged dates', async () => {
    const m = await newMilestone('Old', { startDt: '20260101', endDt: '20260201' });
    const res = await call('PATCH', `/milestone/${m.milestoneIdx}`, f.admin.key, {
      title: 'New',
      description: 'Details',
      endDt: '20260301',
      status: 'inProgress',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'New',
      description: 'Details',
      endDt: '20260301',
      status: 'inProgress',
    });
    expect((await historyTypesOf(m.milestoneIdx)).sort()).toEqual([1, 2, 3, 7, 8].sort());
    const early = await call('PATCH', `/milestone/${m.milestoneIdx}`, f.admin.key, { endDt: '20251231' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fieldErrors).toEqual({ endDt: 'endBeforeStart' });
  });

  it('refuses status moves outside the flow, clients, outsiders and missing ids', async () => {
    const m = await newMilestone('Flow');
    const skip = await call('PATCH', `/milestone/${m.milestoneIdx}`, f.admin.key, { status: 'completed' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.code).toBe('INVALID_STATUS_TRANSITION');
    const approved = await call('PATCH', `/milestone/${m.milestoneIdx}`, f.admin.key, { status: 'approved' });
    expect(approved.statusCode).toBe(409);
    expect(
      (await call('PATCH', `/milestone/${m.milestoneIdx}`, f.client.key, { title: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/milestone/${m.milestoneIdx}`, f.outsider.key, { title: 'x' })).json().error.code,
    ).toBe('MILESTONE_NOT_FOUND');
    expect((await call('PATCH', '/milestone/999999', f.admin.key, { title: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', `/milestone/${m.milestoneIdx}`, undefined, { title: 'x' })).statusCode).toBe(
      401,
    );
    expect((await call('PATCH', `/milestone/${m.milestoneIdx}`, f.admin.key, { title: '' })).statusCode).toBe(
      400,
    );
  });
});

describe('PATCH /milestone/approved/{id}', () => {
  it('professional requests (10), client approves (11) or rejects with a reason (12)', async () => {
    const m = await newMilestone('Approve me');
    const req = await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, f.dev.key, {
      action: 'request',
    });
    expect(req.statusCode).toBe(200);
    expect(req.json().data).toMatchObject({ status: 'approving', requestedByIdx: f.dev.mip });
    const ok = await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, f.client.key, {
      action: 'approve',
    });
    expect(ok.json().data).toMatchObject({ status: 'approved', approvedByIdx: f.client.mip });
    expect(ok.json().data.decidedAt).toEqual(expect.any(String));

    const r = await newMilestone('Reject me');
    await call('PATCH', `/milestone/approved/${r.milestoneIdx}`, f.admin.key, { action: 'request' });
    const noReason = await call('PATCH', `/milestone/approved/${r.milestoneIdx}`, f.client.key, {
      action: 'reject',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fieldErrors).toEqual({ rejectReason: 'required' });
    const rejected = await call('PATCH', `/milestone/approved/${r.milestoneIdx}`, f.client.key, {
      action: 'reject',
      rejectReason: 'Missing tests',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejectReason: 'Missing tests' });
    // A rejected milestone may be requested again.
    const again = await call('PATCH', `/milestone/approved/${r.milestoneIdx}`, f.admin.key, {
      action: 'request',
    });
    expect(again.json().data).toMatchObject({ status: 'approving', rejectReason: null });

    expect(await historyTypesOf(m.milestoneIdx)).toEqual([11, 10, 1]);
    const rh = (await call('GET', `/history/milestone?milestoneIdx=${r.milestoneIdx}`, f.admin.key)).json()
      .data;
    expect(rh.map((h: { type: number }) => h.type)).toEqual([10, 12, 10, 1]);
    expect(rh[1]).toMatchObject({
      type: 12,
      actor: { memberInProjectIdx: f.client.mip, nickname: 'p-client' },
      before: { status: 'approving' },
      after: { status: 'rejected', rejectReason: 'Missing tests' },
    });
  });

  it('wrong role → 403, wrong state → 409', async () => {
    const m = await newMilestone('Roles');
    const clientRequests = await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, f.client.key, {
      action: 'request',
    });
    expect(clientRequests.statusCode).toBe(403);
    expect(clientRequests.json().error.code).toBe('PROFESSIONAL_ONLY');
    const notYet = await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, f.client.key, {
      action: 'approve',
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.code).toBe('INVALID_STATUS_TRANSITION');
    await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, f.admin.key, { action: 'request' });
    const adminApproves = await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, f.admin.key, {
      action: 'approve',
    });
    expect(adminApproves.statusCode).toBe(403);
    expect(adminApproves.json().error.code).toBe('CLIENT_ONLY');
    const twice = await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, f.dev.key, {
      action: 'request',
    });
    expect(twice.statusCode).toBe(409);
    await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, f.client.key, { action: 'approve' });
    const afterApproval = await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, f.dev.key, {
      action: 'request',
    });
    expect(afterApproval.statusCode).toBe(409);
    expect(
      (await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, f.outsider.key, { action: 'request' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', '/milestone/approved/999999', f.admin.key, { action: 'request' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, f.admin.key, { action: 'maybe' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('PATCH', `/milestone/approved/${m.milestoneIdx}`, undefined, { action: 'request' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('milestones belong to their creator (docs/product/projects-and-membership.md#permission-check record rule)', () => {
  it('depth1 and depth2 rename and delete only their own, a lead also their team’s, admin all', async () => {
    const admins = await newMilestone('Admin owned');
    for (const key of [f.lead.key, f.dev.key, f.solo.key]) {
      const rename = await call('PATCH', `/milestone/${admins.milestoneIdx}`, key, { title: 'mine now' });
      expect(rename.statusCode).toBe(403);
      expect(rename.json().error.code).toBe('FORBIDDEN');
      expect((await call('DELETE', `/milestone/${admins.milestoneIdx}`, key)).statusCode).toBe(403);
    }
    const byDev = async () =>
      (await call('POST', '/milestone', f.dev.key, { projectIdx: f.projectA, title: 'Dev owned' })).json()
        .data.milestoneIdx as number;
    const devs = await byDev();
    expect((await call('PATCH', `/milestone/${devs}`, f.dev.key, { title: 'a' })).statusCode).toBe(200);
    expect((await call('PATCH', `/milestone/${devs}`, f.lead.key, { title: 'b' })).statusCode).toBe(200);
    expect((await call('PATCH', `/milestone/${devs}`, f.admin.key, { title: 'c' })).statusCode).toBe(200);
    expect((await call('PATCH', `/milestone/${devs}`, f.solo.key, { title: 'd' })).statusCode).toBe(403);
    expect((await call('DELETE', `/milestone/${devs}`, f.solo.key)).statusCode).toBe(403);
    expect((await call('DELETE', `/milestone/${devs}`, f.lead.key)).statusCode).toBe(200);
    expect((await call('DELETE', `/milestone/${await byDev()}`, f.dev.key)).statusCode).toBe(200);
    expect((await call('DELETE', `/milestone/${admins.milestoneIdx}`, f.admin.key)).statusCode).toBe(200);
  });
});

describe('can on GET /milestone/{milestoneIdx}: the record rule the writes use', () => {
  const canOf = async (key: string, milestoneIdx: number) =>
    (await call('GET', `/milestone/${milestoneIdx}`, key)).json().data.can as {
      edit: boolean;
      delete: boolean;
    };

  it('admin all, the creator and their lead theirs, a depth2 of another team and the client none', async () => {
    const admins = await newMilestone('Admin owned, can');
    const devs = (
      await call('POST', '/milestone', f.dev.key, { projectIdx: f.projectA, title: 'Dev owned, can' })
    ).json().data.milestoneIdx as number;
    const all = { edit: true, delete: true };
    const none = { edit: false, delete: false };
    expect(await canOf(f.admin.key, admins.milestoneIdx)).toEqual(all);
    expect(await canOf(f.admin.key, devs)).toEqual(all);
    expect(await canOf(f.lead.key, devs)).toEqual(all); // depth1 over their team
    expect(await canOf(f.lead.key, admins.milestoneIdx)).toEqual(none);
    expect(await canOf(f.dev.key, devs)).toEqual(all); // own
    expect(await canOf(f.dev.key, admins.milestoneIdx)).toEqual(none);
    expect(await canOf(f.solo.key, devs)).toEqual(none); // depth2 of another (no) team
    expect(await canOf(f.client.key, devs)).toEqual(none);
    expect(await canOf(f.client.key, admins.milestoneIdx)).toEqual(none);
    // The answer is the write's: who `can` edit is let through, who cannot is refused.
    expect((await call('PATCH', `/milestone/${devs}`, f.solo.key, { title: 'x' })).statusCode).toBe(403);
    expect((await call('PATCH', `/milestone/${devs}`, f.lead.key, { title: 'y' })).statusCode).toBe(200);
  });

  it('writes and events do not carry it (it is the caller’s, not the record’s)', async () => {
    const m = await newMilestone('No can on writes');
    const res = await call('PATCH', `/milestone/${m.milestoneIdx}`, f.admin.key, { title: 'z' });
    expect(res.json().data.can).toBeUndefined();
  });
});

describe('DELETE /milestone/{id}', () => {
  it('moves its stories to the end of the backlog, in order, with history', async () => {
    const backlogBefore = await newStory(null, 'already in backlog');
    const m = await newMilestone('Doomed');
    const s1 = await newStory(m.milestoneIdx, 'a');
    const s2 = await newStory(m.milestoneIdx, 'b');
    expect((await call('DELETE', `/milestone/${m.milestoneIdx}`, f.client.key)).statusCode).toBe(403);
    expect((await call('DELETE', `/milestone/${m.milestoneIdx}`, f.outsider.key)).statusCode).toBe(404);
    expect((await call('DELETE', `/milestone/${m.milestoneIdx}`)).statusCode).toBe(401);
    const res = await call('DELETE', `/milestone/${m.milestoneIdx}`, f.admin.key);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ milestoneIdx: m.milestoneIdx, movedStoryCount: 2 });
    const backlog = (await call('GET', `/story/awaiting-zone?projectIdx=${f.projectA}`, f.admin.key)).json()
      .data;
    const ids = backlog.map((s: { storyIdx: number }) => s.storyIdx);
    expect(ids.slice(-2)).toEqual([s1.storyIdx, s2.storyIdx]);
    expect(ids.indexOf(backlogBefore.storyIdx)).toBeLessThan(ids.indexOf(s1.storyIdx));
    const h = (await call('GET', `/history/story?storyIdx=${s1.storyIdx}`, f.admin.key)).json().data;
    expect(h[0]).toMatchObject({
      type: historyTypes.milestone,
      before: { milestoneIdx: m.milestoneIdx },
      after: { milestoneIdx: null },
    });
    expect((await call('GET', `/milestone/${m.milestoneIdx}`, f.admin.key)).statusCode).toBe(404);
    expect((await call('DELETE', `/milestone/${m.milestoneIdx}`, f.admin.key)).statusCode).toBe(404);
    // The milestone's own history outlives it, ending with the deletion.
    expect((await historyTypesOf(m.milestoneIdx))[0]).toBe(historyTypes.deleted);
  });
});

describe('PATCH /milestone/order', () => {
  it('moves one milestone between two others and to the end', async () => {
    const list = async () =>
      (await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, f.admin.key))
        .json()
        .data.milestones.map((m: { milestoneIdx: number }) => m.milestoneIdx);
    const a = await newMilestone('oa');
    const b = await newMilestone('ob');
    const c = await newMilestone('oc');
    const moved = await call('PATCH', '/milestone/order', f.admin.key, {
      milestoneIdx: c.milestoneIdx,
      beforeMilestoneIdx: a.milestoneIdx,
      afterMilestoneIdx: b.milestoneIdx,
    });
    expect(moved.statusCode).toBe(200);
    let ids = await list();
    expect(ids.slice(-3)).toEqual([a.milestoneIdx, c.milestoneIdx, b.milestoneIdx]);
    await call('PATCH', '/milestone/order', f.admin.key, { milestoneIdx: a.milestoneIdx });
    ids = await list();
    expect(ids.slice(-3)).toEqual([c.milestoneIdx, b.milestoneIdx, a.milestoneIdx]);
    await call('PATCH', '/milestone/order', f.admin.key, {
      milestoneIdx: a.milestoneIdx,
      afterMilestoneIdx: ids[0],
    });
    expect((await list())[0]).toBe(a.milestoneIdx);
    expect(
      (await call('PATCH', '/milestone/order', f.client.key, { milestoneIdx: a.milestoneIdx })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', '/milestone/order', f.outsider.key, { milestoneIdx: a.milestoneIdx })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', '/milestone/order', f.admin.key, { milestoneIdx: 999999 })).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', '/milestone/order', f.admin.key, {})).statusCode).toBe(400);
    expect(
      (await call('PATCH', '/milestone/order', undefined, { milestoneIdx: a.milestoneIdx })).statusCode,
    ).toBe(401);
  });
});

describe('timeline cache', () => {
  it('answers 304 to an unchanged plan and shows every change at once, on any instance', async () => {
    const second = await createTestApp({ database: t.database });
    try {
      const url = `/api/milestone/timeline?projectIdx=${f.projectA}`;
      const read = (app: TestApp, etag?: string) =>
        app.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${f.dev.key}`, ...(etag ? { 'if-none-match': etag } : {}) },
        });
      const first = await read(second);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"timeline-/);
      expect(first.headers['content-type']).toContain('application/json');
      expect((await read(second, etag)).statusCode).toBe(304);
      const m = await newMilestone('Fresh');
      // Written through the first instance, read through the second: no stale timeline.
      const after = await read(second, etag);
      expect(after.statusCode).toBe(200);
      expect(after.json().data.milestones.map((x: { milestoneIdx: number }) => x.milestoneIdx)).toContain(
        m.milestoneIdx,
      );
      const s = await newStory(m.milestoneIdx, 'cached?');
      await call('PATCH', `/story/${s.storyIdx}`, f.admin.key, { title: 'renamed' });
      const titles = (await read(second))
        .json()
        .data.milestones.find((x: { milestoneIdx: number }) => x.milestoneIdx === m.milestoneIdx)
        .stories.map((x: { title: string }) => x.title);
      expect(titles).toEqual(['renamed']);
      const zipped = await second.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${f.dev.key}`, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual((await read(second)).json());
    } finally {
      await second.close();
    }
  });
});
