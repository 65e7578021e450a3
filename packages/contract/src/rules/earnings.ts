/**
 * A professional's earnings across projects (docs/product/earnings-and-spending.md#earnings): sums of
 * the amounts each settlement recorded, per month, per year and per payer, one currency at a time.
 * Nothing here recomputes pay or withholding: the settlement rules (rules/settlement.ts) did that
 * once, and a submitted settlement's amounts are frozen; this only adds integers in minor units.
 */
import type { SettlementStatus } from '../schemas/settlement.js';
import type { Currency } from './settlement.js';
import { currencies } from './settlement.js';
import { assertNonNegativeInteger } from './money.js';

/** Earned: the payer accepted the amount (approved) or paid it. Frozen amounts only. */
export const earnedStatuses = ['approved', 'paid'] as const satisfies readonly SettlementStatus[];
/** Pending: submitted and awaiting the payer's answer; shown apart, never in the earned totals. */
export const pendingStatuses = ['submitted'] as const satisfies readonly SettlementStatus[];
/** Statuses the earnings page reads at all (drafts and returned ones still move with the time sheet). */
export const earningsStatuses = [...earnedStatuses, ...pendingStatuses] as const;

export const isEarnedStatus = (status: SettlementStatus): boolean =>
  (earnedStatuses as readonly SettlementStatus[]).includes(status);

/** What a sum needs of one settlement. */
export interface EarningsSource {
  month: string;
  status: SettlementStatus;
  currency: Currency;
  projectIdx: number;
  minutes: number;
  grossAmount: number;
  withholdingAmount: number;
  netAmount: number;
}

export interface MoneySum {
  currency: Currency;
  /** How many settlements were added. */
  count: number;
  minutes: number;
  grossAmount: number;
  withholdingAmount: number;
  netAmount: number;
}

const emptySum = (currency: Currency): MoneySum => ({
  currency,
  count: 0,
  minutes: 0,
  grossAmount: 0,
  withholdingAmount: 0,
  netAmount: 0,
});

function add(sum: MoneySum, row: EarningsSource): void {
  for (const value of [row.minutes, row.grossAmount, row.withholdingAmount, row.netAmount])
    assertNonNegativeInteger('amount', value);
  sum.count += 1;
  sum.minutes += row.minutes;
  sum.grossAmount += row.grossAmount;
  sum.withholdingAmount += row.withholdingAmount;
  sum.netAmount += row.netAmount;
  for (const value of [sum.minutes, sum.grossAmount, sum.withholdingAmount, sum.netAmount])
    if (!Number.isSafeInteger(value)) throw new RangeError('a sum exceeds the safe integer range');
}

const currencyOrder = (a: Currency, b: Currency) => currencies.indexOf(a) - currencies.indexOf(b);

/** Sums keyed by `key(row)` and currency, ordered by key, then currency (KRW before USD). */
function sumBy<K extends string | number>(
  rows: readonly EarningsSource[],
  key: (row: EarningsSource) => K,
): { key: K; sum: MoneySum }[] {
  const groups = new Map<string, { key: K; sum: MoneySum }>();
  for (const row of rows) {
    const k = key(row);
    const id = `${k}|${row.currency}`;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { key: k, sum: emptySum(row.currency) }));
    add(group.sum, row);
  }
  return [...groups.values()].sort((a, b) =>
    a.key === b.key ? currencyOrder(a.sum.currency, b.sum.currency) : a.key < b.key ? -1 : 1,
  );
}

export interface EarningsSummary {
  /** Earned per month (`YYYYMM`) and currency: only months with an earned settlement. */
  months: (MoneySum & { month: string })[];
  /** Earned over all the rows, per currency. */
  totals: MoneySum[];
  /** Earned per payer (project) and currency. */
  payers: (MoneySum & { projectIdx: number })[];
  /** Submitted, awaiting the payer: per currency, apart from the earned sums. */
  pending: MoneySum[];
}

/**
 * The earnings page's sums from the settlements themselves: earned ones (approved, paid) per month,
 * in total and per payer; pending ones (submitted) per currency. Other statuses are left out.
 * Different currencies are never added together.
 */
export function summarizeEarnings(rows: readonly EarningsSource[]): EarningsSummary {
  const earned = rows.filter((r) => isEarnedStatus(r.status));
  const pending = rows.filter((r) => (pendingStatuses as readonly string[]).includes(r.status));
  return {
    months: sumBy(earned, (r) => r.month).map((g) => ({ month: g.key, ...g.sum })),
    totals: sumBy(earned, () => '').map((g) => g.sum),
    payers: sumBy(earned, (r) => r.projectIdx).map((g) => ({ projectIdx: g.key, ...g.sum })),
    pending: sumBy(pending, () => '').map((g) => g.sum),
  };
}
