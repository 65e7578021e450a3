import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateByLargestRemainder,
  computeSettlement,
  formatMinorUnits,
  payForMinutes,
  withholdingFor,
  type TimeEntryForPay,
} from './settlement.js';

/**
 * The hand table: each row worked out on paper from docs/product/timekeeping-and-settlement.md#pay-arithmetic formulas.
 * gross = round half up (minutes × rate ÷ 480), withholding = floor (gross × bp ÷ 10,000).
 */
const handTable = [
  // currency, daily rate (minor units), minutes, bp, gross, withholding, net, why
  ['KRW', 350_000, 480, 330, 350_000, 11_550, 338_450, 'one full day, 3.3 %'],
  ['KRW', 350_000, 1, 330, 729, 24, 705, '729.1666… rounds down; 24.057 floors'],
  ['KRW', 300_000, 1, 0, 625, 0, 625, 'exact minute, no withholding'],
  ['KRW', 200_001, 240, 0, 100_001, 0, 100_001, '100000.5 rounds half up'],
  ['KRW', 480_001, 1, 330, 1_000, 33, 967, '1000.002 rounds down'],
  ['KRW', 12_345, 480, 330, 12_345, 407, 11_938, '3.3 % of an odd total: 407.385 floors'],
  ['KRW', 1_000_000, 22 * 480, 330, 22_000_000, 726_000, 21_274_000, 'a full month of 22 days'],
  ['KRW', 350_000, 0, 330, 0, 0, 0, 'no time, no pay'],
  ['USD', 50_000, 7, 0, 729, 0, 729, '$500/day for 7 minutes = $7.29'],
  ['USD', 62_500, 455, 330, 59_245, 1_955, 57_290, '7 h 35 min at $625: 59244.79 cents'],
  ['USD', 100_001, 240, 0, 50_001, 0, 50_001, '50000.5 cents rounds half up'],
  ['USD', 80_000, 1_439, 330, 239_833, 7_914, 231_919, 'odd minutes: 239833.33 cents'],
] as const;

describe('settlement amounts, by hand', () => {
  it.each(handTable)(
    '%s rate %i × %i min, %i bp → gross %i, withholding %i, net %i (%s)',
    (_c, rate, minutes, bp, gross, withholding, net) => {
      const amounts = computeSettlement({
        dailyRate: rate,
        withholdingRateBp: bp,
        entries: minutes === 0 ? [] : [{ storyIdx: 1, workDt: '2026-11-02', minutes }],
      });
      expect(amounts).toMatchObject({
        minutes,
        grossAmount: gross,
        withholdingAmount: withholding,
        netAmount: net,
      });
    },
  );

  it('three equal lines of 625 won share it as 209 + 208 + 208 (the earlier line takes the spare won)', () => {
    const amounts = computeSettlement({
      dailyRate: 1_000,
      withholdingRateBp: 0,
      entries: [
        { storyIdx: 3, workDt: '2026-11-02', minutes: 100 },
        { storyIdx: 1, workDt: '2026-11-02', minutes: 100 },
        { storyIdx: 2, workDt: '2026-11-02', minutes: 100 },
      ],
    });
    expect(amounts.grossAmount).toBe(625);
    expect(amounts.lines.map((l) => [l.storyIdx, l.amount])).toEqual([
      [1, 209],
      [2, 208],
      [3, 208],
    ]);
  });

  it('entries of the same story and day become one line; days are in order, entries without a story last', () => {
    const amounts = computeSettlement({
      dailyRate: 480_000,
      withholdingRateBp: 0,
      entries: [
        { storyIdx: 7, workDt: '2026-11-03', minutes: 30 },
        { storyIdx: null, workDt: '2026-11-02', minutes: 15 },
        { storyIdx: 7, workDt: '2026-11-03', minutes: 45 },
        { storyIdx: 9, workDt: '2026-11-02', minutes: 60 },
      ],
    });
    expect(amounts.lines).toEqual([
      { storyIdx: 9, workDt: '2026-11-02', minutes: 60, amount: 60_000 },
      { storyIdx: null, workDt: '2026-11-02', minutes: 15, amount: 15_000 },
      { storyIdx: 7, workDt: '2026-11-03', minutes: 75, amount: 75_000 },
    ]);
  });

  it('refuses negative or fractional minutes and rates, and a withholding above 100 %', () => {
    expect(() => payForMinutes(-1, 1_000)).toThrow(RangeError);
    expect(() => payForMinutes(1.5, 1_000)).toThrow(RangeError);
    expect(() => payForMinutes(60, 99.5)).toThrow(RangeError);
    expect(() => withholdingFor(1_000, 10_001)).toThrow(RangeError);
  });

  it('stays exact where floating point would not: lines of a month at the largest daily rate', () => {
    // 199,715,979,171 × 44,639 passes 2^53 when a line's share is worked out; BigInt keeps it exact.
    const s = computeSettlement({
      dailyRate: 2_147_483_647,
      withholdingRateBp: 330,
      entries: [
        { storyIdx: 1, workDt: '2026-11-01', minutes: 44_639 },
        { storyIdx: 2, workDt: '2026-11-02', minutes: 1 },
      ],
    });
    expect(s.grossAmount).toBe(199_715_979_171);
    expect(s.lines.map((l) => l.amount)).toEqual([199_711_505_247, 4_473_924]);
  });
});

