import { todayCode } from '@teamline/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, settlements } from '../../db/schema/index.js';
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

  it('logs for someone else only per docs/product/projects-and-membership.md#permission-check: lead for team, admin for all', async () => {
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

describe('PATCH /timekeeping/{timekeepingIdx}', () => {
  const patch = (key: string | undefined, idx: number, body: object) =>
    call('PATCH', `/timekeeping/${idx}`, key, body);
  const entryOf = async (key: string, body: object = {}) =>
    (await log(key, { workDt: '20260302', minutes: 30, ...body })).json().data.timekeepingIdx as number;

  it('changes minutes, note, date and story, and records timekeeping.updated', async () => {
    const idx = await entryOf(f.dev.key);
    const other = (
      await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'Other' })
    ).json().data.storyIdx;
    const res = await patch(f.dev.key, idx, {
      minutes: 45,
      note: 'review',
      workDt: '20260303',
      storyIdx: other,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      timekeepingIdx: idx,
      minutes: 45,
      note: 'review',
      workDt: '20260303',
    });
    expect(res.json().data.storyIdx).toBe(other);
    expect((await patch(f.dev.key, idx, { note: '' })).json().data.note).toBeNull();
    const [event] = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.name, 'timekeeping.updated'))
      .orderBy(desc(domainEvents.eventIdx))
      .limit(1);
    expect(event?.payload).toMatchObject({ timekeepingIdx: idx, note: null });
  });

  it('is the owner’s, their lead’s or an admin’s to edit: 403 for depth2 and other leads, 404 for strangers', async () => {
    const idx = await entryOf(f.dev.key);
    expect((await patch(f.solo.key, idx, { minutes: 10 })).json().error.code).toBe('FORBIDDEN');
    expect((await patch(f.solo.key, idx, { minutes: 10 })).statusCode).toBe(403);
    expect((await patch(f.lead.key, idx, { minutes: 11 })).statusCode).toBe(200);
    expect((await patch(f.admin.key, idx, { minutes: 12 })).statusCode).toBe(200);
    expect((await patch(f.client.key, idx, { minutes: 13 })).json().error.code).toBe('PROFESSIONAL_ONLY');
    const stranger = await patch(f.outsider.key, idx, { minutes: 14 });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('TIMEKEEPING_NOT_FOUND');
    expect((await patch(f.dev.key, 999999, { minutes: 1 })).statusCode).toBe(404);
    expect((await patch(undefined, idx, { minutes: 1 })).statusCode).toBe(401);
    expect((await patch(f.dev.key, idx, {})).statusCode).toBe(400);
    expect((await patch(f.dev.key, idx, { storyIdx: storyB })).json().error.code).toBe('STORY_NOT_FOUND');
    const solosEntry = await entryOf(f.solo.key);
    expect((await patch(f.lead.key, solosEntry, { minutes: 10 })).statusCode).toBe(403);
  });

  it('lists one member’s entries with memberInProjectIdx', async () => {
    await entryOf(f.solo.key, { workDt: '20260310' });
    await entryOf(f.dev.key, { workDt: '20260310' });
    const list = (
      await call(
        'GET',
        `/timekeeping?projectIdx=${f.projectA}&from=20260310&to=20260310&memberInProjectIdx=${f.solo.mip}`,
        f.admin.key,
      )
    ).json().data as { memberInProjectIdx: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e) => e.memberInProjectIdx === f.solo.mip)).toBe(true);
  });
});

