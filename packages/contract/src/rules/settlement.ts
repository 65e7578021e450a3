/**
 * Pay from logged time (PRODUCT.md "Requests, contracts, time and settlement"). Every amount is an
 * integer in the currency's minor unit (won for KRW, cents for USD); nothing here uses floating point.
 *
 *  - pay of a contract-month = round half up (Σ minutes × daily rate ÷ 480), rounded once;
 *  - the lines (one per story and day) share that total by largest remainder, so they add up to it;
 *  - withholding = floor (gross × basis points ÷ 10,000) on the total, net = gross − withholding.
 *
 * Products are computed in BigInt: minutes of a month times a daily rate can pass 2^53.
 */

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

function assertNonNegativeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer, got ${value}`);
  }
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount exceeds the safe integer range');
  return Number(value);
}

/** round half up (minutes × dailyRate ÷ 480), in minor units. */
export function payForMinutes(minutes: number, dailyRate: number): number {
  assertNonNegativeInteger('minutes', minutes);
  assertNonNegativeInteger('dailyRate', dailyRate);
  const numerator = BigInt(minutes) * BigInt(dailyRate);
  const divisor = BigInt(MINUTES_PER_WORKDAY);
  return toSafeNumber((numerator * 2n + divisor) / (divisor * 2n));
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
  const minutes = grouped.reduce((a, l) => a + l.minutes, 0);
  const grossAmount = payForMinutes(minutes, input.dailyRate);
  const amounts = allocateByLargestRemainder(
    grossAmount,
    grouped.map((l) => l.minutes),
  );
  const withholdingAmount = withholdingFor(grossAmount, input.withholdingRateBp);
  return {
    minutes,
    grossAmount,
    withholdingAmount,
    netAmount: grossAmount - withholdingAmount,
    lines: grouped.map((l, i) => ({ ...l, amount: amounts[i]! })),
  };
}
