import { errorStatus, type ErrorCode } from '@teamline/contract';
import ical, { type ParameterValue, type VEvent } from 'node-ical';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { addToProject, createTestApp, PASSWORD, signUp, type TestApp } from '../../test/test-app.js';

/* Rate limits on: the public feed's limits are part of what is tested. Feeds are parsed by node-ical, not by the generator. */
let t: TestApp;
let call: ReturnType<typeof api>;
let f: PlanningFixture;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimit: true } });
  call = api(t);
  f = await planningFixture(t, 'cal');
});
afterAll(async () => t?.close());

function expectError(res: { statusCode: number; body: string }, code: ErrorCode) {
  expect(JSON.parse(res.body).error?.code, res.body).toBe(code);
  expect(res.statusCode).toBe(errorStatus[code]);
}

async function makeFeed(key: string, projectIdx?: number) {
  const res = await call('POST', '/member/calendar', key, projectIdx ? { projectIdx } : {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    feed: { calendarIdx: number; kind: string; projectName: string | null };
    url: string;
  };
}

/** The feed's path under the app (the answer's URL carries the public base address). */
const pathOf = (url: string) => url.slice(url.indexOf('/api/'));
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: pathOf(url), headers });

const text = (value: ParameterValue | undefined) => (typeof value === 'string' ? value : (value?.val ?? ''));
/** A DATE value's day as node-ical gives it (a Date at local midnight, flagged dateOnly). */
const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function eventsOf(body: string) {
  const parsed = ical.sync.parseICS(body);
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  const byUid = new Map(events.map((e) => [e.uid, e]));
  const calendar = Object.values(parsed).find((c) => c?.type === 'VCALENDAR') as
    (Record<string, unknown> & { 'WR-CALNAME'?: string }) | undefined;
  return { events, byUid, calendar };
}

