import type { Settlement } from '@teamline/contract';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, settlementHistories, settlements, timekeepings } from '../../db/schema/index.js';
import { planningFixture, type Person, type PlanningFixture } from '../../test/planning-fixture.js';
import { settlementKit, type SettlementKit } from '../../test/settlement-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: PlanningFixture;
let k: SettlementKit;
let month = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'sm');
  k = settlementKit(t, f, 'sm');
});
afterAll(async () => {
  await t?.close();
});

const codeOf = (res: { json(): { error: { code: string } } }) => res.json().error.code;
const eventsOf = async (settlementIdx: number) =>
  (
    await t.database.db
      .select()
      .from(domainEvents)
      .where(like(domainEvents.name, 'settlement.%'))
      .orderBy(asc(domainEvents.eventIdx))
  )
    .filter((e) => (e.payload as { settlementIdx: number }).settlementIdx === settlementIdx)
    .map((e) => ({ name: e.name, payload: e.payload }));

/** A fresh professional with a one-month contract, 480 minutes logged, and its draft settlement. */
async function draft(options: { lead?: Person; isAdmin?: boolean; role?: 'depth1' | 'depth2' } = {}) {
  const m = `2019${String(++month).padStart(2, '0')}`;
  const pro = await k.professional(options.role ?? 'depth2', options);
  const contractIdx = await k.contractFor(pro, { startDt: `${m}01`, endDt: `${m}28` });
  await k.logTime(pro, `${m}02`, 480);
  const s = await k.settlementOf(contractIdx, m);
  return { pro, contractIdx, month: m, settlementIdx: s.settlementIdx };
}

describe('submit', () => {
  it('the professional submits: amounts and lines freeze, the auto-approval is set, the month locks', async () => {
    const d = await draft();
    const before = Date.now();
    const s = await k.moved(d.pro, d.settlementIdx, 'submit');
    expect(s).toMatchObject({ status: 'submitted', minutes: 480, grossAmount: 480_000, decidedByIdx: null });
    expect(s.lines).toEqual([
      { storyIdx: null, storyTitle: null, workDt: `${d.month}02`, minutes: 480, amount: 480_000 },
    ]);
    const submittedAt = Date.parse(s.submittedAt!);
    expect(submittedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(s.autoApproveAt!) - submittedAt).toBe(7 * 86_400_000);
    expect(s.history).toEqual([
      {
        fromStatus: 'draft',
        toStatus: 'submitted',
        actorIdx: d.pro.mip,
        note: null,
        createdAt: s.submittedAt,
      },
    ]);
    // Entries written after the submission do not change it.
    await k.logTime(d.pro, `${d.month}03`, 120);
    expect((await k.settlementOf(d.contractIdx, d.month)).minutes).toBe(480);
    expect((await k.one(f.client, d.settlementIdx)).json().data.grossAmount).toBe(480_000);
    expect(await eventsOf(d.settlementIdx)).toEqual([
      {
        name: 'settlement.submitted',
        payload: {
          settlementIdx: d.settlementIdx,
          contractIdx: d.contractIdx,
          memberInProjectIdx: d.pro.mip,
          month: d.month,
          status: 'submitted',
          from: 'draft',
          actorIdx: d.pro.mip,
        },
      },
    ]);
  });

  it('only the professional: the hiring side 403 PROFESSIONAL_ONLY or FORBIDDEN, their lead FORBIDDEN', async () => {
    const d = await draft({ lead: f.lead });
    expect(codeOf(await k.move(f.client, d.settlementIdx, 'submit'))).toBe('PROFESSIONAL_ONLY');
    expect(codeOf(await k.move(f.lead, d.settlementIdx, 'submit'))).toBe('FORBIDDEN');
    expect(codeOf(await k.move(f.admin, d.settlementIdx, 'submit'))).toBe('FORBIDDEN');
    for (const who of [f.solo, f.outsider]) {
      const res = await k.move(who, d.settlementIdx, 'submit');
      expect(res.statusCode).toBe(404);
      expect(codeOf(res)).toBe('SETTLEMENT_NOT_FOUND');
    }
    expect((await k.one(f.admin, d.settlementIdx)).json().data.status).toBe('draft');
  });

  it('an empty month is 409 SETTLEMENT_EMPTY; submitting twice is 409 SETTLEMENT_WRONG_STATE with the status', async () => {
    const pro = await k.professional();
    const c = await k.contractFor(pro, { startDt: '20180101', endDt: '20180131' });
    const empty = await k.settlementOf(c, '201801');
    const res = await k.move(pro, empty.settlementIdx, 'submit');
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('SETTLEMENT_EMPTY');
    const d = await draft();
    await k.moved(d.pro, d.settlementIdx, 'submit');
    const again = await k.move(d.pro, d.settlementIdx, 'submit');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'SETTLEMENT_WRONG_STATE',
      details: { status: 'submitted' },
    });
  });
});

