/**
 * Pay from logged time (docs/product/timekeeping-and-settlement.md#pay-arithmetic). Every amount is an
 * integer in the currency's minor unit (won for KRW, cents for USD); nothing here uses floating point.
 *
 *  - pay of a contract-month = round half up (Σ minutes × daily rate ÷ 480), rounded once;
 *  - the lines (one per story and day) share that total by largest remainder, so they add up to it;
 *  - withholding = floor (gross × basis points ÷ 10,000) on the total, net = gross − withholding.
 *
 * Products are computed in BigInt: minutes of a month times a daily rate can pass 2^53.
 */

import type { Language } from '../constants.js';
import { assertNonNegativeInteger, divRoundHalfUp, toSafeNumber } from './money.js';

/** Minutes in a paid working day: a daily rate buys 8 hours. */
export const MINUTES_PER_WORKDAY = 480;
/** 100 % in basis points. */
export const BASIS_POINTS = 10_000;

export const currencies = ['KRW', 'USD'] as const;
export type Currency = (typeof currencies)[number];
/** Decimal places of each currency's minor unit: won have none, dollars have cents. */
export const currencyMinorDigits: Record<Currency, number> = { KRW: 0, USD: 2 };

export interface TimeEntryForPay {
  storyIdx: number | null;
  /** `YYYY-MM-DD` */
  workDt: string;
  minutes: number;
}

export interface SettlementLine {
  storyIdx: number | null;
  workDt: string;
  minutes: number;
  amount: number;
}

export interface SettlementAmounts {
  minutes: number;
  grossAmount: number;
  withholdingAmount: number;
  netAmount: number;
  lines: SettlementLine[];
}

/** round half up (minutes × dailyRate ÷ 480), in minor units. */
export function payForMinutes(minutes: number, dailyRate: number): number {
  assertNonNegativeInteger('minutes', minutes);
  assertNonNegativeInteger('dailyRate', dailyRate);
  return toSafeNumber(divRoundHalfUp(BigInt(minutes) * BigInt(dailyRate), BigInt(MINUTES_PER_WORKDAY)));
}

/** floor (gross × bp ÷ 10,000): withholding never takes a fraction of a unit more than the rate says. */
export function withholdingFor(grossAmount: number, withholdingRateBp: number): number {
  assertNonNegativeInteger('grossAmount', grossAmount);
  assertNonNegativeInteger('withholdingRateBp', withholdingRateBp);
  if (withholdingRateBp > BASIS_POINTS) throw new RangeError('withholdingRateBp must be at most 10000');
  return toSafeNumber((BigInt(grossAmount) * BigInt(withholdingRateBp)) / BigInt(BASIS_POINTS));
}

/**
 * Shares `total` in proportion to `weights` so the shares add up to `total` exactly (largest remainder,
 * Hamilton's method). Each share is the floor of its exact quota plus at most one unit; the units left
 * over go to the largest remainders, ties to the earlier weight, so the result is deterministic.
 */
export function allocateByLargestRemainder(total: number, weights: readonly number[]): number[] {
  assertNonNegativeInteger('total', total);
  weights.forEach((w) => assertNonNegativeInteger('weight', w));
  const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
  if (sum === 0n) {
    if (total !== 0) throw new RangeError('cannot share a non-zero total over zero weights');
    return weights.map(() => 0);
  }
  const bigTotal = BigInt(total);
  const shares = weights.map((w) => (bigTotal * BigInt(w)) / sum);
  const remainders = weights.map((w, index) => ({ index, remainder: (bigTotal * BigInt(w)) % sum }));
  let left = bigTotal - shares.reduce((a, s) => a + s, 0n);
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map(toSafeNumber);
}

/**
 * A contract-month's totals from its minutes alone: what `computeSettlement` answers without the
 * lines (the client view lists totals; the lines are computed when one settlement is opened).
 */
export function settlementTotals(input: {
  dailyRate: number;
  withholdingRateBp: number;
  minutes: number;
}): Omit<SettlementAmounts, 'lines'> {
  const grossAmount = payForMinutes(input.minutes, input.dailyRate);
  const withholdingAmount = withholdingFor(grossAmount, input.withholdingRateBp);
  return {
    minutes: input.minutes,
    grossAmount,
    withholdingAmount,
    netAmount: grossAmount - withholdingAmount,
  };
}

function lineKey(storyIdx: number | null, workDt: string): string {
  return `${workDt}|${storyIdx ?? ''}`;
}

/**
 * The amounts of one contract-month from its time entries. Entries of the same story and day become
 * one line; lines are ordered by day, then story (entries without a story last within a day).
 */
export function computeSettlement(input: {
  dailyRate: number;
  withholdingRateBp: number;
  entries: readonly TimeEntryForPay[];
}): SettlementAmounts {
  const byLine = new Map<string, { storyIdx: number | null; workDt: string; minutes: number }>();
  for (const entry of input.entries) {
    assertNonNegativeInteger('minutes', entry.minutes);
    const key = lineKey(entry.storyIdx, entry.workDt);
    const line = byLine.get(key);
    if (line) line.minutes += entry.minutes;
    else byLine.set(key, { storyIdx: entry.storyIdx, workDt: entry.workDt, minutes: entry.minutes });
  }
  const grouped = [...byLine.values()].sort((a, b) =>
    a.workDt === b.workDt
      ? (a.storyIdx ?? Number.MAX_SAFE_INTEGER) - (b.storyIdx ?? Number.MAX_SAFE_INTEGER)
      : a.workDt < b.workDt
        ? -1
        : 1,
  );
  const totals = settlementTotals({
    dailyRate: input.dailyRate,
    withholdingRateBp: input.withholdingRateBp,
    minutes: grouped.reduce((a, l) => a + l.minutes, 0),
  });
  const amounts = allocateByLargestRemainder(
    totals.grossAmount,
    grouped.map((l) => l.minutes),
  );
  return { ...totals, lines: grouped.map((l, i) => ({ ...l, amount: amounts[i]! })) };
}

/**
 * How each language writes money: digit grouping, decimal mark and the currency's sign around the
 * number, as `Intl.NumberFormat` (ko-KR, en-US, vi-VN) writes it, but fixed here so a statement
 * reads the same whatever ICU data the server or browser carries.
 */
const moneyStyles: Record<
  Language,
  { group: string; decimal: string; affix: Record<Currency, [prefix: string, suffix: string]> }
> = {
  kr: { group: ',', decimal: '.', affix: { KRW: ['', '원'], USD: ['US$', ''] } },
  en: { group: ',', decimal: '.', affix: { KRW: ['₩', ''], USD: ['$', ''] } },
  vi: { group: '.', decimal: ',', affix: { KRW: ['', '\u00a0₩'], USD: ['', '\u00a0US$'] } },
};

/**
 * An amount in minor units (won; cents for USD) for people: `1,234,567원` (Korean readers write won
 * after the number), `₩1,234,567`, `$1,234.56`, `1.234,56\u00a0US$`. The digits come from integer arithmetic on the minor units (never a division
 * in floating point), so every amount a statement shows is exactly the stored one.
 */
export function formatMinorUnits(amount: number, currency: Currency, lang: Language): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`amount must be a safe integer, got ${amount}`);
  const style = moneyStyles[lang];
  const digits = currencyMinorDigits[currency];
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  const [prefix, suffix] = style.affix[currency];
  const number = digits > 0 ? `${grouped}${style.decimal}${fraction}` : grouped;
  return `${amount < 0 ? '-' : ''}${prefix}${number}${suffix}`;
}