describe('calendar feeds (issue 34)', () => {
  it("my calendar: the member's assigned stories, their projects' milestones and their contract, all-day with stable UIDs", async () => {
    await call('PATCH', '/member', f.dev.key, { lang: 'vi' });
    const milestone = await call('POST', '/milestone', f.admin.key, {
      projectIdx: f.projectA,
      title: 'Phát hành bản beta',
      startDt: '20261201',
      endDt: '20261215',
    });
    expect(milestone.statusCode, milestone.body).toBe(201);
    const milestoneIdx = milestone.json().data.milestoneIdx as number;
    const mine = await call('POST', '/story', f.admin.key, {
      projectIdx: f.projectA,
      title: 'Sửa lỗi đăng nhập; thêm "kiểm thử"',
      endDt: '20261210',
      assignees: [f.dev.mip],
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const story = mine.json().data as { storyIdx: number; storyNo: number };
    const others = await call('POST', '/story', f.admin.key, {
      projectIdx: f.projectA,
      title: 'Not mine',
      endDt: '20261211',
      assignees: [f.solo.mip],
    });
    const offer = await call('POST', '/contract', f.admin.key, {
      projectIdx: f.projectA,
      memberInProjectIdx: f.dev.mip,
      dailyRate: 450_000,
      currency: 'KRW',
      startDt: '20261101',
      endDt: '20261231',
      scope: 'Backend',
      withholdingRateBp: 330,
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const contractIdx = offer.json().data.contractIdx as number;

    const { feed, url } = await makeFeed(f.dev.key);
    expect(feed.kind).toBe('member');
    expect(url).toMatch(/^http.*\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await fetchFeed(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.body).toContain('X-WR-CALNAME:Teamline: ');

    const { byUid, events } = eventsOf(res.body);
    expect([...byUid.keys()].sort()).toEqual(
      [
        `contract-${contractIdx}@teamline`,
        `milestone-${milestoneIdx}@teamline`,
        `story-${story.storyIdx}@teamline`,
      ].sort(),
    );
    expect(events.some((e) => text(e.summary).includes('Not mine'))).toBe(false);
    expect(others.statusCode).toBe(201);

    const due = byUid.get(`story-${story.storyIdx}@teamline`)!;
    expect(text(due.summary)).toBe(`#${story.storyNo} Sửa lỗi đăng nhập; thêm "kiểm thử"`);
    expect(due.datetype).toBe('date');
    expect(day(due.start)).toBe('2026-12-10');
    expect(day(due.end!)).toBe('2026-12-11');
    expect(text(due.description)).toContain(`/#/timeline/${f.projectA}?selectedStory=${story.storyIdx}`);
    expect(text(due.description)).toContain('Mở trong Teamline');

    const mark = byUid.get(`milestone-${milestoneIdx}@teamline`)!;
    expect(text(mark.summary)).toBe('Mốc: Phát hành bản beta');
    expect(day(mark.start)).toBe('2026-12-01');
    expect(day(mark.end!)).toBe('2026-12-16');
    const contract = byUid.get(`contract-${contractIdx}@teamline`)!;
    expect(text(contract.summary)).toContain('Hợp đồng: ');
    expect(day(contract.start)).toBe('2026-11-01');
    expect(day(contract.end!)).toBe('2027-01-01');

    // The same feed again is byte for byte the same, so a matching If-None-Match is 304 with no body.
    const again = await fetchFeed(url, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A change moves the tag; the UID stays.
    const moved = await call('PATCH', `/story/${story.storyIdx}`, f.admin.key, { endDt: '20261212' });
    expect(moved.statusCode, moved.body).toBe(200);
    const changed = await fetchFeed(url, { 'if-none-match': res.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(day(eventsOf(changed.body).byUid.get(`story-${story.storyIdx}@teamline`)!.start)).toBe(
      '2026-12-12',
    );

    const list = await call('GET', '/member/calendar', f.dev.key);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        calendarIdx: feed.calendarIdx,
        kind: 'member',
        lastFetchedAt: expect.any(String),
      }),
    ]);
  });

  it('a project feed carries Korean text intact, and only a member of the project can make one', async () => {
    await call('PATCH', '/member', f.lead.key, { lang: 'kr' });
    const made = await call('POST', '/milestone', f.admin.key, {
      projectIdx: f.projectA,
      title: '출시 준비 — 최종 점검',
      endDt: '20270105',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { feed, url } = await makeFeed(f.lead.key, f.projectA);
    expect(feed).toMatchObject({ kind: 'project', projectName: 'A' });
    const res = await fetchFeed(url);
    expect(res.statusCode, res.body).toBe(200);
    const { byUid, calendar } = eventsOf(res.body);
    const mark = byUid.get(`milestone-${made.json().data.milestoneIdx}@teamline`)!;
    expect(text(mark.summary)).toBe('마일스톤: 출시 준비 — 최종 점검');
    expect(day(mark.start)).toBe('2027-01-05');
    expect(day(mark.end!)).toBe('2027-01-06');
    expect(text(mark.description)).toContain('Teamline에서 열기');
    expect(res.body).toContain('X-WR-CALNAME:Teamline: A');
    expect(calendar).toBeDefined();
    // Stories of anyone in the project are in the project's feed.
    expect([...byUid.keys()].some((uid) => uid.startsWith('story-'))).toBe(true);

    // Project B is not theirs: refused, and nothing is made.
    expectError(
      await call('POST', '/member/calendar', f.lead.key, { projectIdx: f.projectB }),
      'PROJECT_ACCESS_DENIED',
    );
    expectError(
      await call('POST', '/member/calendar', f.outsider.key, { projectIdx: f.projectA }),
      'PROJECT_ACCESS_DENIED',
    );
    const list = await call('GET', '/member/calendar', f.outsider.key);
    expect(list.json().data).toEqual([]);

    // A personal access token reaches no feed route of its member.
    const token = await call('POST', '/member/token', f.lead.key, {
      name: 'cal',
      scopes: ['planning:write'],
      days: 30,
    });
    expect(token.statusCode, token.body).toBe(201);
    const secret = token.json().data.secret as string;
    expectError(await call('GET', '/member/calendar', secret), 'TOKEN_SCOPE_DENIED');
    expectError(await call('POST', '/member/calendar', secret, {}), 'TOKEN_SCOPE_DENIED');
  });

  it('making anew revokes the old address; revoked and unknown addresses are 404 with no detail; the account log has both', async () => {
    const first = await makeFeed(f.solo.key);
    expect((await fetchFeed(first.url)).statusCode).toBe(200);
    const second = await makeFeed(f.solo.key);
    const old = await fetchFeed(first.url);
    expectError(old, 'CALENDAR_FEED_NOT_FOUND');
    expect(JSON.parse(old.body).error.details).toBeUndefined();
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
    expect((await call('GET', '/member/calendar', f.solo.key)).json().data).toHaveLength(1);

    // Another's feed cannot be revoked; one's own is, at once.
    expectError(
      await call('DELETE', `/member/calendar/${second.feed.calendarIdx}`, f.dev.key),
      'CALENDAR_FEED_NOT_FOUND',
    );
    expect((await call('DELETE', `/member/calendar/${second.feed.calendarIdx}`, f.solo.key)).statusCode).toBe(
      200,
    );
    expectError(await fetchFeed(second.url), 'CALENDAR_FEED_NOT_FOUND');
    expectError(
      await call('DELETE', `/member/calendar/${second.feed.calendarIdx}`, f.solo.key),
      'CALENDAR_FEED_NOT_FOUND',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/calendar/${'x'.repeat(43)}.ics` }),
      'CALENDAR_FEED_NOT_FOUND',
    );

    const log = await call('GET', '/audit/me?kind=account', f.solo.key);
    expect(log.statusCode, log.body).toBe(200);
    const kinds = (log.json().data.items as { kind: string; target: { idx: number } | null }[])
      .filter((r) => r.kind.startsWith('account.calendar'))
      .map((r) => `${r.kind} ${r.target?.idx}`);
    expect(kinds.sort()).toEqual(
      [
        `account.calendar_created ${first.feed.calendarIdx}`,
        `account.calendar_revoked ${first.feed.calendarIdx}`,
        `account.calendar_created ${second.feed.calendarIdx}`,
        `account.calendar_revoked ${second.feed.calendarIdx}`,
      ].sort(),
    );
  });

  it("a project feed stops when its owner is removed from the project, and a withdrawn member's feeds are revoked", async () => {
    const s = await signUp(t, 'cal-leaving@example.com');
    const row = await addToProject(t, f.projectA, s.memberIdx, 'depth2');
    const project = await makeFeed(s.key, f.projectA);
    const own = await makeFeed(s.key);
    expect((await fetchFeed(project.url)).statusCode).toBe(200);
    expect(
      (await call('DELETE', `/member-in-project/${row.memberInProjectIdx}`, f.admin.key)).statusCode,
    ).toBe(200);
    expectError(await fetchFeed(project.url), 'CALENDAR_FEED_NOT_FOUND');
    // Their own feed still answers, without project A's dates.
    const mine = await fetchFeed(own.url);
    expect(mine.statusCode).toBe(200);
    expect(eventsOf(mine.body).events).toEqual([]);

    const gone = await call('DELETE', '/member', s.key, { password: PASSWORD });
    expect(gone.statusCode, gone.body).toBe(200);
    expectError(await fetchFeed(own.url), 'CALENDAR_FEED_NOT_FOUND');
    const rows = (await t.database.db.execute(
      sql`select revoked_at from calendar_feed where member_idx = ${s.memberIdx}`,
    )) as { rows: { revoked_at: unknown }[] };
    expect(rows.rows.map((r) => r.revoked_at !== null)).toEqual([true, true]);
  });

  it('wrong secrets from one address run into the limit (429)', async () => {
    let last = 0;
    for (let i = 0; i < 51; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/calendar/${String(i).padStart(43, 'z')}.ics`,
        remoteAddress: '203.0.113.9',
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('one address is read at most 60 times an hour (a loop, not a calendar app)', async () => {
    const { url } = await makeFeed(f.client.key);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await fetchFeed(url)).statusCode);
    expect(codes.slice(0, 60).every((code) => code === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});