describe('approve, return, pay', () => {
  it('approve by the client; pay by the admin; every wrong state is 409 with the current status', async () => {
    const d = await draft();
    const wrong = async (who: Person, to: 'approve' | 'return' | 'pay', status: string) => {
      const res = await k.move(who, d.settlementIdx, to);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'SETTLEMENT_WRONG_STATE', details: { status } });
    };
    await wrong(f.client, 'approve', 'draft');
    await wrong(f.client, 'return', 'draft');
    await wrong(f.client, 'pay', 'draft');
    await k.moved(d.pro, d.settlementIdx, 'submit');
    await wrong(f.admin, 'pay', 'submitted');
    const approved = await k.moved(f.client, d.settlementIdx, 'approve');
    expect(approved).toMatchObject({
      status: 'approved',
      decidedByIdx: f.client.mip,
      autoApproved: false,
      autoApproveAt: null,
      grossAmount: 480_000,
    });
    expect(approved.can).toMatchObject({ pay: true, approve: false, return: false });
    expect((await k.one(d.pro, d.settlementIdx)).json().data.can).toMatchObject({
      pay: false,
      approve: false,
    });
    await wrong(f.admin, 'approve', 'approved');
    await wrong(f.admin, 'return', 'approved');
    await wrong(d.pro, 'submit' as 'pay', 'approved');
    const paid = await k.moved(f.admin, d.settlementIdx, 'pay', {
      paidDt: '20191105',
      reference: ' Wire 42 ',
    });
    expect(paid).toMatchObject({
      status: 'paid',
      paidDt: '20191105',
      paidReference: 'Wire 42',
      grossAmount: 480_000,
    });
    await wrong(f.client, 'pay', 'paid');
    expect(paid.history!.map((h) => [h.fromStatus, h.toStatus, h.actorIdx])).toEqual([
      ['draft', 'submitted', d.pro.mip],
      ['submitted', 'approved', f.client.mip],
      ['approved', 'paid', f.admin.mip],
    ]);
    expect((await eventsOf(d.settlementIdx)).map((e) => e.name)).toEqual([
      'settlement.submitted',
      'settlement.approved',
      'settlement.paid',
    ]);
    expect((await eventsOf(d.settlementIdx))[1]!.payload).toMatchObject({
      status: 'approved',
      from: 'submitted',
      actorIdx: f.client.mip,
      automatic: false,
    });
  });

  it('return needs a note, unlocks the month (recomputed again) and can be submitted again', async () => {
    const d = await draft();
    await k.moved(d.pro, d.settlementIdx, 'submit');
    for (const body of [{}, { note: '   ' }]) {
      const res = await k.move(f.client, d.settlementIdx, 'return', body);
      expect(res.statusCode).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
    const returned = await k.moved(f.client, d.settlementIdx, 'return', { note: ' Day 2 was a holiday ' });
    expect(returned).toMatchObject({
      status: 'returned',
      returnNote: 'Day 2 was a holiday',
      decidedByIdx: f.client.mip,
    });
    expect(returned.history!.at(-1)).toMatchObject({
      fromStatus: 'submitted',
      toStatus: 'returned',
      note: 'Day 2 was a holiday',
    });
    await k.logTime(d.pro, `${d.month}04`, 240);
    expect((await k.settlementOf(d.contractIdx, d.month)).minutes).toBe(720);
    const again = await k.moved(d.pro, d.settlementIdx, 'submit');
    expect(again).toMatchObject({ status: 'submitted', minutes: 720, grossAmount: 720_000 });
    expect(Date.parse(again.submittedAt!)).toBeGreaterThanOrEqual(Date.parse(returned.decidedAt!));
    expect(
      (await eventsOf(d.settlementIdx)).map((e) => `${e.name}:${(e.payload as { from: string }).from}`),
    ).toEqual([
      'settlement.submitted:draft',
      'settlement.returned:submitted',
      'settlement.submitted:returned',
    ]);
  });

  it('the professional never decides: ADMIN_OR_CLIENT_ONLY, or SETTLEMENT_OWN_APPROVAL with admin authority', async () => {
    const d = await draft();
    await k.moved(d.pro, d.settlementIdx, 'submit');
    for (const to of ['approve', 'return', 'pay'] as const)
      expect(codeOf(await k.move(d.pro, d.settlementIdx, to))).toBe('ADMIN_OR_CLIENT_ONLY');
    expect(codeOf(await k.move(f.lead, d.settlementIdx, 'approve'))).toBe('SETTLEMENT_NOT_FOUND');
    const boss = await draft({ role: 'depth1', isAdmin: true });
    await k.moved(boss.pro, boss.settlementIdx, 'submit');
    for (const to of ['approve', 'return'] as const) {
      const res = await k.move(boss.pro, boss.settlementIdx, to);
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('SETTLEMENT_OWN_APPROVAL');
    }
    const own = (await k.one(boss.pro, boss.settlementIdx)).json().data as Settlement;
    expect(own.can).toMatchObject({ approve: false, return: false });
    await k.moved(f.admin, boss.settlementIdx, 'approve');
    expect(codeOf(await k.move(boss.pro, boss.settlementIdx, 'pay'))).toBe('SETTLEMENT_OWN_APPROVAL');
    // Yet the admin-authority professional decides others' settlements.
    await k.moved(boss.pro, d.settlementIdx, 'approve');
  });

  it('a settlement id of another project is not found for its outsiders, on every call', async () => {
    const d = await draft();
    for (const to of ['submit', 'approve', 'return', 'pay'] as const) {
      const res = await k.move(f.outsider, d.settlementIdx, to);
      expect(res.statusCode).toBe(404);
      expect(codeOf(res)).toBe('SETTLEMENT_NOT_FOUND');
    }
    expect(codeOf(await k.move(f.admin, 999_999, 'approve'))).toBe('SETTLEMENT_NOT_FOUND');
  });
});

