import { errorStatus, type Earnings } from '@teamline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, projects, timekeepings } from '../../db/schema/index.js';
import { api, planningFixture, type Person, type PlanningFixture } from '../../test/planning-fixture.js';
import { settlementKit, type SettlementKit } from '../../test/settlement-fixture.js';
import { addToProject, createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The earnings routes on the real app and database: a professional with settlements in two
 * projects (KRW in A, USD in B) across a year boundary, and another professional whose earnings
 * must stay out of reach.
 */
let t: TestApp;
let f: PlanningFixture;
let k: SettlementKit;
let call: ReturnType<typeof api>;
let pro: Person;
let other: Person;
/** pro's membership in project B. */
let proInB: number;
const ids: Record<string, number> = {};

async function settle(contractIdx: number, month: string, to: 'submitted' | 'approved' | 'paid') {
  const s = await k.settlementOf(contractIdx, month);
  await k.moved(pro.mip === s.memberInProjectIdx ? pro : other, s.settlementIdx, 'submit');
  if (to !== 'submitted') await k.moved(f.admin, s.settlementIdx, 'approve');
  if (to === 'paid')
    await k.moved(f.admin, s.settlementIdx, 'pay', { paidDt: `${month}28`, reference: `TX-${month}` });
  return s.settlementIdx;
}

beforeAll(async () => {
  t = await createTestApp();
  call = api(t);
  f = await planningFixture(t, 'earn');
  k = settlementKit(t, f, 'earn');
  pro = await k.professional();
  other = await k.professional();

  // Project A, KRW at 480,000 a day and 3.3 %: December 2024 paid, January 2025 approved, February submitted.
  const a = await k.contractFor(pro, { startDt: '20241201', endDt: '20250228', withholdingRateBp: 330 });
  await k.logTime(pro, '20241202', 960); // 960,000; withholding 31,680
  await k.logTime(pro, '20250103', 500); // 500,000; withholding 16,500
  await k.logTime(pro, '20250204', 480);
  ids.dec = await settle(a, '202412', 'paid');
  ids.jan = await settle(a, '202501', 'approved');
  ids.feb = await settle(a, '202502', 'submitted');

  // Project B (the outsider's, a client company named with a formula), USD $400.00 a day, no withholding.
  await t.database.db
    .update(projects)
    .set({ companyInProject: '=HYPERLINK("http://x","Acme")' })
    .where(eq(projects.projectIdx, f.projectB));
  proInB = (await addToProject(t, f.projectB, pro.memberIdx, 'depth2')).memberInProjectIdx;
  const offered = await call('POST', '/contract', f.outsider.key, {
    projectIdx: f.projectB,
    memberInProjectIdx: proInB,
    dailyRate: 40_000,
    currency: 'USD',
    startDt: '20250101',
    endDt: '20250131',
    scope: 'USD work',
  });
  expect(offered.statusCode, offered.body).toBe(201);
  const b = offered.json().data.contractIdx as number;
  expect((await call('POST', `/contract/${b}/accept`, pro.key)).statusCode).toBe(200);
  await t.database.db.insert(timekeepings).values({
    projectIdx: f.projectB,
    storyIdx: null,
    memberInProjectIdx: proInB,
    workDt: '20250110',
    minutes: 720,
    createdByIdx: proInB,
  });
  const listB = await call('GET', `/settlement?projectIdx=${f.projectB}&month=202501`, f.outsider.key);
  const sB = listB.json().data.settlements[0];
  expect((await call('POST', `/settlement/${sB.settlementIdx}/submit`, pro.key)).statusCode).toBe(200);
  expect((await call('POST', `/settlement/${sB.settlementIdx}/approve`, f.outsider.key)).statusCode).toBe(
    200,
  );
  ids.usd = sB.settlementIdx;

  // Another professional in project A, paid in January 2025.
  const o = await k.contractFor(other, { startDt: '20250101', endDt: '20250131' });
  await k.logTime(other, '20250105', 480);
  ids.other = await settle(o, '202501', 'paid');
});
afterAll(async () => t?.close());

const earningsOf = async (who: Person, year: number) => {
  const res = await call('GET', `/member/earnings?year=${year}`, who.key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Earnings;
};

describe('GET /member/earnings', () => {
  it('sums the earned settlements of the year by month and currency, pending apart (hand table)', async () => {
    const y2025 = await earningsOf(pro, 2025);
    expect(y2025.years).toEqual([2025, 2024]);
    expect(
      y2025.months.map((m) => [m.month, m.currency, m.grossAmount, m.withholdingAmount, m.netAmount]),
    ).toEqual([
      ['202501', 'KRW', 500_000, 16_500, 483_500],
      // 720 minutes × $400.00 ÷ 480 = $600.00, no withholding.
      ['202501', 'USD', 60_000, 0, 60_000],
    ]);
    expect(y2025.totals).toEqual([
      {
        currency: 'KRW',
        count: 1,
        minutes: 500,
        grossAmount: 500_000,
        withholdingAmount: 16_500,
        netAmount: 483_500,
      },
      {
        currency: 'USD',
        count: 1,
        minutes: 720,
        grossAmount: 60_000,
        withholdingAmount: 0,
        netAmount: 60_000,
      },
    ]);
    expect(y2025.pending).toEqual([
      {
        currency: 'KRW',
        count: 1,
        minutes: 480,
        grossAmount: 480_000,
        withholdingAmount: 15_840,
        netAmount: 464_160,
      },
    ]);
    expect(y2025.payers.map((p) => [p.projectIdx, p.currency, p.payerName, p.grossAmount])).toEqual([
      [f.projectA, 'KRW', 'A', 500_000],
      [f.projectB, 'USD', '=HYPERLINK("http://x","Acme")', 60_000],
    ]);
    expect(y2025.settlements.map((s) => s.settlementIdx).sort()).toEqual([ids.jan, ids.feb, ids.usd].sort());

    // The year boundary: December 2024 belongs to 2024 only.
    const y2024 = await earningsOf(pro, 2024);
    expect(y2024.months).toEqual([
      {
        month: '202412',
        currency: 'KRW',
        count: 1,
        minutes: 960,
        grossAmount: 960_000,
        withholdingAmount: 31_680,
        netAmount: 928_320,
      },
    ]);
    expect(y2024.settlements[0]).toMatchObject({
      status: 'paid',
      paidDt: '20241228',
      withholdingRateBp: 330,
    });
    expect((await earningsOf(pro, 2023)).settlements).toEqual([]);
  });

  it('uses the amounts the settlements recorded, not a recomputation', async () => {
    // A recorded withholding that differs from floor(gross × rate) stays as recorded.
    const { settlements } = await import('../../db/schema/index.js');
    await t.database.db
      .update(settlements)
      .set({ withholdingAmount: 16_499, netAmount: 483_501 })
      .where(eq(settlements.settlementIdx, ids.jan!));
    const y = await earningsOf(pro, 2025);
    expect(y.totals.find((x) => x.currency === 'KRW')).toMatchObject({
      withholdingAmount: 16_499,
      netAmount: 483_501,
    });
    await t.database.db
      .update(settlements)
      .set({ withholdingAmount: 16_500, netAmount: 483_500 })
      .where(eq(settlements.settlementIdx, ids.jan!));
  });

  it("never shows another member's settlements", async () => {
    const mine = await earningsOf(pro, 2025);
    expect(mine.settlements.some((s) => s.settlementIdx === ids.other)).toBe(false);
    const theirs = await earningsOf(other, 2025);
    expect(theirs.settlements.map((s) => s.settlementIdx)).toEqual([ids.other]);
    // The client and the admin who decided the settlements earned nothing themselves.
    expect((await earningsOf(f.admin, 2025)).settlements).toEqual([]);
    expect((await earningsOf(f.client, 2025)).months).toEqual([]);
  });

  it('refuses a missing key and a bad year', async () => {
    expect((await call('GET', '/member/earnings?year=2025')).statusCode).toBe(401);
    for (const year of ['', 'abc', '1999', '2101', '2025.5']) {
      const res = await call('GET', `/member/earnings?year=${year}`, pro.key);
      expect(res.statusCode, year).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /member/earnings/statement', () => {
  const statement = (who: Person, query: string) =>
    call('GET', `/member/earnings/statement?${query}`, who.key);

  it('writes the CSV with a BOM, the payer, each month and the totals, formulas defused', async () => {
    const res = await statement(pro, `year=2025&payer=${f.projectB}&format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Yearly earnings and withholding statement');
    // The company's name starts with "=": written as text, quoted.
    expect(lines[1]).toBe(`Payer,"'=HYPERLINK(""http://x"",""Acme"")"`);
    expect(lines).toContain('Period,2025-01 – 2025-12');
    expect(lines).toContain('2025-01,USD,Approved,,0%,600.00,0.00,600.00');
    expect(lines).toContain('Total (USD),USD,,,,600.00,0.00,600.00');
  });

  it('writes the statement of project A in the earner’s language, pending months left out', async () => {
    await t.database.db.update(members).set({ lang: 'kr' }).where(eq(members.memberIdx, pro.memberIdx));
    try {
      const res = await statement(pro, `year=2025&payer=${f.projectA}&format=csv`);
      expect(res.statusCode, res.body).toBe(200);
      const disposition = String(res.headers['content-disposition']);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('소득명세서-2025-A.csv');
      expect(res.body).toContain('2025-01,KRW,승인됨,,3.3%,500000,16500,483500');
      expect(res.body).not.toContain('2025-02');
      expect(res.body).toContain('합계 (KRW),KRW,,,,500000,16500,483500');
      const dec = await statement(pro, `year=2024&payer=${f.projectA}&format=csv`);
      expect(dec.body).toContain('2024-12,KRW,지급 완료,2024-12-28,3.3%,960000,31680,928320');

      const pdf = await statement(pro, `year=2024&payer=${f.projectA}&format=pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { extractText, getDocumentProxy } = await import('unpdf');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
        mergePages: true,
      });
      for (const expected of [
        '연간 소득 및 원천징수 명세서',
        '지급처',
        '960,000원',
        '31,680원',
        '928,320원',
        '합계 (KRW)',
      ])
        expect(text).toContain(expected);
    } finally {
      await t.database.db.update(members).set({ lang: 'en' }).where(eq(members.memberIdx, pro.memberIdx));
    }
  });

  it("answers 404 for a payer that paid the caller nothing that year, another's included", async () => {
    const notFound = errorStatus.EARNINGS_STATEMENT_NOT_FOUND;
    for (const [who, query] of [
      [other, `year=2025&payer=${f.projectB}&format=csv`], // pro's payer, not other's
      [f.outsider, `year=2025&payer=${f.projectA}&format=pdf`],
      [pro, `year=2023&payer=${f.projectA}&format=csv`],
      [pro, `year=2025&payer=999999&format=csv`],
    ] as const) {
      const res = await statement(who, query);
      expect(res.statusCode, query).toBe(notFound);
      expect(res.json().error.code).toBe('EARNINGS_STATEMENT_NOT_FOUND');
    }
    // The other professional's own payer answers them.
    const onlyPending = await statement(other, `year=2025&payer=${f.projectA}&format=csv`);
    expect(onlyPending.statusCode).toBe(200);
    expect(
      (await call('GET', `/member/earnings/statement?year=2025&payer=${f.projectA}&format=csv`)).statusCode,
    ).toBe(401);
    expect((await statement(pro, `year=2025&payer=${f.projectA}&format=xls`)).statusCode).toBe(400);
    expect((await statement(pro, `year=2025&payer=0&format=csv`)).statusCode).toBe(400);
  });
});
