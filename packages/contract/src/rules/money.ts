/**
 * The guards of money arithmetic (settlement and billing rules): every amount is an integer in the
 * currency's minor unit (won for KRW, cents for USD), products are taken in BigInt, and a result
 * that would leave the safe integer range is refused rather than rounded by floating point.
 */

/** Refuses anything but a whole number from 0 to `Number.MAX_SAFE_INTEGER` (RangeError naming it). */
export function assertNonNegativeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer, got ${value}`);
  }
}

/** A BigInt result back to a number; past `Number.MAX_SAFE_INTEGER` is a RangeError. */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount exceeds the safe integer range');
  return Number(value);
}

/** round half up (numerator ÷ denominator) for non-negative integers. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}