describe('concurrency', () => {
  it('two approvals at once give one approval and one 409', async () => {
    const d = await draft();
    await k.moved(d.pro, d.settlementIdx, 'submit');
    const answers = await Promise.all([
      k.move(f.client, d.settlementIdx, 'approve'),
      k.move(f.admin, d.settlementIdx, 'approve'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(codeOf(answers.find((r) => r.statusCode === 409)!)).toBe('SETTLEMENT_WRONG_STATE');
    const history = await t.database.db
      .select()
      .from(settlementHistories)
      .where(eq(settlementHistories.settlementIdx, d.settlementIdx));
    expect(history.map((h) => h.toStatus)).toEqual(['submitted', 'approved']);
    expect((await eventsOf(d.settlementIdx)).filter((e) => e.name === 'settlement.approved')).toHaveLength(1);
  });

  it('a submit racing an entry edit ends consistent: the frozen minutes are the entry’s, or the edit is refused', async () => {
    for (let i = 1; i <= 4; i++) {
      // Months of their own: draft() counts the months of 2019.
      const m = `2018${String(i).padStart(2, '0')}`;
      const pro = await k.professional();
      const contractIdx = await k.contractFor(pro, { startDt: `${m}01`, endDt: `${m}28` });
      const entryIdx = await k.logTime(pro, `${m}02`, 480);
      const { settlementIdx } = await k.settlementOf(contractIdx, m);
      const [submit, edit] = await Promise.all([
        k.move(pro, settlementIdx, 'submit'),
        k.call('PATCH', `/timekeeping/${entryIdx}`, pro.key, { minutes: 240 }),
      ]);
      expect(submit.statusCode, submit.body).toBe(200);
      const frozen = (submit.json().data as Settlement).minutes;
      const [entry] = await t.database.db
        .select()
        .from(timekeepings)
        .where(eq(timekeepings.timekeepingIdx, entryIdx));
      if (edit.statusCode === 200) expect(frozen).toBe(240);
      else {
        expect(edit.statusCode).toBe(409);
        expect(codeOf(edit)).toBe('TIMEKEEPING_LOCKED');
        expect(frozen).toBe(480);
      }
      expect(entry!.minutes).toBe(frozen);
    }
  });

  it('an approval racing a return: exactly one wins, the row and its history agree', async () => {
    const d = await draft();
    await k.moved(d.pro, d.settlementIdx, 'submit');
    const answers = await Promise.all([
      k.move(f.client, d.settlementIdx, 'return'),
      k.move(f.admin, d.settlementIdx, 'approve'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.database.db
      .select()
      .from(settlements)
      .where(eq(settlements.settlementIdx, d.settlementIdx));
    const winner = answers.find((r) => r.statusCode === 200)!.json().data as Settlement;
    expect(row!.status).toBe(winner.status);
  });
});
