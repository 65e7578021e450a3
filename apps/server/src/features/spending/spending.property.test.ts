import { currencies, type Currency, type SpendingReport } from '@teamline/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlements } from '../../db/schema/index.js';
import { api } from '../../test/planning-fixture.js';
import { addToProject, createProject, signUp, type TestApp, createTestApp } from '../../test/test-app.js';

/**
 * Cross-project spend equals the sums of the settlements it comes from: settlement rows with random
 * projects, months, statuses, currencies and amounts are written to the table, and
 * `GET /member/spending` must answer exactly what a plain model of the same rows says, per project,
 * month and currency, in minor units, leaving out what is not approved or paid and the projects where
 * the caller is not the paying side.
 */
let t: TestApp;
let call: ReturnType<typeof api>;
let client: { key: string; memberIdx: number };
/** Project ids; `counted[i]`: whether the client is the paying side there. */
let projects: number[];
const counted = [true, true, false, true];
/** Per project, three accepted contracts (so a month can have up to three settlements). */
let contractsOf: { contractIdx: number; mip: number }[][];

beforeAll(async () => {
  t = await createTestApp();
  call = api(t);
  client = await signUp(t, 'spx-client@example.com');
  const other = await signUp(t, 'spx-owner@example.com');
  // 0: a client; 1: the creator (admin); 2: a depth2 professional (not counted); 3: depth1 with the admin flag.
  const p0 = await createProject(t, other.key, 'P0');
  await addToProject(t, p0, client.memberIdx, 'client');
  const p1 = await createProject(t, client.key, 'P1');
  const p2 = await createProject(t, other.key, 'P2');
  await addToProject(t, p2, client.memberIdx, 'depth2');
  const p3 = await createProject(t, other.key, 'P3');
  await addToProject(t, p3, client.memberIdx, 'depth1', { isAdmin: true });
  projects = [p0, p1, p2, p3];
  const hirer = [other, client, other, other];
  let n = 0;
  contractsOf = [];
  for (const [i, projectIdx] of projects.entries()) {
    const list: { contractIdx: number; mip: number }[] = [];
    for (let c = 0; c < 3; c++) {
      const pro = await signUp(t, `spx-pro${++n}@example.com`);
      const row = await addToProject(t, projectIdx, pro.memberIdx, 'depth2');
      const offered = await call('POST', '/contract', hirer[i]!.key, {
        projectIdx,
        memberInProjectIdx: row.memberInProjectIdx,
        dailyRate: 1,
        currency: 'KRW',
        startDt: '20000101',
        scope: 'x',
      });
      expect(offered.statusCode, offered.body).toBe(201);
      const contractIdx = offered.json().data.contractIdx as number;
      expect((await call('POST', `/contract/${contractIdx}/accept`, pro.key)).statusCode).toBe(200);
      list.push({ contractIdx, mip: row.memberInProjectIdx });
    }
    contractsOf.push(list);
  }
});
afterAll(async () => {
  await t?.close();
});

interface Row {
  project: number;
  slot: number;
  month: number;
  status: 'draft' | 'submitted' | 'returned' | 'approved' | 'paid';
  currency: Currency;
  gross: number;
}

const row = fc.record({
  project: fc.integer({ min: 0, max: 3 }),
  slot: fc.integer({ min: 0, max: 2 }),
  month: fc.integer({ min: 1, max: 12 }),
  status: fc.constantFrom('draft', 'submitted', 'returned', 'approved', 'paid'),
  currency: fc.constantFrom(...currencies),
  // Up to 10^9 minor units each: sums of dozens stay exact far below 2^53.
  gross: fc.integer({ min: 0, max: 1_000_000_000 }),
}) as fc.Arbitrary<Row>;

const mm = (year: number, month: number) => `${year}${String(month).padStart(2, '0')}`;

