import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The timeline after a change rebuilds only the milestones the change touched (their revision moved,
 * migration 0036) and lays the answer together from pieces (timeline-assembly.ts). Whatever the
 * change and whoever wrote it, the answer must equal the plan read afresh, plain and gzip alike.
 */
let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'rev');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

/** Rows of a statement, typed by the caller (both drivers answer `{ rows }`). */
async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await t.app.ctx.database.db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** The plan as the tables hold it now, built without the timeline's code: the oracle. */
async function planNow(projectIdx: number) {
  const milestones = await query<Record<string, unknown>>(sql`
    select milestone_idx as "milestoneIdx", title, status, start_dt as "startDt", end_dt as "endDt",
      order_key as "orderKey"
    from milestone where project_idx = ${projectIdx} order by order_key`);
  const stories = await query<Record<string, unknown>>(sql`
    select story_idx as "storyIdx", story_no as "storyNo", milestone_idx as "milestoneIdx",
      epic_idx as "epicIdx", title, status, start_dt as "startDt", end_dt as "endDt", point,
      order_key as "orderKey"
    from story where project_idx = ${projectIdx} and milestone_idx is not null order by order_key`);
  const assignees = await query<{ storyIdx: number; mip: number }>(sql`
    select a.story_idx as "storyIdx", a.member_in_project_idx as mip from story_assignee a
    join story s on s.story_idx = a.story_idx where s.project_idx = ${projectIdx}
    order by a.member_in_project_idx`);
  return milestones.map((m) => ({
    ...m,
    stories: stories
      .filter((s) => s.milestoneIdx === m.milestoneIdx)
      .map((s) => ({
        ...s,
        assignees: assignees.filter((a) => a.storyIdx === s.storyIdx).map((a) => a.mip),
      })),
  }));
}

/** The timeline, plain and gzip; both must say the same and equal the plan read afresh. */
async function expectCurrent() {
  const url = `/milestone/timeline?projectIdx=${f.projectA}`;
  const plain = await call('GET', url, f.admin.key);
  expect(plain.statusCode).toBe(200);
  const zipped = await t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${f.admin.key}`, 'accept-encoding': 'gzip' },
  });
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  const body = plain.json().data;
  expect(body.projectIdx).toBe(f.projectA);
  expect(body.milestones).toEqual(await planNow(f.projectA));
}

const revisions = async () =>
  new Map(
    (
      await query<{ milestoneIdx: number; revision: number }>(
        sql`select milestone_idx as "milestoneIdx", revision from milestone where project_idx = ${f.projectA}`,
      )
    ).map((r) => [r.milestoneIdx, r.revision]),
  );

describe('the timeline after a change', () => {
  it('equals the plan read afresh after every kind of change, and moves only the touched milestones', async () => {
    const milestone = async (title: string) =>
      (await call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title })).json().data
        .milestoneIdx as number;
    const story = async (milestoneIdx: number | null, title: string, extra: object = {}) =>
      (
        await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, milestoneIdx, title, ...extra })
      ).json().data.storyIdx as number;
    const [m1, m2, m3] = [await milestone('Alpha'), await milestone('Beta'), await milestone('Gamma')];
    const epicIdx = (
      await call('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label: 'Payments' })
    ).json().data.epicIdx as number;
    const a = await story(m1, '로그인 화면', { epicIdx, assignees: [f.dev.mip] });
    const b = await story(m1, 'Đăng nhập', { startDt: '20261201', endDt: '20261210' });
    const c = await story(m2, 'Sign-up mail');
    await expectCurrent();

    // A story's fields: its milestone's revision moves, the others' do not.
    let before = await revisions();
    expect(
      (await call('PATCH', `/story/${a}`, f.admin.key, { title: 'Login page', status: 'inProgress' }))
        .statusCode,
    ).toBe(200);
    let after = await revisions();
    expect(after.get(m1)).toBeGreaterThan(before.get(m1)!);
    expect(after.get(m2)).toBe(before.get(m2));
    expect(after.get(m3)).toBe(before.get(m3));
    await expectCurrent();

    // Assignees (their own table).
    before = await revisions();
    expect(
      (await call('PATCH', `/assignee/${b}`, f.admin.key, { assignees: [f.dev.mip, f.lead.mip] })).statusCode,
    ).toBe(200);
    expect((await revisions()).get(m1)).toBeGreaterThan(before.get(m1)!);
    await expectCurrent();

    // A move between milestones moves both; a move to the backlog and back.
    before = await revisions();
    expect(
      (await call('PATCH', '/story/order', f.admin.key, { storyIdx: b, milestoneIdx: m2, beforeStoryIdx: c }))
        .statusCode,
    ).toBe(200);
    after = await revisions();
    expect(after.get(m1)).toBeGreaterThan(before.get(m1)!);
    expect(after.get(m2)).toBeGreaterThan(before.get(m2)!);
    expect(after.get(m3)).toBe(before.get(m3));
    await expectCurrent();
    expect(
      (await call('PATCH', '/story/order', f.admin.key, { storyIdx: c, milestoneIdx: null })).statusCode,
    ).toBe(200);
    await expectCurrent();
    expect(
      (await call('PATCH', '/story/order', f.admin.key, { storyIdx: c, milestoneIdx: m3 })).statusCode,
    ).toBe(200);
    await expectCurrent();

    // The milestone itself: renamed, reordered.
    expect(
      (await call('PATCH', `/milestone/${m2}`, f.admin.key, { title: 'Beta, renamed' })).statusCode,
    ).toBe(200);
    await expectCurrent();
    expect(
      (await call('PATCH', '/milestone/order', f.admin.key, { milestoneIdx: m3, afterMilestoneIdx: m1 }))
        .statusCode,
    ).toBe(200);
    await expectCurrent();

    // An epic deleted takes itself off its stories; a story and a milestone deleted.
    expect((await call('DELETE', `/epic/${epicIdx}`, f.admin.key)).statusCode).toBe(200);
    await expectCurrent();
    expect((await call('DELETE', `/story/${a}`, f.admin.key)).statusCode).toBe(200);
    await expectCurrent();
    expect((await call('DELETE', `/milestone/${m1}`, f.admin.key)).statusCode).toBeLessThan(300);
    await expectCurrent();

    // A writer outside the services (a person with psql, a data fix) is heard as well.
    await t.app.ctx.database.db.execute(sql`update story set title = 'Fixed by hand' where story_idx = ${c}`);
    await t.app.ctx.database.db.execute(
      sql`update planning_version set version = version + 1 where project_idx = ${f.projectA}`,
    );
    await expectCurrent();
  });

  it('stays the same answer when nothing changed but the version', async () => {
    const url = `/milestone/timeline?projectIdx=${f.projectA}`;
    const first = (await call('GET', url, f.admin.key)).body;
    await t.app.ctx.database.db.execute(
      sql`update planning_version set version = version + 1 where project_idx = ${f.projectA}`,
    );
    expect((await call('GET', url, f.admin.key)).body).toBe(first);
  });
});
