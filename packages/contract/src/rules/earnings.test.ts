import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settlementStatuses, type SettlementStatus } from '../schemas/settlement.js';
import { summarizeEarnings, type EarningsSource } from './earnings.js';
import { currencies, settlementTotals, type Currency } from './settlement.js';

/** A settlement as the settlement rules record it: amounts from `settlementTotals`, never made up here. */
const settlementArb: fc.Arbitrary<EarningsSource> = fc
  .record({
    month: fc.tuple(fc.integer({ min: 2024, max: 2026 }), fc.integer({ min: 1, max: 12 })),
    status: fc.constantFrom(...settlementStatuses),
    currency: fc.constantFrom(...currencies),
    projectIdx: fc.integer({ min: 1, max: 4 }),
    minutes: fc.integer({ min: 0, max: 31 * 24 * 60 }),
    dailyRate: fc.integer({ min: 0, max: 5_000_000 }),
    withholdingRateBp: fc.constantFrom(0, 330, 880, 10_000),
  })
  .map(({ month: [y, m], dailyRate, withholdingRateBp, ...rest }) => ({
    ...rest,
    month: `${y}${String(m).padStart(2, '0')}`,
    ...settlementTotals({ dailyRate, withholdingRateBp, minutes: rest.minutes }),
  }));

const earned = (s: SettlementStatus) => s === 'approved' || s === 'paid';
type Field = 'count' | 'minutes' | 'grossAmount' | 'withholdingAmount' | 'netAmount';
const fields: Field[] = ['count', 'minutes', 'grossAmount', 'withholdingAmount', 'netAmount'];
/** The plain sums of `rows` in `currency`, in BigInt: the reference the summary must equal exactly. */
function reference(rows: readonly EarningsSource[], currency: Currency): Record<Field, bigint> {
  const out = { count: 0n, minutes: 0n, grossAmount: 0n, withholdingAmount: 0n, netAmount: 0n };
  for (const r of rows.filter((r) => r.currency === currency)) {
    out.count += 1n;
    for (const f of fields.slice(1)) out[f] += BigInt(r[f as Exclude<Field, 'count'>]);
  }
  return out;
}
const asBig = (sum: Record<Field, number> | undefined) =>
  sum
    ? (Object.fromEntries(fields.map((f) => [f, BigInt(sum[f])])) as Record<Field, bigint>)
    : { count: 0n, minutes: 0n, grossAmount: 0n, withholdingAmount: 0n, netAmount: 0n };

describe('summarizeEarnings (property)', () => {
  it('per month, per year and per payer, each currency on its own, equals the settlements it comes from', () => {
    fc.assert(
      fc.property(fc.array(settlementArb, { maxLength: 60 }), (rows) => {
        const summary = summarizeEarnings(rows);
        const earnedRows = rows.filter((r) => earned(r.status));
        for (const currency of currencies) {
          // The year: every earned settlement of the currency.
          expect(asBig(summary.totals.find((t) => t.currency === currency))).toEqual(
            reference(earnedRows, currency),
          );
          // Each month.
          for (const month of new Set(rows.map((r) => r.month)))
            expect(asBig(summary.months.find((m) => m.month === month && m.currency === currency))).toEqual(
              reference(
                earnedRows.filter((r) => r.month === month),
                currency,
              ),
            );
          // Each payer.
          for (const projectIdx of new Set(rows.map((r) => r.projectIdx)))
            expect(
              asBig(summary.payers.find((p) => p.projectIdx === projectIdx && p.currency === currency)),
            ).toEqual(
              reference(
                earnedRows.filter((r) => r.projectIdx === projectIdx),
                currency,
              ),
            );
          // Pending: submitted only.
          expect(asBig(summary.pending.find((p) => p.currency === currency))).toEqual(
            reference(
              rows.filter((r) => r.status === 'submitted'),
              currency,
            ),
          );
        }
        // The months add up to the year, and every sum keeps net = gross − withholding.
        for (const currency of currencies) {
          const months = summary.months.filter((m) => m.currency === currency);
          const total = summary.totals.find((t) => t.currency === currency);
          expect(months.reduce((a, m) => a + m.grossAmount, 0)).toBe(total?.grossAmount ?? 0);
        }
        for (const sum of [...summary.months, ...summary.totals, ...summary.payers, ...summary.pending])
          expect(sum.netAmount).toBe(sum.grossAmount - sum.withholdingAmount);
        // No empty group, months in order.
        expect(summary.months.every((m) => m.count > 0)).toBe(true);
        const keys = summary.months.map((m) => `${m.month}${m.currency}`);
        expect(keys).toEqual([...keys].sort());
      }),
      { numRuns: 300 },
    );
  });
});

describe('summarizeEarnings (by hand)', () => {
  const row = (
    month: string,
    status: SettlementStatus,
    currency: Currency,
    projectIdx: number,
    gross: number,
    withholding: number,
  ): EarningsSource => ({
    month,
    status,
    currency,
    projectIdx,
    minutes: 480,
    grossAmount: gross,
    withholdingAmount: withholding,
    netAmount: gross - withholding,
  });
  const rows = [
    row('202501', 'paid', 'KRW', 1, 350_000, 11_550),
    row('202501', 'approved', 'KRW', 2, 12_345, 407),
    row('202501', 'approved', 'USD', 2, 59_245, 1_955),
    row('202502', 'paid', 'KRW', 1, 22_000_000, 726_000),
    row('202502', 'submitted', 'KRW', 1, 729, 24),
    row('202503', 'draft', 'KRW', 1, 1_000, 33),
    row('202503', 'returned', 'USD', 2, 1_000, 0),
  ];

  it('adds earned ones per month and currency, never across currencies', () => {
    const s = summarizeEarnings(rows);
    expect(
      s.months.map((m) => [m.month, m.currency, m.grossAmount, m.withholdingAmount, m.netAmount]),
    ).toEqual([
      ['202501', 'KRW', 362_345, 11_957, 350_388],
      ['202501', 'USD', 59_245, 1_955, 57_290],
      ['202502', 'KRW', 22_000_000, 726_000, 21_274_000],
    ]);
    expect(s.totals.map((t) => [t.currency, t.count, t.grossAmount, t.withholdingAmount])).toEqual([
      ['KRW', 3, 22_362_345, 737_957],
      ['USD', 1, 59_245, 1_955],
    ]);
    expect(s.payers.map((p) => [p.projectIdx, p.currency, p.grossAmount])).toEqual([
      [1, 'KRW', 22_350_000],
      [2, 'KRW', 12_345],
      [2, 'USD', 59_245],
    ]);
    expect(s.pending).toEqual([
      { currency: 'KRW', count: 1, minutes: 480, grossAmount: 729, withholdingAmount: 24, netAmount: 705 },
    ]);
  });

  it('answers empty sums for no settlements, and refuses an amount that is not a whole number', () => {
    expect(summarizeEarnings([])).toEqual({ months: [], totals: [], payers: [], pending: [] });
    expect(() => summarizeEarnings([row('202501', 'paid', 'KRW', 1, 1.5, 0)])).toThrow(RangeError);
  });
});
