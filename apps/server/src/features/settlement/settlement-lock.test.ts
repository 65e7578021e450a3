import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlements } from '../../db/schema/index.js';
import { inTransaction } from '../../shared/transaction.js';
import { planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { settlementKit, type SettlementKit } from '../../test/settlement-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { isMonthLocked } from './settlement-lock.js';
import { membershipsOn } from '../membership/membership.port.js';

let t: TestApp;
let f: PlanningFixture;
let k: SettlementKit;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'sl');
  k = settlementKit(t, f, 'sl');
});
afterAll(async () => {
  await t?.close();
});

describe('isMonthLocked (the time sheet asks it under the membership lock)', () => {
  it('is true exactly while the member’s settlement of the month is submitted, approved or paid', async () => {
    const pro = await k.professional();
    const other = await k.professional();
    const c = await k.contractFor(pro, { startDt: '20210101', endDt: '20210331' });
    await k.logTime(pro, '20210210', 60);
    const locked = (month = '202102', who = pro.mip, projectIdx = f.projectA) =>
      isMonthLocked(t.database.db, projectIdx, who, month);
    expect(await locked()).toBe(false); // no settlement yet
    const { settlementIdx } = await k.settlementOf(c, '202102');
    const status = async () =>
      (await t.database.db.select().from(settlements).where(eq(settlements.settlementIdx, settlementIdx)))[0]!
        .status;
    expect(await locked()).toBe(false); // draft
    await k.moved(pro, settlementIdx, 'submit');
    expect(await locked()).toBe(true);
    expect(await locked('20210215')).toBe(true); // a day of the month
    expect(await locked('202101')).toBe(false);
    expect(await locked('202103')).toBe(false);
    expect(await locked('202102', other.mip)).toBe(false);
    expect(await locked('202102', pro.mip, f.projectB)).toBe(false);
    await k.moved(f.client, settlementIdx, 'return');
    expect(await status()).toBe('returned');
    expect(await locked()).toBe(false);
    await k.moved(pro, settlementIdx, 'submit');
    await k.moved(f.client, settlementIdx, 'approve');
    expect(await locked()).toBe(true);
    await k.moved(f.admin, settlementIdx, 'pay');
    expect(await locked()).toBe(true);
  });

  it('runs on a transaction handle, and a submit waits for an entry writer holding the member lock', async () => {
    const pro = await k.professional();
    const c = await k.contractFor(pro, { startDt: '20210401', endDt: '20210430' });
    await k.logTime(pro, '20210402', 60);
    const { settlementIdx } = await k.settlementOf(c, '202104');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // A time entry writer: locks the member row, finds the month open, writes, commits.
    const writer = inTransaction(t.database.db, async (tx) => {
      await membershipsOn(tx).lockMember(pro.mip);
      const open = await isMonthLocked(tx, f.projectA, pro.mip, '202104');
      entered();
      await held;
      return open;
    });
    await inside;
    const submit = k.move(pro, settlementIdx, 'submit');
    await new Promise((resolve) => setTimeout(resolve, 150));
    release();
    expect(await writer).toBe(false);
    expect((await submit).statusCode).toBe(200);
    expect(await isMonthLocked(t.database.db, f.projectA, pro.mip, '202104')).toBe(true);
  });
});
