import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonthsToCode,
  chargeAfterCoupon,
  couponDiscount,
  daysBetween,
  periodEndOf,
  periodPrice,
  prorateAdd,
  refundAmount,
  refundModeAt,
  sheetPeriodPrice,
} from './billing.js';

/**
 * The hand table of docs/decisions.md "Subscriptions and billing": each row worked out on paper.
 * Amounts in minor units: won for KRW, cents for USD (default prices 10,000 KRW and 800 cents a sheet
 * a month; 12M = round half up (monthly × 12 × 0.8)).
 */
const handTable: { case: string; got: () => number; want: number }[] = [
  { case: 'KRW 30D, 3 sheets: 3 × 10,000', got: () => periodPrice('30D', 3, 10_000), want: 30_000 },
  { case: 'KRW 12M, 2 sheets: 2 × 96,000', got: () => periodPrice('12M', 2, 10_000), want: 192_000 },
  { case: 'USD 30D, 1 sheet: $8.00', got: () => periodPrice('30D', 1, 800), want: 800 },
  { case: 'USD 12M, 1 sheet: 800 × 12 × 0.8 = $76.80', got: () => sheetPeriodPrice('12M', 800), want: 7_680 },
  { case: 'FREE costs nothing', got: () => periodPrice('FREE', 7, 10_000), want: 0 },
  {
    case: 'ADD KRW 30D, 2 sheets, 20 of 30 days: 13,333.33 → 13,333',
    got: () => prorateAdd({ count: 2, sheetPeriodPrice: 10_000, remainingDays: 20, periodDays: 30 }),
    want: 13_333,
  },
  {
    case: 'ADD KRW 30D, 1 sheet, 15 of 31 days: 4,838.71 → 4,839',
    got: () => prorateAdd({ count: 1, sheetPeriodPrice: 10_000, remainingDays: 15, periodDays: 31 }),
    want: 4_839,
  },
  {
    case: 'ADD USD 30D, 1 sheet, last day of 30: 26.67 → 27 cents',
    got: () => prorateAdd({ count: 1, sheetPeriodPrice: 800, remainingDays: 1, periodDays: 30 }),
    want: 27,
  },
  {
    case: 'ADD USD 12M, 3 sheets, 100 of 365 days: 6,312.33 → $63.12',
    got: () => prorateAdd({ count: 3, sheetPeriodPrice: 7_680, remainingDays: 100, periodDays: 365 }),
    want: 6_312,
  },
  {
    case: 'ADD half up: price 15, 1 sheet, 1 of 2 days: 7.5 → 8',
    got: () => prorateAdd({ count: 1, sheetPeriodPrice: 15, remainingDays: 1, periodDays: 2 }),
    want: 8,
  },
  {
    case: 'Refund FULL KRW within 7 days: all of 10,000',
    got: () =>
      refundAmount({ mode: 'FULL', paid: 10_000, alreadyRefunded: 0, unusedDays: 25, periodDays: 30 }),
    want: 10_000,
  },
  {
    case: 'Refund PARTIAL KRW, 20 of 30 days unused: 6,666.67 → 6,666',
    got: () =>
      refundAmount({ mode: 'PARTIAL', paid: 10_000, alreadyRefunded: 0, unusedDays: 20, periodDays: 30 }),
    want: 6_666,
  },
  {
    case: 'Refund PARTIAL USD 12M, 300 of 365 days unused: 6,312.33 → $63.12',
    got: () =>
      refundAmount({ mode: 'PARTIAL', paid: 7_680, alreadyRefunded: 0, unusedDays: 300, periodDays: 365 }),
    want: 6_312,
  },
  {
    case: 'Refund PARTIAL USD never above what is left: 773 capped at 800 − 700',
    got: () =>
      refundAmount({ mode: 'PARTIAL', paid: 800, alreadyRefunded: 700, unusedDays: 29, periodDays: 30 }),
    want: 100,
  },
  { case: 'Coupon 20 % of 30,000 KRW → 24,000', got: () => chargeAfterCoupon(30_000, 20), want: 24_000 },
  {
    case: 'Coupon 15 % of $7.99: discount floor(119.85) → 680 cents',
    got: () => chargeAfterCoupon(799, 15),
    want: 680,
  },
  {
    case: 'Coupon 100 % (a free period) → 0, the gateway is skipped',
    got: () => chargeAfterCoupon(96_000, 100),
    want: 0,
  },
];

