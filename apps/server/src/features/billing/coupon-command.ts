import { parseArgs } from 'node:util';
import { addDaysToCode, couponTypes, dateCode, type CouponType } from '@teamline/contract';
import type { CouponBatch } from './coupon.js';

export const couponUsage = `Usage: npm run coupon -- create --type monthly|yearly (--percent 1-100 | --free-periods N)
       [--periods N] [--from YYYYMMDD] [--until YYYYMMDD | --days N] [--count N]

  --type          monthly coupons discount the 30D plan, yearly ones the 12M plan
  --percent       percent off each discounted period charge
  --free-periods  that many period charges are free (100 % off)
  --periods       how many period charges a percent coupon discounts (default 1)
  --from/--until  validity, inclusive (default today and 30 days later; --days N instead of --until)
  --count         how many numbers to create (default 1); each is registered by one project once`;

export class CouponCommandError extends Error {}

const int = (name: string, value: string | undefined, min: number, max: number, fallback?: number) => {
  if (value === undefined) {
    if (fallback === undefined) throw new CouponCommandError(`--${name} is required`);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new CouponCommandError(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
};

/** The operator command's arguments (after `create`) → the batch to create. */
export function parseCouponCommand(argv: string[], today: string): CouponBatch {
  const [command, ...rest] = argv;
  if (command !== 'create') throw new CouponCommandError(`unknown command ${command ?? '(none)'}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      type: { type: 'string' },
      percent: { type: 'string' },
      'free-periods': { type: 'string' },
      periods: { type: 'string' },
      from: { type: 'string' },
      until: { type: 'string' },
      days: { type: 'string' },
      count: { type: 'string' },
    },
    strict: true,
  });
  if (!couponTypes.includes(values.type as CouponType))
    throw new CouponCommandError('--type must be monthly or yearly');
  if ((values.percent === undefined) === (values['free-periods'] === undefined))
    throw new CouponCommandError('give either --percent or --free-periods');
  const free = values['free-periods'] !== undefined;
  const validFrom = values.from ?? today;
  const validUntil = values.until ?? addDaysToCode(validFrom, int('days', values.days, 1, 3650, 30));
  for (const [name, value] of [
    ['from', validFrom],
    ['until', validUntil],
  ] as const)
    if (!dateCode.safeParse(value).success) throw new CouponCommandError(`--${name} must be a date YYYYMMDD`);
  if (validUntil < validFrom) throw new CouponCommandError('--until cannot precede --from');
  return {
    type: values.type as CouponType,
    percentOff: free ? 100 : int('percent', values.percent, 1, 100),
    periods: free
      ? int('free-periods', values['free-periods'], 1, 120)
      : int('periods', values.periods, 1, 120, 1),
    validFrom,
    validUntil,
    count: int('count', values.count, 1, 10_000, 1),
  };
}
