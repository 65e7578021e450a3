import { computeSettlement, type Settlement } from '@teamline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlements, stories } from '../../db/schema/index.js';
import { planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { settlementKit, type SettlementKit } from '../../test/settlement-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: PlanningFixture;
let k: SettlementKit;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'st');
  k = settlementKit(t, f, 'st');
});
afterAll(async () => {
  await t?.close();
});

const codeOf = (res: { json(): { error: { code: string } } }) => res.json().error.code;
const rowsOf = async (contractIdx: number) =>
  t.database.db.select().from(settlements).where(eq(settlements.contractIdx, contractIdx));

describe('GET /settlement (a month of a project)', () => {
  it('creates a draft per accepted contract overlapping the month, computed from its period’s entries', async () => {
    const pro = await k.professional();
    const c = await k.contractFor(pro, { startDt: '20250110', endDt: '20250220', withholdingRateBp: 330 });
    await k.logTime(pro, '20250109', 480); // before the contract
    await k.logTime(pro, '20250110', 480);
    await k.logTime(pro, '20250131', 240);
    await k.logTime(pro, '20250201', 60); // next month
    const s = await k.settlementOf(c, '202501');
    // 720 minutes × 480,000 ÷ 480 = 720,000; withholding floor(720,000 × 3.3 %) = 23,760.
    expect(s).toMatchObject({
      contractIdx: c,
      projectIdx: f.projectA,
      memberInProjectIdx: pro.mip,
      month: '202501',
      status: 'draft',
      minutes: 720,
      grossAmount: 720_000,
      withholdingAmount: 23_760,
      netAmount: 696_240,
      currency: 'KRW',
      dailyRate: 480_000,
      withholdingRateBp: 330,
      submittedAt: null,
      autoApproveAt: null,
      autoApproved: false,
    });
    expect(s.lines).toBeUndefined();
    expect(s.can).toMatchObject({ submit: false, approve: false, pay: false });
    // A new entry is counted on the next read; the row is not duplicated.
    await k.logTime(pro, '20250115', 30);
    expect((await k.settlementOf(c, '202501')).minutes).toBe(750);
    expect(await rowsOf(c)).toHaveLength(1);
    expect((await k.settlementOf(c, '202502')).minutes).toBe(60);
    // Outside the period: no settlement.
    expect((await k.list(f.admin, '202503')).settlements.some((x) => x.contractIdx === c)).toBe(false);
  });

  it('lists neither offers still awaiting nor declined ones', async () => {
    const pro = await k.professional();
    const offered = await k.call('POST', '/contract', f.client.key, {
      projectIdx: f.projectA,
      memberInProjectIdx: pro.mip,
      dailyRate: 100,
      currency: 'USD',
      startDt: '20240101',
      scope: 'x',
    });
    const idx = offered.json().data.contractIdx as number;
    expect((await k.list(f.admin, '202401')).settlements.some((x) => x.contractIdx === idx)).toBe(false);
    await k.call('POST', `/contract/${idx}/decline`, pro.key, { reason: 'no' });
    expect((await k.list(f.admin, '202401')).settlements.some((x) => x.contractIdx === idx)).toBe(false);
  });

  it('concurrent first reads create one row and all answer', async () => {
    const pro = await k.professional();
    const c = await k.contractFor(pro, { startDt: '20240601', endDt: '20240630' });
    await k.logTime(pro, '20240603', 100);
    const answers = await Promise.all(
      [f.admin, f.client, pro, f.admin, f.client].map((who) =>
        k.call('GET', `/settlement?projectIdx=${f.projectA}&month=202406`, who.key),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await rowsOf(c)).toHaveLength(1);
  });

  it('each caller sees what the record rule allows: own, the team’s, or the project’s', async () => {
    const teamPro = await k.professional('depth2', { lead: f.lead });
    const loner = await k.professional();
    const a = await k.contractFor(teamPro, { startDt: '20230301', endDt: '20230331' });
    const b = await k.contractFor(loner, { startDt: '20230301', endDt: '20230331' });
    const seen = async (who: typeof f.admin) =>
      (await k.list(who, '202303')).settlements.map((s) => s.contractIdx).sort((x, y) => x - y);
    expect(await seen(f.admin)).toEqual([a, b]);
    expect(await seen(f.client)).toEqual([a, b]);
    expect(await seen(f.lead)).toEqual([a]);
    expect(await seen(teamPro)).toEqual([a]);
    expect(await seen(loner)).toEqual([b]);
    expect(await seen(f.solo)).toEqual([]);
    const stranger = await k.call('GET', `/settlement?projectIdx=${f.projectA}&month=202303`, f.outsider.key);
    expect(stranger.statusCode).toBe(403);
    expect(codeOf(stranger)).toBe('PROJECT_ACCESS_DENIED');
    // One settlement: the same rule; anyone else learns nothing (404, as for a missing id).
    const { settlementIdx } = await k.settlementOf(a, '202303');
    for (const who of [f.admin, f.client, f.lead, teamPro])
      expect((await k.one(who, settlementIdx)).statusCode).toBe(200);
    for (const who of [loner, f.solo, f.outsider]) {
      const res = await k.one(who, settlementIdx);
      expect(res.statusCode).toBe(404);
      expect(codeOf(res)).toBe('SETTLEMENT_NOT_FOUND');
      expect(res.body).not.toContain('grossAmount');
    }
    expect(codeOf(await k.one(f.admin, 999_999))).toBe('SETTLEMENT_NOT_FOUND');
    // The project B owner asks for project A's month through their own project: nothing of A.
    expect((await k.list(f.outsider, '202303', f.projectB)).settlements).toEqual([]);
  });

  it('refuses a bad month or project with the validation codes', async () => {
    for (const month of ['2025', '202513', '202500', 'abcdef'])
      expect(
        codeOf(await k.call('GET', `/settlement?projectIdx=${f.projectA}&month=${month}`, f.admin.key)),
      ).toBe('VALIDATION_FAILED');
    expect(codeOf(await k.call('GET', '/settlement?month=202501', f.admin.key))).toBe('VALIDATION_FAILED');
  });
});

describe('GET /settlement/{settlementIdx}', () => {
  it('has lines per story and day with titles, adding up to the gross; a deleted story shows as none', async () => {
    const pro = await k.professional();
    const c = await k.contractFor(pro, { startDt: '20220101', dailyRate: 100_001, withholdingRateBp: 0 });
    const s1 = await k.story('Login page');
    const s2 = await k.story('Gone soon');
    await k.logTime(pro, '20220103', 100, s1);
    await k.logTime(pro, '20220103', 50, s1);
    await k.logTime(pro, '20220103', 77, s2);
    await k.logTime(pro, '20220104', 13, null);
    const { settlementIdx } = await k.settlementOf(c, '202201');
    const res = await k.one(pro, settlementIdx);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as Settlement;
    const expected = computeSettlement({
      dailyRate: 100_001,
      withholdingRateBp: 0,
      entries: [
        { storyIdx: s1, workDt: '20220103', minutes: 150 },
        { storyIdx: s2, workDt: '20220103', minutes: 77 },
        { storyIdx: null, workDt: '20220104', minutes: 13 },
      ],
    });
    expect(s.grossAmount).toBe(expected.grossAmount);
    expect(s.lines).toEqual([
      {
        storyIdx: s1,
        storyTitle: 'Login page',
        workDt: '20220103',
        minutes: 150,
        amount: expected.lines[0]!.amount,
      },
      {
        storyIdx: s2,
        storyTitle: 'Gone soon',
        workDt: '20220103',
        minutes: 77,
        amount: expected.lines[1]!.amount,
      },
      {
        storyIdx: null,
        storyTitle: null,
        workDt: '20220104',
        minutes: 13,
        amount: expected.lines[2]!.amount,
      },
    ]);
    expect(s.lines!.reduce((a, l) => a + l.amount, 0)).toBe(s.grossAmount);
    expect(s.history).toEqual([]);
    expect(s.can).toEqual({ submit: true, approve: false, return: false, pay: false, export: true });
    // Frozen by the submission, then the story is deleted: its line stays, without the story.
    await k.moved(pro, settlementIdx, 'submit');
    await t.database.db.delete(stories).where(eq(stories.storyIdx, s2));
    const after = (await k.one(f.client, settlementIdx)).json().data as Settlement;
    expect(after.lines![1]).toEqual({
      storyIdx: null,
      storyTitle: null,
      workDt: '20220103',
      minutes: 77,
      amount: expected.lines[1]!.amount,
    });
    expect(after.grossAmount).toBe(expected.grossAmount);
    expect(after.can).toEqual({ submit: false, approve: true, return: true, pay: false, export: true });
  });
});

describe('GET /settlement/{settlementIdx}/export (the export routes on the real service)', () => {
  it('whoever sees the settlement downloads its statement as CSV or PDF; anyone else gets 404', async () => {
    const pro = await k.professional();
    const c = await k.contractFor(pro, { startDt: '20210701', currency: 'USD', dailyRate: 40_050 });
    const s1 = await k.story('=SUM(A1), "quoted"');
    await k.logTime(pro, '20210702', 480, s1);
    const { settlementIdx } = await k.settlementOf(c, '202107');
    const url = (format: string) => `/settlement/${settlementIdx}/export?format=${format}`;
    const csv = await k.call('GET', url('csv'), f.client.key);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    // The line's story title, defused as a formula and quoted.
    expect(csv.body).toContain(`"'=SUM(A1), ""quoted"""`);
    expect(csv.body).toContain('40050');
    const pdf = await k.call('GET', url('pdf'), pro.key);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(codeOf(await k.call('GET', url('xls'), f.client.key))).toBe('VALIDATION_FAILED');
    for (const who of [f.solo, f.outsider]) {
      const hidden = await k.call('GET', url('csv'), who.key);
      expect(hidden.statusCode).toBe(404);
      expect(codeOf(hidden)).toBe('SETTLEMENT_NOT_FOUND');
    }
  });
});

describe('spend', () => {
  it('sums approved and paid gross per month and currency over 12 months, for what the caller sees', async () => {
    const pro = await k.professional();
    const usd = await k.professional('depth2', { lead: f.lead });
    const c = await k.contractFor(pro, { startDt: '20200101', endDt: '20201231' });
    const d = await k.contractFor(usd, {
      startDt: '20200101',
      endDt: '20201231',
      currency: 'USD',
      dailyRate: 40_000,
    });
    const decide = async (
      contractIdx: number,
      who: typeof pro,
      month: string,
      minutes: number,
      to: 'approved' | 'paid' | 'submitted',
    ) => {
      await k.logTime(who, `${month}05`, minutes);
      const { settlementIdx } = await k.settlementOf(contractIdx, month);
      await k.moved(who, settlementIdx, 'submit');
      if (to !== 'submitted') await k.moved(f.client, settlementIdx, 'approve');
      if (to === 'paid') await k.moved(f.admin, settlementIdx, 'pay');
    };
    await decide(c, pro, '202001', 480, 'paid');
    await decide(c, pro, '202003', 240, 'approved');
    await decide(c, pro, '202004', 60, 'submitted'); // not spent yet
    await decide(d, usd, '202003', 120, 'approved');
    const all = (await k.list(f.client, '202012')).spend;
    expect(all).toEqual([
      { month: '202001', currency: 'KRW', grossAmount: 480_000 },
      { month: '202003', currency: 'KRW', grossAmount: 240_000 },
      { month: '202003', currency: 'USD', grossAmount: 10_000 },
    ]);
    // 202101's window starts at 202002.
    expect((await k.list(f.admin, '202101')).spend.map((s) => s.month)).toEqual(['202003', '202003']);
    expect((await k.list(f.lead, '202012')).spend).toEqual([
      { month: '202003', currency: 'USD', grossAmount: 10_000 },
    ]);
    expect((await k.list(pro, '202012')).spend.map((s) => s.currency)).toEqual(['KRW', 'KRW']);
    expect((await k.list(f.solo, '202012')).spend).toEqual([]);
  });

  it('the client dashboard shows the spend of this month and the previous one', async () => {
    const pro = await k.professional();
    const now = new Date();
    const month = now.toISOString().slice(0, 7).replace('-', '');
    const c = await k.contractFor(pro, { startDt: `${month}01`, dailyRate: 96_000 });
    await k.logTime(pro, `${month}01`, 30);
    const { settlementIdx } = await k.settlementOf(c, month);
    await k.moved(pro, settlementIdx, 'submit');
    await k.moved(f.admin, settlementIdx, 'approve');
    const dash = async (who: typeof pro) =>
      (await k.call('GET', `/dashboard?projectIdx=${f.projectA}`, who.key)).json().data.settlement;
    expect(await dash(f.client)).toEqual({
      available: true,
      spend: [{ month, currency: 'KRW', grossAmount: 6_000 }],
    });
    expect(await dash(f.admin)).toEqual({ available: true, spend: null });
  });
});
