import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
let storyIdx: number;
let storyB: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'k');
  call = api(t);
  storyIdx = (await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'Work' })).json()
    .data.storyIdx;
  storyB = (await call('POST', '/story', f.outsider.key, { projectIdx: f.projectB, title: 'Theirs' })).json()
    .data.storyIdx;
});
afterAll(async () => {
  await t?.close();
});

const log = (key: string, body: object = {}) =>
  call('POST', '/timekeeping', key, { storyIdx, workDt: '20260301', minutes: 90, ...body });

describe('POST /timekeeping and GET /timekeeping', () => {
  it('logs the caller’s own time and lists it by story or by project and period', async () => {
    const res = await log(f.dev.key, { note: 'API work' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      projectIdx: f.projectA,
      storyIdx,
      memberInProjectIdx: f.dev.mip,
      workDt: '20260301',
      minutes: 90,
      note: 'API work',
    });
    await log(f.dev.key, { workDt: '20260415' });
    const byStory = (await call('GET', `/timekeeping?storyIdx=${storyIdx}`, f.client.key)).json().data;
    expect(byStory.length).toBeGreaterThanOrEqual(2);
    const march = (
      await call('GET', `/timekeeping?projectIdx=${f.projectA}&from=20260301&to=20260331`, f.admin.key)
    ).json().data;
    expect(march.every((e: { workDt: string }) => e.workDt.startsWith('202603'))).toBe(true);
  });

  it('validates minutes, dates and the list query; 401, 403, 404', async () => {
    expect((await log(f.dev.key, { minutes: 0 })).json().error.fieldErrors).toEqual({
      minutes: 'minutesRange',
    });
    expect((await log(f.dev.key, { minutes: 1441 })).statusCode).toBe(400);
    expect((await log(f.dev.key, { workDt: '20260230' })).json().error.fieldErrors).toEqual({
      workDt: 'dateFormat',
    });
    expect((await log(f.dev.key, { storyIdx: 999999 })).json().error.code).toBe('STORY_NOT_FOUND');
    expect((await log(f.dev.key, { storyIdx: storyB })).json().error.code).toBe('STORY_NOT_FOUND');
    expect((await log(f.client.key)).json().error.code).toBe('PROFESSIONAL_ONLY');
    expect(
      (await call('POST', '/timekeeping', undefined, { storyIdx, workDt: '20260301', minutes: 5 }))
        .statusCode,
    ).toBe(401);
    expect((await call('GET', '/timekeeping', f.admin.key)).json().error.fieldErrors).toEqual({
      projectIdx: 'required',
    });
    expect((await call('GET', `/timekeeping?projectIdx=${f.projectB}`, f.admin.key)).statusCode).toBe(403);
    // Another project's story looks missing.
    expect((await call('GET', `/timekeeping?storyIdx=${storyB}`, f.admin.key)).statusCode).toBe(404);
    expect((await call('GET', '/timekeeping?storyIdx=999999', f.admin.key)).statusCode).toBe(404);
    expect((await call('GET', `/timekeeping?projectIdx=${f.projectA}`)).statusCode).toBe(401);
  });

  it('logs for someone else only per spec §5: lead for team, admin for all', async () => {
    expect((await log(f.lead.key, { memberInProjectIdx: f.dev.mip })).statusCode).toBe(201);
    expect((await log(f.admin.key, { memberInProjectIdx: f.solo.mip })).statusCode).toBe(201);
    const notTeam = await log(f.lead.key, { memberInProjectIdx: f.solo.mip });
    expect(notTeam.statusCode).toBe(403);
    expect(notTeam.json().error.code).toBe('FORBIDDEN');
    expect((await log(f.dev.key, { memberInProjectIdx: f.lead.mip })).statusCode).toBe(403);
    expect((await log(f.admin.key, { memberInProjectIdx: f.outsider.mip })).json().error.fieldErrors).toEqual(
      {
        memberInProjectIdx: 'invalid',
      },
    );
  });
});

describe('DELETE /timekeeping/bulk', () => {
  const idsOf = async (key: string, n: number, owner?: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++)
      ids.push((await log(key, owner ? { memberInProjectIdx: owner } : {})).json().data.timekeepingIdx);
    return ids;
  };
  const bulk = (key: string | undefined, timekeepingIdxs: unknown) =>
    call('DELETE', '/timekeeping/bulk', key, { timekeepingIdxs });

  it('deletes the caller’s own entries', async () => {
    const ids = await idsOf(f.solo.key, 3);
    const res = await bulk(f.solo.key, ids);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deletedCount: 3 });
    expect((await bulk(f.solo.key, ids)).json().error.code).toBe('TIMEKEEPING_NOT_FOUND');
  });

  it('sends with each entry whether the caller may delete it, by the same rule', async () => {
    const [devs] = await idsOf(f.dev.key, 1);
    const [solos] = await idsOf(f.solo.key, 1);
    const canDelete = async (key: string) => {
      const list = (await call('GET', `/timekeeping?storyIdx=${storyIdx}`, key)).json().data as {
        timekeepingIdx: number;
        can: { delete: boolean };
      }[];
      const of = (idx: number) => list.find((e) => e.timekeepingIdx === idx)!.can.delete;
      return [of(devs!), of(solos!)];
    };
    expect(await canDelete(f.dev.key)).toEqual([true, false]);
    expect(await canDelete(f.lead.key)).toEqual([true, false]);
    expect(await canDelete(f.solo.key)).toEqual([false, true]);
    expect(await canDelete(f.admin.key)).toEqual([true, true]);
    expect(await canDelete(f.client.key)).toEqual([false, false]);
    expect((await bulk(f.lead.key, [devs])).statusCode).toBe(200);
    expect((await bulk(f.lead.key, [solos])).statusCode).toBe(403);
  });

  it('refuses others’ entries all or nothing; leads and admins may', async () => {
    const devs = await idsOf(f.dev.key, 2);
    const solos = await idsOf(f.solo.key, 1);
    const mixed = await bulk(f.dev.key, [...devs, ...solos]);
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json().error.code).toBe('FORBIDDEN');
    expect(
      (await call('GET', `/timekeeping?storyIdx=${storyIdx}`, f.dev.key))
        .json()
        .data.map((e: { timekeepingIdx: number }) => e.timekeepingIdx),
    ).toEqual(expect.arrayContaining([...devs, ...solos]));
    expect((await bulk(f.client.key, devs)).statusCode).toBe(403);
    expect((await bulk(f.lead.key, solos)).statusCode).toBe(403);
    expect((await bulk(f.lead.key, [devs[0]])).json().data).toEqual({ deletedCount: 1 });
    expect((await bulk(f.admin.key, [devs[1], ...solos])).json().data).toEqual({ deletedCount: 2 });
  });

  it('404 for another project’s entries (as if missing), 400 for bad bodies, 401 without a key', async () => {
    const theirs = (
      await call('POST', '/timekeeping', f.outsider.key, { storyIdx: storyB, workDt: '20260301', minutes: 5 })
    ).json().data.timekeepingIdx;
    const res = await bulk(f.admin.key, [theirs]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('TIMEKEEPING_NOT_FOUND');
    expect((await bulk(f.admin.key, [])).statusCode).toBe(400);
    expect((await bulk(f.admin.key, 'x')).statusCode).toBe(400);
    expect((await bulk(undefined, [theirs])).statusCode).toBe(401);
  });
});
