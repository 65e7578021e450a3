import type { Currency, SettlementSpend } from '@teamline/contract';

/** `YYYYMM` of a moment, in UTC like every date code of the API. */
export const monthOf = (date: Date): string => date.toISOString().slice(0, 7).replace('-', '');

/** The first and last day (`YYYYMMDD`) of a month. */
export function daysOf(month: string): { first: string; last: string } {
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4, 6)), 0)).getUTCDate();
  return { first: `${month}01`, last: `${month}${String(days).padStart(2, '0')}` };
}

/** Gross per month and currency, months ascending then currency; only what has an amount. */
export function spendOf(
  rows: readonly { month: string; currency: Currency; grossAmount: number }[],
): SettlementSpend[] {
  const sums = new Map<string, SettlementSpend>();
  for (const row of rows) {
    const key = `${row.month}|${row.currency}`;
    const sum = sums.get(key);
    if (sum) sum.grossAmount += row.grossAmount;
    else sums.set(key, { month: row.month, currency: row.currency, grossAmount: row.grossAmount });
  }
  return [...sums.values()].sort((a, b) =>
    a.month === b.month ? a.currency.localeCompare(b.currency) : a.month < b.month ? -1 : 1,
  );
}
