import { computeSettlement, type Settlement } from '@teamline/contract';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timekeepings } from '../../db/schema/index.js';
import { planningFixture, type Person, type PlanningFixture } from '../../test/planning-fixture.js';
import { settlementKit, type SettlementKit } from '../../test/settlement-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { isMonthLocked } from './settlement-lock.js';
import { shiftMonth } from '@teamline/contract';

let t: TestApp;
let f: PlanningFixture;
let k: SettlementKit;
let pro: Person;
let storyIdxs: number[];
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'sp');
  k = settlementKit(t, f, 'sp');
  pro = await k.professional();
  storyIdxs = [await k.story('Alpha'), await k.story('Beta')];
});
afterAll(async () => {
  await t?.close();
});

const entry = fc.record({
  day: fc.integer({ min: 1, max: 28 }),
  minutes: fc.integer({ min: 1, max: 1440 }),
  story: fc.integer({ min: 0, max: 2 }),
});
const day = (month: string, d: number) => `${month}${String(d).padStart(2, '0')}`;

describe('an approved amount never changes (fast-check)', () => {
  it('whatever is logged before, and whatever is written after the approval', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 8 }),
        fc.array(entry, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        async (before, after, dailyRate, withholdingRateBp) => {
          // Each run: its own month and contract of the one professional (periods never overlap).
          const month = shiftMonth('200001', run++);
          const contractIdx = await k.contractFor(pro, {
            startDt: `${month}01`,
            endDt: `${month}28`,
            dailyRate,
            withholdingRateBp,
          });
          const storyOf = (i: number) => (i === 2 ? null : storyIdxs[i]!);
          for (const e of before) await k.logTime(pro, day(month, e.day), e.minutes, storyOf(e.story));
          const { settlementIdx } = await k.settlementOf(contractIdx, month);
          await k.moved(pro, settlementIdx, 'submit');
          const approved = await k.moved(f.client, settlementIdx, 'approve');
          const expected = computeSettlement({
            dailyRate,
            withholdingRateBp,
            entries: before.map((e) => ({
              storyIdx: storyOf(e.story),
              workDt: day(month, e.day),
              minutes: e.minutes,
            })),
          });
          expect(approved).toMatchObject({
            minutes: expected.minutes,
            grossAmount: expected.grossAmount,
            withholdingAmount: expected.withholdingAmount,
            netAmount: expected.netAmount,
          });
          expect(await isMonthLocked(t.database.db, f.projectA, pro.mip, month)).toBe(true);

          // After the approval: the time sheet refuses writes to the locked month (409
          // TIMEKEEPING_LOCKED); what reaches the table anyway (written here directly) changes nothing.
          for (const e of after) {
            const res = await k.call('POST', '/timekeeping', pro.key, {
              storyIdx: storyIdxs[e.story % 2],
              workDt: day(month, e.day),
              minutes: e.minutes,
            });
            expect(res.statusCode, res.body).toBe(409);
            expect(res.json().error.code).toBe('TIMEKEEPING_LOCKED');
            await k.logTime(pro, day(month, e.day), e.minutes, storyOf(e.story));
          }
          await t.database.db
            .delete(timekeepings)
            .where(
              and(
                eq(timekeepings.memberInProjectIdx, pro.mip),
                eq(timekeepings.workDt, day(month, before[0]!.day)),
              ),
            );

          const reread = (await k.one(f.admin, settlementIdx)).json().data as Settlement;
          const listed = await k.settlementOf(contractIdx, month);
          for (const s of [reread, listed])
            expect(s).toMatchObject({
              status: 'approved',
              minutes: approved.minutes,
              grossAmount: approved.grossAmount,
              withholdingAmount: approved.withholdingAmount,
              netAmount: approved.netAmount,
            });
          expect(reread.lines).toEqual(approved.lines);
          expect(reread.lines!.reduce((a, l) => a + l.amount, 0)).toBe(approved.grossAmount);

          // End it so the next run's contract may be offered (one running contract per member).
          const ended = await k.call('POST', `/contract/${contractIdx}/end`, f.admin.key);
          expect(ended.statusCode, ended.body).toBe(200);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe('the client view sums each draft in the database (fast-check)', () => {
  it('its totals equal the rules over the entries inside both the month and the contract, and the opened settlement', async () => {
    const other = await k.professional();
    const moment = fc.record({
      shift: fc.integer({ min: -1, max: 1 }),
      day: fc.integer({ min: 1, max: 28 }),
    });
    await fc.assert(
      fc.asyncProperty(
        moment,
        fc.option(moment, { nil: undefined }),
        fc.array(fc.record({ at: moment, minutes: fc.integer({ min: 1, max: 900 }) }), { maxLength: 10 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        async (start, end, logged, dailyRate, withholdingRateBp) => {
          const month = shiftMonth('190001', 3 * run++ + 1);
          const dt = (m: { shift: number; day: number }) => day(shiftMonth(month, m.shift), m.day);
          const [startDt, endDt] = [dt(start), end && dt(end)];
          if (endDt !== undefined && endDt < startDt) return; // not a period
          if (endDt !== undefined && endDt < `${month}01`) return; // not in the month's view
          if (startDt > `${month}28`) return;
          // A professional of their own: an open-ended period may not overlap another contract of theirs.
          const worker = await k.professional();
          const contractIdx = await k.contractFor(worker, { startDt, endDt, dailyRate, withholdingRateBp });
          for (const e of logged) {
            await k.logTime(worker, dt(e.at), e.minutes, storyIdxs[e.minutes % 2]);
            await k.logTime(other, dt(e.at), e.minutes + 1); // never theirs
          }
          const from = startDt > `${month}01` ? startDt : `${month}01`;
          const to = endDt !== undefined && endDt < `${month}31` ? endDt : `${month}31`;
          const expected = computeSettlement({
            dailyRate,
            withholdingRateBp,
            entries: logged
              .filter((e) => dt(e.at) >= from && dt(e.at) <= to)
              .map((e) => ({ storyIdx: null, workDt: dt(e.at), minutes: e.minutes })),
          });
          const totals = {
            minutes: expected.minutes,
            grossAmount: expected.grossAmount,
            withholdingAmount: expected.withholdingAmount,
            netAmount: expected.netAmount,
          };
          const listed = await k.settlementOf(contractIdx, month);
          expect(listed).toMatchObject({ status: 'draft', ...totals });
          const opened = (await k.one(f.admin, listed.settlementIdx)).json().data as Settlement;
          expect(opened).toMatchObject(totals);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
