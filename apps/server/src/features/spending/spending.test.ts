import type { BudgetList, SpendingReport } from '@teamline/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEventConsumptions, domainEvents, notifications } from '../../db/schema/index.js';
import { planningFixture, type Person, type PlanningFixture } from '../../test/planning-fixture.js';
import { settlementKit, type SettlementKit } from '../../test/settlement-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const codeOf = (res: { json(): { error: { code: string } } }) => res.json().error.code;
/** Every event is handled, including the alerts the budget consumer records while handling. */
async function settle() {
  for (let i = 0; i < 4; i++) await t.app.ctx.events.idle();
}

/** An approved settlement of a fresh professional: `minutes` in `month` at 480,000 a day (KRW) or as given. */
async function approved(
  f: PlanningFixture,
  k: SettlementKit,
  month: string,
  minutes: number,
  terms: { currency?: string; dailyRate?: number; storyIdx?: number | null } = {},
) {
  const pro = await k.professional();
  const c = await k.contractFor(pro, {
    startDt: `${month}01`,
    endDt: `${month}28`,
    ...(terms.currency ? { currency: terms.currency } : {}),
    ...(terms.dailyRate ? { dailyRate: terms.dailyRate } : {}),
  });
  await k.logTime(pro, `${month}10`, minutes, terms.storyIdx ?? null);
  const s = await k.settlementOf(c, month);
  await k.moved(pro, s.settlementIdx, 'submit');
  const done = await k.moved(f.client, s.settlementIdx, 'approve');
  await settle();
  return done;
}

describe('budgets: validation and authorization', () => {
  let f: PlanningFixture;
  let k: SettlementKit;
  beforeAll(async () => {
    f = await planningFixture(t, 'bv');
    k = settlementKit(t, f, 'bv');
  });
  const put = (who: Person, body: object, projectIdx = f.projectA) =>
    k.call('PUT', `/project/${projectIdx}/budget`, who.key, body);

  it.each([
    ['amount 0', { amount: 0, currency: 'KRW' }],
    ['a fraction', { amount: 1.5, currency: 'KRW' }],
    ['a negative amount', { amount: -5, currency: 'KRW' }],
    ['beyond an int4', { amount: 2_147_483_648, currency: 'KRW' }],
    ['an unknown currency', { amount: 100, currency: 'EUR' }],
    ['an unknown period', { amount: 100, currency: 'KRW', period: 'weekly' }],
    ['a text amount', { amount: '100', currency: 'KRW' }],
    ['no currency', { amount: 100 }],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_, body) => {
    const res = await put(f.client, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
  });

  it("refuses another project's milestone and an unknown one (404 BUDGET_MILESTONE_NOT_FOUND)", async () => {
    const other = await k.call('POST', '/milestone', f.outsider.key, { projectIdx: f.projectB, title: 'B1' });
    const otherIdx = other.json().data.milestoneIdx as number;
    for (const milestoneIdx of [otherIdx, 99_999_999]) {
      const res = await put(f.client, { milestoneIdx, amount: 100, currency: 'KRW' });
      expect(res.statusCode, res.body).toBe(404);
      expect(codeOf(res)).toBe('BUDGET_MILESTONE_NOT_FOUND');
    }
  });

  it('a client and an admin set budgets; professionals and strangers are refused', async () => {
    expect((await put(f.client, { amount: 100, currency: 'KRW' })).statusCode).toBe(200);
    expect((await put(f.admin, { amount: 200, currency: 'KRW' })).statusCode).toBe(200);
    for (const pro of [f.lead, f.dev, f.solo]) {
      const res = await put(pro, { amount: 300, currency: 'KRW' });
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('ADMIN_OR_CLIENT_ONLY');
      expect((await k.call('GET', `/project/${f.projectA}/budget`, pro.key)).statusCode).toBe(403);
    }
    // The outsider on project A, the client on project B (which they are not in).
    expect(codeOf(await put(f.outsider, { amount: 1, currency: 'KRW' }))).toBe('PROJECT_ACCESS_DENIED');
    expect(codeOf(await put(f.client, { amount: 1, currency: 'KRW' }, f.projectB))).toBe(
      'PROJECT_ACCESS_DENIED',
    );
    const list = (await k.call('GET', `/project/${f.projectA}/budget`, f.client.key)).json()
      .data as BudgetList;
    expect(list.budgets).toHaveLength(1);
    expect(list.budgets[0]).toMatchObject({
      amount: 200,
      currency: 'KRW',
      period: 'total',
      milestoneIdx: null,
    });
  });

  it('DELETE removes a budget; a second DELETE is 404 BUDGET_NOT_FOUND', async () => {
    const m = await k.call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title: 'M' });
    const milestoneIdx = m.json().data.milestoneIdx as number;
    expect(
      (await put(f.client, { milestoneIdx, amount: 50, currency: 'USD', period: 'month' })).statusCode,
    ).toBe(200);
    const url = `/project/${f.projectA}/budget?milestoneIdx=${milestoneIdx}`;
    expect((await k.call('DELETE', url, f.solo.key)).statusCode).toBe(403);
    expect((await k.call('DELETE', url, f.client.key)).statusCode).toBe(200);
    const again = await k.call('DELETE', url, f.client.key);
    expect(again.statusCode).toBe(404);
    expect(codeOf(again)).toBe('BUDGET_NOT_FOUND');
  });
});