describe('billing hand table', () => {
  for (const row of handTable) it(row.case, () => expect(row.got()).toBe(row.want));

  it('periods: a month clamps to the last day, a year is 365 or 366 days', () => {
    expect(periodEndOf('30D', '20260131')).toBe('20260228');
    expect(periodEndOf('30D', '20261124')).toBe('20261224');
    expect(daysBetween('20261124', periodEndOf('12M', '20261124'))).toBe(365);
    expect(daysBetween('20270301', addMonthsToCode('20270301', 12))).toBe(366);
  });

  it('FULL within 7 × 24 hours of the charge, PARTIAL from then on', () => {
    const paid = new Date('2026-11-01T10:00:00Z');
    expect(refundModeAt(paid, new Date('2026-11-08T09:59:59Z'))).toBe('FULL');
    expect(refundModeAt(paid, new Date('2026-11-08T10:00:00Z'))).toBe('PARTIAL');
  });
});

const price = fc.integer({ min: 0, max: 10_000_000 });
const period = fc
  .integer({ min: 1, max: 366 })
  .chain((total) =>
    fc.record({ total: fc.constant(total), remaining: fc.integer({ min: -5, max: total + 5 }) }),
  );

describe('billing properties', () => {
  it('ADD is never negative and never above the period price of the sheets added', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 0, max: 1000 }), period, (p, count, d) => {
        const amount = prorateAdd({
          count,
          sheetPeriodPrice: p,
          remainingDays: d.remaining,
          periodDays: d.total,
        });
        expect(Number.isSafeInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThanOrEqual(0);
        expect(amount).toBeLessThanOrEqual(count * p);
      }),
    );
  });

  it('a refund is never negative, never above what is left of the charge, nor the period price', () => {
    fc.assert(
      fc.property(
        price,
        fc.integer({ min: 0, max: 10_000_000 }),
        period,
        fc.constantFrom('FULL' as const, 'PARTIAL' as const),
        (paid, refunded, d, mode) => {
          const already = Math.min(refunded, paid);
          const amount = refundAmount({
            mode,
            paid,
            alreadyRefunded: already,
            unusedDays: d.remaining,
            periodDays: d.total,
          });
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount + already).toBeLessThanOrEqual(paid);
        },
      ),
    );
  });

  it('ADD then refund (any mode, any day after) returns at most what was paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100 }),
        period,
        fc.integer({ min: 0, max: 366 }),
        fc.constantFrom('FULL' as const, 'PARTIAL' as const),
        (p, count, d, later, mode) => {
          const paid = prorateAdd({
            count,
            sheetPeriodPrice: p,
            remainingDays: d.remaining,
            periodDays: d.total,
          });
          const covered = Math.min(Math.max(d.remaining, 0), d.total);
          const back = refundAmount({
            mode,
            paid,
            alreadyRefunded: 0,
            unusedDays: covered - later,
            periodDays: Math.max(covered, 1),
          });
          expect(back).toBeGreaterThanOrEqual(0);
          expect(back).toBeLessThanOrEqual(paid);
        },
      ),
    );
  });

  it('a coupon never makes a charge negative or larger', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: -10, max: 200 }), (amount, pct) => {
        const charge = chargeAfterCoupon(amount, pct);
        expect(charge).toBeGreaterThanOrEqual(0);
        expect(charge).toBeLessThanOrEqual(amount);
        expect(couponDiscount(amount, pct) + charge).toBe(amount);
      }),
    );
  });
});
