import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forecastOf, reachedThresholds, sumByCurrency } from './budget.js';
import { currencies } from './settlement.js';

describe('reachedThresholds (exact integers)', () => {
  it.each([
    [0, 1_000, []],
    [799, 1_000, []],
    [800, 1_000, [80]],
    [999, 1_000, [80]],
    [1_000, 1_000, [80, 100]],
    [5_000, 1_000, [80, 100]],
    // 80 % of 3 is 2.4: 2 is below, 3 reaches both.
    [2, 3, []],
    [3, 3, [80, 100]],
    [799_999_999_999, 1_000_000_000_000, []],
    [800_000_000_000, 1_000_000_000_000, [80]],
  ])('%d of %d → %j', (spent, amount, want) => {
    expect(reachedThresholds(spent, amount)).toEqual(want);
  });
});

describe('forecastOf', () => {
  it.each([
    // periodSpent, monthSpent, day, days → forecast
    [0, 0, 15, 30, 0],
    [100, 100, 15, 30, 200], // a monthly budget half-way
    [1_000, 100, 15, 30, 1_100], // a total budget: 900 before this month + 200
    [10, 10, 3, 31, 103], // 10 × 31 ÷ 3 = 103.33 → 103
    [1, 1, 2, 31, 16], // 15.5 rounds half up to 16
    [500, 500, 31, 31, 500], // the last day: what was spent
  ])(
    '%d spent (%d this month) on day %d of %d → %d',
    (periodSpent, monthSpent, dayOfMonth, daysInMonth, want) => {
      expect(forecastOf({ periodSpent, monthSpent, dayOfMonth, daysInMonth })).toBe(want);
    },
  );

  it('never forecasts below what was spent (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 28, max: 31 }),
        fc.integer({ min: 1, max: 31 }),
        (before, month, days, day) => {
          const d = Math.min(day, days);
          const f = forecastOf({
            periodSpent: before + month,
            monthSpent: month,
            dayOfMonth: d,
            daysInMonth: days,
          });
          expect(f).toBeGreaterThanOrEqual(before + month);
          expect(Number.isSafeInteger(f)).toBe(true);
        },
      ),
    );
  });
});

describe('sumByCurrency (fast-check)', () => {
  it('each currency sums exactly its own rows, and no other currency appears', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            currency: fc.constantFrom(...currencies),
            grossAmount: fc.integer({ min: 0, max: 1e9 }),
          }),
          { maxLength: 50 },
        ),
        (rows) => {
          const sums = sumByCurrency(rows);
          for (const c of currencies) {
            const own = rows.filter((r) => r.currency === c);
            const found = sums.find((s) => s.currency === c);
            if (own.length === 0) expect(found).toBeUndefined();
            else expect(found!.grossAmount).toBe(own.reduce((s, r) => s + r.grossAmount, 0));
          }
          expect(sums.map((s) => s.currency)).toEqual([...sums.map((s) => s.currency)].sort());
        },
      ),
    );
  });
});