describe('GET /member/spending', () => {
  let f: PlanningFixture;
  let k: SettlementKit;
  beforeAll(async () => {
    f = await planningFixture(t, 'sp');
    k = settlementKit(t, f, 'sp');
  });
  const report = async (who: Person, year = 2025) => {
    const res = await k.call('GET', `/member/spending?year=${year}`, who.key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SpendingReport;
  };

  it('sums approved and paid settlements per project, month and currency, never across currencies', async () => {
    const a = await approved(f, k, '202501', 480); // 480,000 KRW
    const b = await approved(f, k, '202501', 240); // 240,000 KRW
    const c = await approved(f, k, '202502', 480, { currency: 'USD', dailyRate: 40_000 }); // $400.00
    await k.moved(f.client, b.settlementIdx, 'pay');
    // A draft and a submitted one are not spend.
    const pro = await k.professional();
    const ct = await k.contractFor(pro, { startDt: '20250301', endDt: '20250328' });
    await k.logTime(pro, '20250310', 480);
    const sub = await k.settlementOf(ct, '202503');
    await k.moved(pro, sub.settlementIdx, 'submit');

    const r = await report(f.client);
    expect(r.year).toBe(2025);
    const mine = r.projects.find((p) => p.projectIdx === f.projectA)!;
    expect(mine.months).toEqual([
      { month: '202501', currency: 'KRW', grossAmount: a.grossAmount + b.grossAmount },
      { month: '202502', currency: 'USD', grossAmount: c.grossAmount },
    ]);
    expect(mine.totals).toEqual([
      { currency: 'KRW', grossAmount: 720_000 },
      { currency: 'USD', grossAmount: 40_000 },
    ]);
    expect(r.totals).toEqual(mine.totals);
    // The admin sees the same; other years are empty.
    expect((await report(f.admin)).totals).toEqual(mine.totals);
    expect((await report(f.client, 2024)).totals).toEqual([]);
  });

  it('leaves out projects where the caller may not see money', async () => {
    // Professionals of project A see nothing of it; the outsider sees only their own project B.
    for (const pro of [f.lead, f.dev, f.solo])
      expect((await report(pro)).projects.map((p) => p.projectIdx)).not.toContain(f.projectA);
    const outsider = await report(f.outsider);
    expect(outsider.projects.map((p) => p.projectIdx)).toEqual([f.projectB]);
    expect(outsider.totals).toEqual([]);
  });

  it('refuses a bad year with 400', async () => {
    const res = await k.call('GET', '/member/spending?year=abc', f.client.key);
    expect(res.statusCode).toBe(400);
    expect((await k.call('GET', '/member/spending')).statusCode).toBe(401);
  });
});

describe('budget alerts at 80 % and 100 %', () => {
  let f: PlanningFixture;
  let k: SettlementKit;
  beforeAll(async () => {
    f = await planningFixture(t, 'ba');
    k = settlementKit(t, f, 'ba');
  });
  const alerts = async () =>
    (
      await t.database.db
        .select()
        .from(domainEvents)
        .where(
          and(eq(domainEvents.name, 'budget.threshold_reached'), eq(domainEvents.projectIdx, f.projectA)),
        )
        .orderBy(asc(domainEvents.eventIdx))
    ).map((e) => e.payload as { threshold: number; spent: number; amount: number; period: string });
  const put = (body: object) => k.call('PUT', `/project/${f.projectA}/budget`, f.client.key, body);

  it('fires once at 80 %, once at 100 %, survives replays, and re-arms when raised', async () => {
    expect((await put({ amount: 1_000_000, currency: 'KRW' })).statusCode).toBe(200);
    await approved(f, k, '202504', 240); // 240,000: 24 %
    expect(await alerts()).toEqual([]);
    const crossing = await approved(f, k, '202504', 576); // +576,000 = 816,000: 81.6 %
    expect(await alerts()).toEqual([
      expect.objectContaining({ threshold: 80, spent: 816_000, amount: 1_000_000, period: 'total' }),
    ]);

    // The approval event replayed (its consumption forgotten) and handled twice at once: no new alert.
    const [approvedEvent] = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.name, 'settlement.approved'), eq(domainEvents.projectIdx, f.projectA)))
      .then((rows) =>
        rows.filter((r) => (r.payload as { settlementIdx: number }).settlementIdx === crossing.settlementIdx),
      );
    await t.database.db
      .delete(domainEventConsumptions)
      .where(eq(domainEventConsumptions.eventIdx, approvedEvent!.eventIdx));
    await t.database.db
      .update(domainEvents)
      .set({ dispatchedAt: null, claimedUntil: null })
      .where(eq(domainEvents.eventIdx, approvedEvent!.eventIdx));
    t.app.ctx.events.kick();
    await settle();
    const fired = await Promise.all(
      [1, 2, 3].map(() => t.app.services.spending.evaluate(f.projectA, '202504', crossing.settlementIdx)),
    );
    expect(fired).toEqual([0, 0, 0]);
    expect(await alerts()).toHaveLength(1);

    // 100 %: once.
    await approved(f, k, '202504', 184); // +184,000 = 1,000,000 exactly
    expect((await alerts()).map((a) => a.threshold)).toEqual([80, 100]);
    await approved(f, k, '202504', 60); // beyond: nothing new
    expect(await alerts()).toHaveLength(2);

    // The clients and admins are told (not the professionals).
    const notices = await t.database.db
      .select({ memberIdx: notifications.memberIdx })
      .from(notifications)
      .where(and(eq(notifications.kind, 'budgetThreshold'), eq(notifications.projectIdx, f.projectA)));
    const told = new Set(notices.map((n) => n.memberIdx));
    expect(told).toEqual(new Set([f.client.memberIdx, f.admin.memberIdx]));
    expect(notices).toHaveLength(4);

    // The same amount again changes nothing; raising re-arms: 1,060,000 of 1,300,000 is 81.5 %, fires at once.
    expect((await put({ amount: 1_000_000, currency: 'KRW' })).statusCode).toBe(200);
    expect(await alerts()).toHaveLength(2);
    const raised = await put({ amount: 1_300_000, currency: 'KRW' });
    expect(raised.json().data).toMatchObject({ spent: 1_060_000, reached: [80] });
    await settle();
    expect((await alerts()).map((a) => [a.threshold, a.amount])).toEqual([
      [80, 1_000_000],
      [100, 1_000_000],
      [80, 1_300_000],
    ]);
    expect((await alerts()).length).toBe(3);
  });

  it('a monthly milestone budget counts only its stories, and each month has its own alerts', async () => {
    const m = await k.call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title: 'Phase 1' });
    const milestoneIdx = m.json().data.milestoneIdx as number;
    const res = await k.call('POST', '/story', f.admin.key, {
      projectIdx: f.projectA,
      title: 'S',
      milestoneIdx,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const storyIdx = res.json().data.storyIdx as number;
    expect((await put({ milestoneIdx, amount: 100_000, currency: 'KRW', period: 'month' })).statusCode).toBe(
      200,
    );
    const milestoneAlerts = async () =>
      (await alerts()).filter(
        (a) => (a as unknown as { milestoneIdx: number }).milestoneIdx === milestoneIdx,
      );
    await approved(f, k, '202505', 480); // no story: not the milestone's
    expect(await milestoneAlerts()).toEqual([]);
    await approved(f, k, '202505', 48, { storyIdx }); // 48,000: 48 %
    await approved(f, k, '202505', 48, { storyIdx }); // 96,000: 96 %
    expect((await milestoneAlerts()).map((a) => [a.threshold, a.period])).toEqual([[80, '202505']]);
    await approved(f, k, '202506', 96, { storyIdx }); // another month: its own 80 %
    expect((await milestoneAlerts()).map((a) => [a.threshold, a.period])).toEqual([
      [80, '202505'],
      [80, '202506'],
    ]);
    const list = (await k.call('GET', `/project/${f.projectA}/budget`, f.client.key)).json()
      .data as BudgetList;
    expect(list.budgets.map((b) => b.milestoneIdx)).toEqual([null, milestoneIdx]);
    expect(list.budgets[1]).toMatchObject({ milestoneTitle: 'Phase 1', period: 'month' });
  });
});
