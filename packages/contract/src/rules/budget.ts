import type { Currency } from './settlement.js';

/**
 * Spending and budgets (docs/product/spending-and-budgets.md). Spend is the gross of the project's
 * approved and paid settlements, exactly as they recorded it, summed per currency and never across
 * currencies. Every amount is integer minor units.
 */

/** The thresholds of a budget that send an alert, in percent of its amount. */
export const budgetThresholds = [80, 100] as const;
export type BudgetThreshold = (typeof budgetThresholds)[number];

/** `total`: everything since the project began; `month`: each calendar month (UTC) on its own. */
export const budgetPeriods = ['total', 'month'] as const;
export type BudgetPeriod = (typeof budgetPeriods)[number];

/** Which period a month's spend falls in: `total` for a whole-project budget, else the month `YYYYMM`. */
export const budgetPeriodKey = (period: BudgetPeriod, month: string): string =>
  period === 'total' ? 'total' : month;

/** The thresholds `spent` has reached against `amount` (exact integer comparison: spent × 100 ≥ amount × t). */
export const reachedThresholds = (spent: number, amount: number): BudgetThreshold[] =>
  budgetThresholds.filter((t) => spent * 100 >= amount * t);

/** Integer division rounded half up (both operands non-negative, divisor positive). */
const divideHalfUp = (numerator: number, divisor: number): number =>
  Math.floor((2 * numerator + divisor) / (2 * divisor));

/**
 * The forecast of a budget's period from the current month's burn: the current month's spend so far
 * projected to the whole month (÷ days elapsed × days in the month, rounded half up), plus what the
 * period spent before this month. A `month` budget: `periodSpent` is the month's spend.
 */
export function forecastOf(input: {
  periodSpent: number;
  monthSpent: number;
  dayOfMonth: number;
  daysInMonth: number;
}): number {
  const { periodSpent, monthSpent, dayOfMonth, daysInMonth } = input;
  const projected = divideHalfUp(monthSpent * daysInMonth, Math.max(1, dayOfMonth));
  return periodSpent - monthSpent + projected;
}

/** One sum of spend: a month (or null for a total) and a currency. */
export interface SpendSum {
  currency: Currency;
  grossAmount: number;
}

/** Gross per currency, currencies in alphabetical order; never adds two currencies together. */
export function sumByCurrency(rows: readonly { currency: Currency; grossAmount: number }[]): SpendSum[] {
  const sums = new Map<Currency, number>();
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0) + row.grossAmount);
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, grossAmount]) => ({ currency, grossAmount }));
}
