import { historyTypes } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectEvent } from '../../infra/pubsub.js';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
let milestoneIdx: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 's');
  call = api(t);
  milestoneIdx = (
    await call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title: 'M1' })
  ).json().data.milestoneIdx;
});
afterAll(async () => {
  await t?.close();
});

type StoryOut = { storyIdx: number; status: string; assignees: number[]; reporterIdx: number };
const newStory = async (key: string, extra: object = {}) => {
  const res = await call('POST', '/story', key, {
    projectIdx: f.projectA,
    milestoneIdx,
    title: 'Story',
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as StoryOut;
};
const patch = (key: string, storyIdx: number, body: object) => call('PATCH', `/story/${storyIdx}`, key, body);
const typesOf = async (storyIdx: number) =>
  (await call('GET', `/history/story?storyIdx=${storyIdx}`, f.admin.key))
    .json()
    .data.map((h: { type: number }) => h.type);

describe('POST /story and reading stories', () => {
  it('a professional’s story starts pending, a client’s considering; both readable by members', async () => {
    const pro = await newStory(f.dev.key, {
      title: 'Login page',
      description: 'Form',
      startDt: '20260101',
      endDt: '20260110',
      assignees: [f.dev.mip],
      link: 'https://example.com',
      point: 3,
      rating: 4.5,
    });
    expect(pro).toMatchObject({
      status: 'pending',
      reporterIdx: f.dev.mip,
      assignees: [f.dev.mip],
      milestoneIdx,
      point: 3,
      rating: 4.5,
    });
    const proposal = await newStory(f.client.key, { milestoneIdx: null, title: 'Please add dark mode' });
    expect(proposal).toMatchObject({ status: 'considering', reporterIdx: f.client.mip, milestoneIdx: null });
    const one = await call('GET', `/story/${pro.storyIdx}`, f.client.key);
    expect(one.json().data).toMatchObject({
      storyIdx: pro.storyIdx,
      title: 'Login page',
      link: 'https://example.com',
    });
    const backlog = (await call('GET', `/story/awaiting-zone?projectIdx=${f.projectA}`, f.dev.key)).json()
      .data;
    expect(backlog.map((s: StoryOut) => s.storyIdx)).toContain(proposal.storyIdx);
    expect(backlog.map((s: StoryOut) => s.storyIdx)).not.toContain(pro.storyIdx);
    const noEpic = (await call('GET', `/story/no-epic/${f.projectA}`, f.dev.key)).json().data;
    expect(noEpic.map((s: StoryOut) => s.storyIdx)).toEqual(
      expect.arrayContaining([pro.storyIdx, proposal.storyIdx]),
    );
    expect(await typesOf(pro.storyIdx)).toEqual([historyTypes.created]);
  });

  it('validates the body: dates, rating steps, ids of other projects', async () => {
    const bad = async (body: object) => {
      const res = await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'x', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      return res.json().error.fieldErrors;
    };
    expect(await bad({ startDt: '20260201', endDt: '20260101' })).toEqual({ endDt: 'endBeforeStart' });
    expect(await bad({ rating: 4.3 })).toEqual({ rating: 'rating' });
    expect(await bad({ rating: 5.5 })).toEqual({ rating: 'rating' });
    expect(await bad({ title: ' ' })).toEqual({ title: 'required' });
    expect(await bad({ assignees: [f.outsider.mip] })).toEqual({ assignees: 'invalid' });
    const otherMilestone = (
      await call('POST', '/milestone', f.outsider.key, { projectIdx: f.projectB, title: 'B' })
    ).json().data.milestoneIdx;
    expect(await bad({ milestoneIdx: otherMilestone })).toEqual({ milestoneIdx: 'invalid' });
    for (const rating of [0, 0.5, 5]) {
      const ok = await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'r', rating });
      expect(ok.statusCode).toBe(201);
    }
  });

  it('401 without a key, 403 for another project id, 404 for missing ids and other projects’ stories', async () => {
    const s = await newStory(f.admin.key);
    expect((await call('POST', '/story', undefined, { projectIdx: f.projectA, title: 'x' })).statusCode).toBe(
      401,
    );
    const other = await call('POST', '/story', f.admin.key, { projectIdx: f.projectB, title: 'x' });
    expect(other.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    // By project id: 403 as for every project; by story id: as for a missing story.
    for (const [url, status, code] of [
      [`/story/${s.storyIdx}`, 404, 'STORY_NOT_FOUND'],
      [`/story/awaiting-zone?projectIdx=${f.projectA}`, 403, 'PROJECT_ACCESS_DENIED'],
      [`/story/no-epic/${f.projectA}`, 403, 'PROJECT_ACCESS_DENIED'],
      [`/story/${s.storyIdx}/comment`, 404, 'STORY_NOT_FOUND'],
    ] as const) {
      expect((await call('GET', url)).statusCode).toBe(401);
      const denied = await call('GET', url, f.outsider.key);
      expect(denied.statusCode).toBe(status);
      expect(denied.json()).toEqual({ error: expect.objectContaining({ code }) });
    }
    expect((await call('GET', '/story/999999', f.admin.key)).json().error.code).toBe('STORY_NOT_FOUND');
    expect((await call('GET', '/story/by-epic/999999', f.admin.key)).json().error.code).toBe(
      'EPIC_NOT_FOUND',
    );
    // A missing project answers like someone else's: 403, so ids cannot be probed (docs/decisions.md).
    const missingProject = await call('GET', '/story/no-epic/999999', f.admin.key);
    expect(missingProject.statusCode).toBe(403);
    expect(missingProject.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    expect((await patch(f.admin.key, 999999, { title: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/story/999999', f.admin.key)).statusCode).toBe(404);
    expect((await call('PATCH', '/assignee/999999', f.admin.key, { assignees: [] })).statusCode).toBe(404);
    expect((await patch(f.outsider.key, s.storyIdx, { title: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/story/${s.storyIdx}`, f.outsider.key)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/assignee/${s.storyIdx}`, f.outsider.key, { assignees: [] })).statusCode,
    ).toBe(404);
    expect((await patch(undefined as unknown as string, s.storyIdx, { title: 'x' })).statusCode).toBe(401);
    expect((await call('DELETE', `/story/${s.storyIdx}`)).statusCode).toBe(401);
    expect((await call('PATCH', `/assignee/${s.storyIdx}`, undefined, { assignees: [] })).statusCode).toBe(
      401,
    );
  });
});

describe('PATCH /story/{id}', () => {
  it('writes one history record per changed group (2–8, 14, 17) with before and after', async () => {
    const epicIdx = (await call('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label: 'E' })).json()
      .data.epicIdx;
    const s = await newStory(f.admin.key, { startDt: '20260101', endDt: '20260105' });
    const res = await patch(f.admin.key, s.storyIdx, {
      title: 'Renamed',
      description: 'More',
      approverIdx: f.lead.mip,
      reporterIdx: f.dev.mip,
      link: 'https://x.test',
      endDt: '20260120',
      status: 'inProgress',
      epicIdx,
      point: 5,
      rating: 3.5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Renamed',
      approverIdx: f.lead.mip,
      epicIdx,
      point: 5,
      rating: 3.5,
    });
    expect((await typesOf(s.storyIdx)).sort((a: number, b: number) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 14, 17,
    ]);
    const list = (await call('GET', `/history/story?storyIdx=${s.storyIdx}`, f.admin.key)).json().data;
    const schedule = list.find((h: { type: number }) => h.type === 7);
    expect(schedule).toMatchObject({ before: { endDt: '20260105' }, after: { endDt: '20260120' } });
    expect(schedule.actor).toEqual({ memberInProjectIdx: f.admin.mip, nickname: 's-admin' });
    // Nothing changed: no new record.
    await patch(f.admin.key, s.storyIdx, { title: 'Renamed' });
    expect(await typesOf(s.storyIdx)).toHaveLength(10);
    const early = await patch(f.admin.key, s.storyIdx, { endDt: '20251231' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fieldErrors).toEqual({ endDt: 'endBeforeStart' });
    expect((await patch(f.admin.key, s.storyIdx, { rating: 2.25 })).statusCode).toBe(400);
  });

  it('follows the status flow and refuses other moves with 409', async () => {
    const s = await newStory(f.admin.key);
    const move = (status: string) => patch(f.admin.key, s.storyIdx, { status });
    expect((await move('completed')).json().error.code).toBe('INVALID_STATUS_TRANSITION');
    expect((await move('delayed')).statusCode).toBe(409);
    expect((await move('considering')).statusCode).toBe(409);
    expect((await move('inProgress')).statusCode).toBe(200);
    expect((await move('pending')).statusCode).toBe(200);
    expect((await move('inProgress')).statusCode).toBe(200);
    expect((await move('completed')).statusCode).toBe(200);
    expect((await move('pending')).statusCode).toBe(409);
    expect((await move('inProgress')).statusCode).toBe(200); // reopen
    expect((await move('rejected')).statusCode).toBe(409);
  });

  it('a client proposal is accepted or rejected by a professional, not by the client', async () => {
    const a = await newStory(f.client.key, { title: 'Proposal A' });
    const b = await newStory(f.client.key, { title: 'Proposal B' });
    const self = await patch(f.client.key, a.storyIdx, { status: 'pending' });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('FORBIDDEN');
    // The client may still reword their own proposal.
    expect((await patch(f.client.key, a.storyIdx, { title: 'Proposal A2' })).statusCode).toBe(200);
    expect((await patch(f.solo.key, a.storyIdx, { status: 'inProgress' })).statusCode).toBe(409);
    expect((await patch(f.solo.key, a.storyIdx, { status: 'pending' })).json().data.status).toBe('pending');
    expect((await patch(f.lead.key, b.storyIdx, { status: 'rejected' })).json().data.status).toBe('rejected');
    expect((await patch(f.admin.key, b.storyIdx, { status: 'pending' })).statusCode).toBe(409);
    // Accepted, it is no longer the client's to edit.
    expect((await patch(f.client.key, a.storyIdx, { title: 'again' })).statusCode).toBe(403);
  });

  it('docs/product/projects-and-membership.md#permission-check permission: depth2 own/reported, depth1 team, admin all, client none', async () => {
    const can = async (key: string, storyIdx: number) =>
      (await patch(key, storyIdx, { description: key.slice(0, 8) })).statusCode;
    const devs = await newStory(f.admin.key, { assignees: [f.dev.mip] });
    expect(await can(f.dev.key, devs.storyIdx)).toBe(200);
    expect(await can(f.lead.key, devs.storyIdx)).toBe(200); // dev is on lead's team
    expect(await can(f.admin.key, devs.storyIdx)).toBe(200);
    expect(await can(f.solo.key, devs.storyIdx)).toBe(403);
    expect(await can(f.client.key, devs.storyIdx)).toBe(403);

    const solos = await newStory(f.admin.key, { assignees: [f.solo.mip] });
    expect(await can(f.solo.key, solos.storyIdx)).toBe(200);
    expect(await can(f.lead.key, solos.storyIdx)).toBe(403); // not on lead's team
    expect(await can(f.dev.key, solos.storyIdx)).toBe(403);

    const reportedBySolo = await newStory(f.solo.key);
    expect(reportedBySolo.assignees).toEqual([]);
    expect(await can(f.solo.key, reportedBySolo.storyIdx)).toBe(200);
    expect(await can(f.dev.key, reportedBySolo.storyIdx)).toBe(403);
    const reportedByDev = await newStory(f.dev.key);
    expect(await can(f.lead.key, reportedByDev.storyIdx)).toBe(200);
    const reportedByAdmin = await newStory(f.admin.key);
    expect(await can(f.dev.key, reportedByAdmin.storyIdx)).toBe(403);

    // The same rule guards assignees and deletion.
    expect(
      (await call('PATCH', `/assignee/${solos.storyIdx}`, f.dev.key, { assignees: [f.dev.mip] })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/story/${devs.storyIdx}`, f.solo.key)).statusCode).toBe(403);
    expect((await call('DELETE', `/story/${devs.storyIdx}`, f.client.key)).json().error.code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('can on GET /story/{storyIdx}: the record rule the writes use', () => {
  const canOf = async (key: string, storyIdx: number) =>
    (await call('GET', `/story/${storyIdx}`, key)).json().data.can as { edit: boolean; delete: boolean };
  const all = { edit: true, delete: true };
  const none = { edit: false, delete: false };

  it('admin all, assignees and their lead theirs, a depth2 of another team and the client none', async () => {
    const devs = await newStory(f.admin.key, { title: 'Dev works on it', assignees: [f.dev.mip] });
    expect(await canOf(f.admin.key, devs.storyIdx)).toEqual(all);
    expect(await canOf(f.dev.key, devs.storyIdx)).toEqual(all); // assignee
    expect(await canOf(f.lead.key, devs.storyIdx)).toEqual(all); // depth1 over their team
    expect(await canOf(f.solo.key, devs.storyIdx)).toEqual(none); // depth2, another team
    expect(await canOf(f.client.key, devs.storyIdx)).toEqual(none);
    const solos = await newStory(f.solo.key, { title: 'Solo’s', assignees: [f.solo.mip] });
    expect(await canOf(f.lead.key, solos.storyIdx)).toEqual(none); // not the lead's team
    expect(await canOf(f.dev.key, solos.storyIdx)).toEqual(none);
    // The answer is the write's.
    expect((await patch(f.solo.key, devs.storyIdx, { title: 'x' })).statusCode).toBe(403);
    expect((await patch(f.lead.key, devs.storyIdx, { title: 'y' })).statusCode).toBe(200);
  });

  it('a client’s proposal: its reporter and any professional triage it', async () => {
    const proposal = await newStory(f.client.key, { title: 'Proposal, can' });
    expect(proposal.status).toBe('considering');
    expect(await canOf(f.client.key, proposal.storyIdx)).toEqual(all);
    expect(await canOf(f.solo.key, proposal.storyIdx)).toEqual(all);
    expect(await canOf(f.admin.key, proposal.storyIdx)).toEqual(all);
  });

  it('follows the assignees: a new assignee gains it on the next read', async () => {
    const s = await newStory(f.admin.key, { title: 'Reassigned', assignees: [f.dev.mip] });
    expect(await canOf(f.solo.key, s.storyIdx)).toEqual(none);
    expect(
      (await call('PATCH', `/assignee/${s.storyIdx}`, f.admin.key, { assignees: [f.solo.mip] })).statusCode,
    ).toBe(200);
    expect(await canOf(f.solo.key, s.storyIdx)).toEqual(all);
    expect(await canOf(f.dev.key, s.storyIdx)).toEqual(none);
  });
});

describe('PATCH /assignee/{id}', () => {
  it('replaces the list with history 4; ids must be members of the project', async () => {
    const s = await newStory(f.admin.key, { assignees: [f.dev.mip] });
    const res = await call('PATCH', `/assignee/${s.storyIdx}`, f.lead.key, {
      assignees: [f.solo.mip, f.dev.mip, f.dev.mip],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.assignees).toEqual([f.dev.mip, f.solo.mip].sort((a, b) => a - b));
    const h = (await call('GET', `/history/story?storyIdx=${s.storyIdx}`, f.admin.key)).json().data[0];
    expect(h).toMatchObject({ type: 4, before: { assignees: [f.dev.mip] } });
    const bad = await call('PATCH', `/assignee/${s.storyIdx}`, f.admin.key, { assignees: [f.outsider.mip] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toEqual({ assignees: 'invalid' });
    expect((await call('PATCH', `/assignee/${s.storyIdx}`, f.admin.key, { assignees: 'x' })).statusCode).toBe(
      400,
    );
    const cleared = await call('PATCH', `/assignee/${s.storyIdx}`, f.admin.key, { assignees: [] });
    expect(cleared.json().data.assignees).toEqual([]);
  });
});

describe('DELETE /story/{id}', () => {
  it('deletes with a history record that outlives the story; logged time is kept', async () => {
    const s = await newStory(f.dev.key, { assignees: [f.dev.mip] });
    const tk = await call('POST', '/timekeeping', f.dev.key, {
      storyIdx: s.storyIdx,
      workDt: '20260105',
      minutes: 60,
    });
    expect(tk.statusCode).toBe(201);
    const res = await call('DELETE', `/story/${s.storyIdx}`, f.dev.key);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ storyIdx: s.storyIdx });
    expect((await call('GET', `/story/${s.storyIdx}`, f.dev.key)).statusCode).toBe(404);
    expect((await typesOf(s.storyIdx))[0]).toBe(historyTypes.deleted);
    const time = (await call('GET', `/timekeeping?projectIdx=${f.projectA}`, f.admin.key)).json().data;
    expect(
      time.find((e: { timekeepingIdx: number }) => e.timekeepingIdx === tk.json().data.timekeepingIdx),
    ).toMatchObject({
      storyIdx: null,
      minutes: 60,
    });
    // Someone else's history of a deleted story stays private (as if missing).
    expect((await call('GET', `/history/story?storyIdx=${s.storyIdx}`, f.outsider.key)).statusCode).toBe(404);
  });
});

describe('comments', () => {
  it('every member, clients too, comments (history 13); outsiders cannot', async () => {
    const s = await newStory(f.admin.key);
    const c = await call('POST', `/story/${s.storyIdx}/comment`, f.client.key, { content: ' Looks good ' });
    expect(c.statusCode).toBe(201);
    expect(c.json().data).toMatchObject({
      storyIdx: s.storyIdx,
      memberInProjectIdx: f.client.mip,
      nickname: 's-client',
      content: 'Looks good',
    });
    await call('POST', `/story/${s.storyIdx}/comment`, f.dev.key, { content: 'Thanks' });
    const list = (await call('GET', `/story/${s.storyIdx}/comment`, f.solo.key)).json().data;
    expect(list.map((x: { content: string }) => x.content)).toEqual(['Looks good', 'Thanks']);
    expect(await typesOf(s.storyIdx)).toEqual([13, 13, 1]);
    expect(
      (await call('POST', `/story/${s.storyIdx}/comment`, f.admin.key, { content: '' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/story/${s.storyIdx}/comment`, f.outsider.key, { content: 'hi' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/story/${s.storyIdx}/comment`, undefined, { content: 'hi' })).statusCode,
    ).toBe(401);
    expect((await call('POST', '/story/999999/comment', f.admin.key, { content: 'hi' })).statusCode).toBe(
      404,
    );
  });
});

describe('delay job', () => {
  it('moves open stories past their end date to delayed, with history 9 and an event, once', async () => {
    const events: ProjectEvent[] = [];
    const off = t.app.ctx.pubsub.subscribe((e) => events.push(e));
    try {
      const late = await newStory(f.admin.key, { startDt: '20200101', endDt: '20200102' });
      const lateStarted = await newStory(f.admin.key, { endDt: '20200102' });
      await patch(f.admin.key, lateStarted.storyIdx, { status: 'inProgress' });
      const done = await newStory(f.admin.key, { endDt: '20200102' });
      await patch(f.admin.key, done.storyIdx, { status: 'inProgress' });
      await patch(f.admin.key, done.storyIdx, { status: 'completed' });
      const future = await newStory(f.admin.key, { endDt: '20991231' });
      const today = await newStory(f.admin.key, { endDt: '20260615' });

      const moved = await t.app.services.story.runDelayJob(new Date('2026-06-15T12:00:00Z'));
      const movedIds = moved.map((m) => m.storyIdx);
      expect(movedIds).toEqual(expect.arrayContaining([late.storyIdx, lateStarted.storyIdx]));
      for (const idx of [done.storyIdx, future.storyIdx, today.storyIdx]) expect(movedIds).not.toContain(idx);
      expect((await call('GET', `/story/${late.storyIdx}`, f.admin.key)).json().data.status).toBe('delayed');
      const h = (await call('GET', `/history/story?storyIdx=${lateStarted.storyIdx}`, f.admin.key)).json()
        .data[0];
      expect(h).toMatchObject({
        type: 9,
        actor: null,
        before: { status: 'inProgress' },
        after: { status: 'delayed' },
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'story.updated',
          projectIdx: f.projectA,
          payload: expect.objectContaining({ storyIdx: late.storyIdx, status: 'delayed' }),
        }),
      );
      // Idempotent: a second run (another instance) finds nothing.
      expect(await t.app.services.story.runDelayJob(new Date('2026-06-15T12:00:00Z'))).toEqual([]);
      // A delayed story can be picked up again or finished.
      expect((await patch(f.admin.key, late.storyIdx, { status: 'pending' })).statusCode).toBe(409);
      expect((await patch(f.admin.key, late.storyIdx, { status: 'inProgress' })).statusCode).toBe(200);
    } finally {
      off();
    }
  });
});