const entryArb: fc.Arbitrary<TimeEntryForPay> = fc.record({
  storyIdx: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
  workDt: fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`),
  minutes: fc.integer({ min: 1, max: 1_440 }),
});
const rateArb = fc.integer({ min: 0, max: 2_147_483_647 });
const bpArb = fc.integer({ min: 0, max: 10_000 });

describe('settlement amounts, for any entries (fast-check)', () => {
  it('the lines add up to the total exactly, each within one unit of its exact share', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 60 }), rateArb, bpArb, (entries, dailyRate, bp) => {
        const s = computeSettlement({ dailyRate, withholdingRateBp: bp, entries });
        expect(s.lines.reduce((a, l) => a + l.amount, 0)).toBe(s.grossAmount);
        expect(s.lines.reduce((a, l) => a + l.minutes, 0)).toBe(s.minutes);
        for (const line of s.lines) {
          // |amount − gross × minutes ÷ Σ minutes| < 1, compared in integers.
          const exact = BigInt(s.grossAmount) * BigInt(line.minutes);
          const scaled = BigInt(line.amount) * BigInt(s.minutes);
          const diff = scaled > exact ? scaled - exact : exact - scaled;
          expect(diff < BigInt(s.minutes)).toBe(true);
        }
      }),
    );
  });

  it('the total is the hand formula: round half up of Σ minutes × rate ÷ 480, then floor of the withholding', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 60 }), rateArb, bpArb, (entries, dailyRate, bp) => {
        const s = computeSettlement({ dailyRate, withholdingRateBp: bp, entries });
        const product = BigInt(s.minutes) * BigInt(dailyRate);
        // gross is the integer g with g − ½ ≤ product ÷ 480 < g + ½.
        expect(BigInt(2 * s.grossAmount - 1) * 240n <= product).toBe(true);
        expect(product < BigInt(2 * s.grossAmount + 1) * 240n).toBe(true);
        const withheld = BigInt(s.grossAmount) * BigInt(bp);
        expect(BigInt(s.withholdingAmount) * 10_000n <= withheld).toBe(true);
        expect(withheld < BigInt(s.withholdingAmount + 1) * 10_000n).toBe(true);
        expect(s.netAmount).toBe(s.grossAmount - s.withholdingAmount);
        expect(s.netAmount).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('computing again, or from the entries in another order, gives the same amounts', () => {
    fc.assert(
      fc.property(
        fc
          .array(entryArb, { maxLength: 40 })
          .chain((entries) =>
            fc.tuple(fc.constant(entries), fc.shuffledSubarray(entries, { minLength: entries.length })),
          ),
        rateArb,
        bpArb,
        ([entries, shuffled], dailyRate, bp) => {
          const first = computeSettlement({ dailyRate, withholdingRateBp: bp, entries });
          expect(computeSettlement({ dailyRate, withholdingRateBp: bp, entries })).toEqual(first);
          expect(computeSettlement({ dailyRate, withholdingRateBp: bp, entries: shuffled })).toEqual(first);
        },
      ),
    );
  });

  it('largest remainder never hands out more or less than the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc
          .array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 50 })
          .filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const shares = allocateByLargestRemainder(total, weights);
          expect(shares.reduce((a, s) => a + s, 0)).toBe(total);
          weights.forEach((w, i) => {
            if (w === 0) expect(shares[i]).toBe(0);
          });
        },
      ),
    );
  });
});

describe('formatMinorUnits', () => {
  it.each([
    [1_234_567, 'KRW', 'kr', '1,234,567원'],
    [1_234_567, 'KRW', 'en', '₩1,234,567'],
    [1_234_567, 'KRW', 'vi', '1.234.567\u00a0₩'],
    [123_456_789, 'USD', 'kr', 'US$1,234,567.89'],
    [123_456_789, 'USD', 'en', '$1,234,567.89'],
    [123_456_789, 'USD', 'vi', '1.234.567,89\u00a0US$'],
    [0, 'KRW', 'en', '₩0'],
    [0, 'USD', 'en', '$0.00'],
    [5, 'USD', 'en', '$0.05'],
    [100, 'USD', 'vi', '1,00\u00a0US$'],
    [999, 'KRW', 'kr', '999원'],
    [1_000, 'KRW', 'kr', '1,000원'],
    [-338_450, 'KRW', 'en', '-₩338,450'],
    [-5, 'USD', 'vi', '-0,05\u00a0US$'],
  ] as const)('%i %s in %s is %s', (amount, currency, lang, expected) => {
    expect(formatMinorUnits(amount, currency, lang)).toBe(expected);
  });

  it('keeps every digit of amounts past 2^53 ÷ 100, where dividing in floating point would not', () => {
    expect(formatMinorUnits(Number.MAX_SAFE_INTEGER, 'USD', 'en')).toBe('$90,071,992,547,409.91');
    expect(formatMinorUnits(Number.MAX_SAFE_INTEGER, 'KRW', 'vi')).toBe('9.007.199.254.740.991\u00a0₩');
  });

  it('writes what Intl.NumberFormat writes for whole amounts in each language (won in Korean: 원 after the number)', () => {
    const locales = { kr: 'ko-KR', en: 'en-US', vi: 'vi-VN' } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom('KRW' as const, 'USD' as const),
        fc.constantFrom('kr' as const, 'en' as const, 'vi' as const),
        (amount, currency, lang) => {
          // A multiple of 100 cents is a whole dollar, exact in floating point after the division.
          const minor = currency === 'USD' ? amount * 100 : amount;
          const intl =
            lang === 'kr' && currency === 'KRW'
              ? `${new Intl.NumberFormat(locales.kr).format(amount)}원`
              : new Intl.NumberFormat(locales[lang], { style: 'currency', currency }).format(amount);
          expect(formatMinorUnits(minor, currency, lang)).toBe(intl);
        },
      ),
    );
  });

  it('refuses a fraction of a minor unit', () => {
    expect(() => formatMinorUnits(1.5, 'KRW', 'en')).toThrow(RangeError);
  });
});
