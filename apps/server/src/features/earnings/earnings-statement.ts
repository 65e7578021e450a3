import {
  currencies,
  currencyMinorDigits,
  summarizeEarnings,
  type Currency,
  type EarningsSettlement,
} from '@teamline/contract';
import { interpolate, resources } from '@teamline/contract/i18n';
import type { EarningsStatement } from './earnings.service.js';

export type EarningsStatementLabels = (typeof resources)['en']['statement']['earnings'];

export const earningsLabelsOf = (statement: Pick<EarningsStatement, 'lang'>) =>
  resources[statement.lang].statement;

/**
 * An amount in minor units as a plain decimal a spreadsheet reads as a number (`1234567`, `1234.56`),
 * written from the integer, never through floating point.
 */
export function plainAmount(amount: number, currency: Currency): string {
  const digits = currencyMinorDigits[currency];
  if (digits === 0) return String(amount);
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return `${amount < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** The statement's settlements grouped by currency (KRW first), each with its totals. */
export function currencySections(settlements: readonly EarningsSettlement[]) {
  const totals = summarizeEarnings(settlements).totals;
  return currencies
    .map((currency) => ({
      currency,
      rows: settlements.filter((s) => s.currency === currency),
      total: totals.find((t) => t.currency === currency),
    }))
    .filter((section) => section.rows.length > 0 && section.total);
}

/** `YYYY-01 – YYYY-12` (the statement's period: the calendar year of the settlement months). */
export const periodOf = (year: number) => `${year}-01 – ${year}-12`;

/** The attachment's name without extension: `소득명세서-2026-Acme`. */
export function earningsFileName(statement: EarningsStatement): string {
  const name = interpolate(earningsLabelsOf(statement).earnings.fileName, {
    year: statement.year,
    payer: statement.payerName,
  });
  return [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\x7f' || '<>:"/\\|?*'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 150);
}