/** The model: plain sums of the rows, per key, keys sorted the way the API sorts them. */
function model(
  rows: readonly Row[],
  year: number,
): Omit<SpendingReport, 'projects'> & {
  projects: { projectIdx: number; months: SpendingReport['months']; totals: SpendingReport['totals'] }[];
} {
  const spend = rows.filter((r) => counted[r.project] && (r.status === 'approved' || r.status === 'paid'));
  const sums = (list: Row[], key: (r: Row) => string) => {
    const m = new Map<string, number>();
    for (const r of list) m.set(key(r), (m.get(key(r)) ?? 0) + r.gross);
    return [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  };
  const months = (list: Row[]) =>
    sums(list, (r) => `${mm(year, r.month)}|${r.currency}`).map(([k, grossAmount]) => {
      const [month, currency] = k.split('|') as [string, Currency];
      return { month, currency, grossAmount };
    });
  const totals = (list: Row[]) =>
    sums(list, (r) => r.currency).map(([currency, grossAmount]) => ({
      currency: currency as Currency,
      grossAmount,
    }));
  return {
    year,
    projects: projects.flatMap((projectIdx, i) => {
      if (!counted[i]) return [];
      const own = spend.filter((r) => r.project === i);
      return [{ projectIdx, months: months(own), totals: totals(own) }];
    }),
    months: months(spend),
    totals: totals(spend),
  };
}

async function report(year: number): Promise<SpendingReport> {
  const res = await call('GET', `/member/spending?year=${year}`, client.key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SpendingReport;
}

async function write(rows: readonly Row[], year: number) {
  if (rows.length === 0) return;
  await t.database.db.insert(settlements).values(
    rows.map((r) => ({
      contractIdx: contractsOf[r.project]![r.slot]!.contractIdx,
      projectIdx: projects[r.project]!,
      memberInProjectIdx: contractsOf[r.project]![r.slot]!.mip,
      month: mm(year, r.month),
      status: r.status,
      grossAmount: r.gross,
      withholdingAmount: 0,
      netAmount: r.gross,
      currency: r.currency,
    })),
  );
}

let year = 2001;

describe('cross-project spend equals the sums of its settlements (fast-check)', () => {
  it('per project, month and currency, exactly, and only where the caller pays', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(row, {
          maxLength: 30,
          selector: (r) => `${r.project}|${r.slot}|${r.month}`,
        }),
        async (rows) => {
          // Each run its own year, so runs never see each other's rows.
          const y = year++;
          await write(rows, y);
          const got = await report(y);
          const want = model(rows, y);
          expect(got.totals).toEqual(want.totals);
          expect(got.months).toEqual(want.months);
          expect(
            got.projects.map(({ projectIdx, months, totals }) => ({ projectIdx, months, totals })),
          ).toEqual(want.projects);
          // Per currency, the grand total is the sum of the projects' totals.
          for (const { currency, grossAmount } of got.totals)
            expect(
              got.projects
                .flatMap((p) => p.totals)
                .filter((x) => x.currency === currency)
                .reduce((s, x) => s + x.grossAmount, 0),
            ).toBe(grossAmount);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a hand table', async () => {
    const y = 2099;
    const rows: Row[] = [
      { project: 0, slot: 0, month: 1, status: 'approved', currency: 'KRW', gross: 1_000_001 },
      { project: 0, slot: 1, month: 1, status: 'paid', currency: 'KRW', gross: 999_999 },
      { project: 0, slot: 2, month: 1, status: 'submitted', currency: 'KRW', gross: 5_000_000 },
      { project: 1, slot: 0, month: 1, status: 'approved', currency: 'USD', gross: 12_345 },
      { project: 1, slot: 0, month: 2, status: 'paid', currency: 'KRW', gross: 7 },
      { project: 2, slot: 0, month: 1, status: 'approved', currency: 'KRW', gross: 900_000_000 },
      { project: 3, slot: 0, month: 3, status: 'approved', currency: 'USD', gross: 55 },
      { project: 3, slot: 1, month: 3, status: 'draft', currency: 'USD', gross: 1_000 },
    ];
    await write(rows, y);
    const r = await report(y);
    expect(r.totals).toEqual([
      { currency: 'KRW', grossAmount: 2_000_007 },
      { currency: 'USD', grossAmount: 12_400 },
    ]);
    expect(r.months).toEqual([
      { month: '209901', currency: 'KRW', grossAmount: 2_000_000 },
      { month: '209901', currency: 'USD', grossAmount: 12_345 },
      { month: '209902', currency: 'KRW', grossAmount: 7 },
      { month: '209903', currency: 'USD', grossAmount: 55 },
    ]);
    expect(r.projects.map((p) => [p.projectIdx, p.totals])).toEqual([
      [projects[0], [{ currency: 'KRW', grossAmount: 2_000_000 }]],
      [
        projects[1],
        [
          { currency: 'KRW', grossAmount: 7 },
          { currency: 'USD', grossAmount: 12_345 },
        ],
      ],
      [projects[3], [{ currency: 'USD', grossAmount: 55 }]],
    ]);
  });
});