describe('rules of every write', () => {
  const dayOf = (key: string, workDt: string, minutes: number, owner?: number) =>
    log(key, { workDt, minutes, ...(owner ? { memberInProjectIdx: owner } : {}) });

  it('keeps a member’s day at or under 1,440 minutes across entries, on create and patch', async () => {
    expect((await dayOf(f.solo.key, '20260501', 1000)).statusCode).toBe(201);
    const second = (await dayOf(f.solo.key, '20260501', 440)).json().data.timekeepingIdx;
    const over = await dayOf(f.solo.key, '20260501', 1);
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toMatchObject({
      code: 'TIMEKEEPING_DAY_LIMIT',
      details: { loggedMinutes: 1440 },
    });
    // The entry's own minutes are not counted twice when it changes.
    expect((await call('PATCH', `/timekeeping/${second}`, f.solo.key, { minutes: 400 })).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', `/timekeeping/${second}`, f.solo.key, { minutes: 441 })).statusCode).toBe(
      400,
    );
    const moved = (await dayOf(f.solo.key, '20260502', 60)).json().data.timekeepingIdx;
    const into = await call('PATCH', `/timekeeping/${moved}`, f.solo.key, { workDt: '20260501' });
    expect(into.json().error).toMatchObject({
      code: 'TIMEKEEPING_DAY_LIMIT',
      details: { loggedMinutes: 1400 },
    });
    // Another member's day is theirs.
    expect((await dayOf(f.dev.key, '20260501', 600)).statusCode).toBe(201);
  });

  it('refuses one of two concurrent creates that together pass 1,440', async () => {
    const results = await Promise.all([
      dayOf(f.lead.key, '20260601', 800),
      dayOf(f.lead.key, '20260601', 800),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const list = (
      await call(
        'GET',
        `/timekeeping?projectIdx=${f.projectA}&from=20260601&to=20260601&memberInProjectIdx=${f.lead.mip}`,
        f.lead.key,
      )
    ).json().data as { minutes: number }[];
    expect(list.reduce((s, e) => s + e.minutes, 0)).toBe(800);
  });

  it('refuses a future date: today is the latest on earth (UTC+14), tomorrow there is refused', async () => {
    const today = todayCode(undefined, t.clock.now());
    const next = new Date(t.clock.now().getTime() + 86_400_000);
    const tomorrow = todayCode(undefined, next);
    expect((await dayOf(f.dev.key, today, 5)).statusCode).toBe(201);
    const future = await dayOf(f.dev.key, tomorrow, 5);
    expect(future.statusCode).toBe(400);
    expect(future.json().error.code).toBe('TIMEKEEPING_FUTURE_DATE');
    const idx = (await dayOf(f.dev.key, today, 5)).json().data.timekeepingIdx;
    expect(
      (await call('PATCH', `/timekeeping/${idx}`, f.dev.key, { workDt: '20991231' })).json().error.code,
    ).toBe('TIMEKEEPING_FUTURE_DATE');
  });

  it('locks a month once its settlement is submitted: create, patch, delete and moves into it refused', async () => {
    const open = (await dayOf(f.dev.key, '20260705', 60)).json().data.timekeepingIdx as number;
    const inMonth = (await dayOf(f.dev.key, '20260710', 60)).json().data.timekeepingIdx as number;
    const contract = await call('POST', '/contract', f.admin.key, {
      projectIdx: f.projectA,
      memberInProjectIdx: f.dev.mip,
      dailyRate: 400_000,
      currency: 'KRW',
      startDt: '20260101',
      scope: 'Lock test',
    });
    expect(contract.statusCode, contract.body).toBe(201);
    await t.database.db.insert(settlements).values({
      contractIdx: contract.json().data.contractIdx,
      projectIdx: f.projectA,
      memberInProjectIdx: f.dev.mip,
      month: '202608',
      status: 'submitted',
      currency: 'KRW',
    });
    // August is locked: entries logged there before (none) and now.
    const locked = async (res: { statusCode: number; json(): { error: { code: string } } }) => {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('TIMEKEEPING_LOCKED');
    };
    await locked(await dayOf(f.dev.key, '20260801', 30));
    await locked(await dayOf(f.lead.key, '20260801', 30, f.dev.mip));
    await locked(await call('PATCH', `/timekeeping/${open}`, f.dev.key, { workDt: '20260805' }));
    // Other members' August, and the member's July, stay open.
    expect((await dayOf(f.solo.key, '20260801', 30)).statusCode).toBe(201);
    expect((await call('PATCH', `/timekeeping/${open}`, f.dev.key, { minutes: 90 })).statusCode).toBe(200);
    // Lock July too: its entries can be neither changed, moved out nor deleted, and say so in `can`.
    await t.database.db
      .update(settlements)
      .set({ month: '202607' })
      .where(eq(settlements.memberInProjectIdx, f.dev.mip));
    await locked(await call('PATCH', `/timekeeping/${inMonth}`, f.dev.key, { minutes: 30 }));
    await locked(await call('PATCH', `/timekeeping/${inMonth}`, f.admin.key, { workDt: '20260601' }));
    await locked(await call('DELETE', '/timekeeping/bulk', f.dev.key, { timekeepingIdxs: [inMonth] }));
    const list = (
      await call(
        'GET',
        `/timekeeping?projectIdx=${f.projectA}&from=20260701&to=20260731&memberInProjectIdx=${f.dev.mip}`,
        f.admin.key,
      )
    ).json().data as { timekeepingIdx: number; locked: boolean; can: { edit: boolean; delete: boolean } }[];
    expect(list.find((e) => e.timekeepingIdx === inMonth)).toMatchObject({
      locked: true,
      can: { edit: false, delete: false },
    });
    // Returned: the month opens again.
    await t.database.db
      .update(settlements)
      .set({ status: 'returned' })
      .where(eq(settlements.memberInProjectIdx, f.dev.mip));
    expect((await call('PATCH', `/timekeeping/${inMonth}`, f.dev.key, { minutes: 30 })).statusCode).toBe(200);
    expect(
      (await call('DELETE', '/timekeeping/bulk', f.dev.key, { timekeepingIdxs: [inMonth] })).statusCode,
    ).toBe(200);
  });
});
