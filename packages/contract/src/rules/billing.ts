/**
 * Subscription arithmetic (docs/product/billing.md#plans-and-prices). Every amount is an integer in the currency's
 * minor unit (won for KRW, cents for USD); products are taken in BigInt and nothing uses floating
 * point. Days are whole UTC calendar days written `YYYYMMDD` (docs/product/i18n-and-modes.md#formats); a period runs from
 * `periodStartDt` (inclusive) to `periodEndDt` (exclusive: the renewal day).
 *
 *  - price of a sheet for a period: `30D` the monthly price, `12M` round half up (monthly × 12 × 0.8),
 *    `FREE` nothing; the period's price is sheets × that;
 *  - `ADD` charges at once round half up (count × sheet price of the period × remaining days ÷ days
 *    of the period), the remaining days counting today;
 *  - refund `FULL` (all that is left of the charge) within 7 days of the charge, else `PARTIAL`
 *    floor (amount paid × unused days ÷ days of the period); never more than is left of the charge;
 *  - a coupon takes floor (amount × percent ÷ 100) off a period's charge (100 %: a free period, and a
 *    charge of 0 never reaches the gateway).
 */
import { FREE_MEMBER_ALLOWANCE } from '../constants.js';
import type { ProjectAction } from './authorization.js';
import { assertNonNegativeInteger, divRoundHalfUp, toSafeNumber } from './money.js';
import type { Currency } from './settlement.js';

export const billingPlans = ['FREE', '30D', '12M'] as const;
export type BillingPlan = (typeof billingPlans)[number];
export const paidPlans = ['30D', '12M'] as const satisfies readonly BillingPlan[];
export type PaidPlan = (typeof paidPlans)[number];

/** Months a plan's period lasts. */
export const planMonths: Record<BillingPlan, number> = { FREE: 0, '30D': 1, '12M': 12 };
/** The yearly plan costs 0.8 of twelve months (docs/product/billing.md#plans-and-prices), as a percentage. */
export const YEARLY_FACTOR_PERCENT = 80;
/** Default price of one sheet for one month, in minor units (configuration may override). */
export const DEFAULT_SHEET_MONTHLY_PRICE: Record<Currency, number> = { KRW: 10_000, USD: 800 };
/** A charge may be refunded in FULL within this many days of it, PARTIAL afterwards. */
export const REFUND_FULL_DAYS = 7;
/** A failed renewal is charged again after these many days from the first failure. */
export const PAYMENT_RETRY_DAYS = [1, 3] as const;
/** An `Idempotency-Key` header repeats its first answer for this long. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** Sheets one change may add or remove. */
export const MAX_SHEET_CHANGE = 1000;

/**
 * What still works in an INACTIVE project (too few sheets after the grace): the settings — the
 * project itself, members and invitations (removing members fixes it), epics, webhooks, billing —
 * the admins' job list and audit log, and reviews between members. Every other project action answers 423 PROJECT_INACTIVE.
 */
export const inactiveProjectActions = [
  'project.view',
  'project.update',
  'project.delete',
  'project.restore',
  'member.list',
  'member.update',
  'member.remove',
  'member.leave',
  'invite.manage',
  'epic.view',
  'epic.manage',
  'webhook.manage',
  'billing.manage',
  'job.view',
  // The audit log: an inactive project's admins still read who did what.
  'audit.view',
  // Reviews are about members, not the project's work.
  'review.view',
  'review.create',
  'review.update',
  'review.delete',
] as const satisfies readonly ProjectAction[];

export const couponTypes = ['monthly', 'yearly'] as const;
export type CouponType = (typeof couponTypes)[number];
/** The plan a coupon type discounts. */
export const couponPlan: Record<CouponType, PaidPlan> = { monthly: '30D', yearly: '12M' };

const DAY_MS = 86_400_000;

/** Price of one sheet for one period of the plan. */
export function sheetPeriodPrice(plan: BillingPlan, monthlyPrice: number): number {
  assertNonNegativeInteger('monthlyPrice', monthlyPrice);
  if (plan === 'FREE') return 0;
  if (plan === '30D') return monthlyPrice;
  return toSafeNumber(divRoundHalfUp(BigInt(monthlyPrice) * 12n * BigInt(YEARLY_FACTOR_PERCENT), 100n));
}

/** Price of a whole period: sheets × price of a sheet for the period. */
export function periodPrice(plan: BillingPlan, sheets: number, monthlyPrice: number): number {
  assertNonNegativeInteger('sheets', sheets);
  return toSafeNumber(BigInt(sheets) * BigInt(sheetPeriodPrice(plan, monthlyPrice)));
}

/** `ADD`: round half up (count × sheet price of the period × remaining days ÷ days of the period). */
export function prorateAdd(input: {
  count: number;
  sheetPeriodPrice: number;
  remainingDays: number;
  periodDays: number;
}): number {
  const { count, sheetPeriodPrice: price, periodDays } = input;
  assertNonNegativeInteger('count', count);
  assertNonNegativeInteger('sheetPeriodPrice', price);
  assertNonNegativeInteger('periodDays', periodDays);
  if (periodDays === 0) return 0;
  const remaining = Math.min(Math.max(input.remainingDays, 0), periodDays);
  return toSafeNumber(divRoundHalfUp(BigInt(count) * BigInt(price) * BigInt(remaining), BigInt(periodDays)));
}

export type RefundMode = 'FULL' | 'PARTIAL';

/** `FULL` within `REFUND_FULL_DAYS` (7 × 24 hours) of the charge, else `PARTIAL`. */
export function refundModeAt(chargedAt: Date, now: Date): RefundMode {
  return now.getTime() - chargedAt.getTime() < REFUND_FULL_DAYS * DAY_MS ? 'FULL' : 'PARTIAL';
}

/**
 * What a refund of one charge returns: `FULL` all that is left of it, `PARTIAL` floor (paid × unused
 * days ÷ days of the period), never more than is left (paid − already refunded), never negative.
 */
export function refundAmount(input: {
  mode: RefundMode;
  paid: number;
  alreadyRefunded: number;
  unusedDays: number;
  periodDays: number;
}): number {
  const { mode, paid, alreadyRefunded, periodDays } = input;
  assertNonNegativeInteger('paid', paid);
  assertNonNegativeInteger('alreadyRefunded', alreadyRefunded);
  assertNonNegativeInteger('periodDays', periodDays);
  const left = Math.max(paid - alreadyRefunded, 0);
  if (mode === 'FULL') return left;
  if (periodDays === 0) return 0;
  const unused = Math.min(Math.max(input.unusedDays, 0), periodDays);
  const partial = toSafeNumber((BigInt(paid) * BigInt(unused)) / BigInt(periodDays));
  return Math.min(partial, left);
}

/** What a coupon of `percentOff` (1–100) takes off an amount: floor (amount × percent ÷ 100). */
export function couponDiscount(amount: number, percentOff: number): number {
  assertNonNegativeInteger('amount', amount);
  const pct = Math.min(Math.max(Math.trunc(percentOff), 0), 100);
  return toSafeNumber((BigInt(amount) * BigInt(pct)) / 100n);
}

/** The charge after a coupon: never negative; 0 skips the gateway. */
export const chargeAfterCoupon = (amount: number, percentOff: number | null): number =>
  percentOff == null ? amount : amount - couponDiscount(amount, percentOff);

/** Sheets needed so the members beyond the free allowance are covered. */
export const minSheetsFor = (totalMember: number): number => Math.max(totalMember - FREE_MEMBER_ALLOWANCE, 0);

// ── Days ────────────────────────────────────────────────────────────────────────────────────────

/** `YYYYMMDD` of a moment, in UTC. */
export function dayCodeOf(at: Date): string {
  return at.toISOString().slice(0, 10).replaceAll('-', '');
}

function dayCodeToUtc(code: string): number {
  return Date.UTC(Number(code.slice(0, 4)), Number(code.slice(4, 6)) - 1, Number(code.slice(6, 8)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayCodeToUtc(to) - dayCodeToUtc(from)) / DAY_MS);
}

export function addDaysToCode(code: string, days: number): string {
  return dayCodeOf(new Date(dayCodeToUtc(code) + days * DAY_MS));
}

/** `code` plus whole months; the day is clamped to the target month's last day (Jan 31 + 1 → Feb 28/29). */
export function addMonthsToCode(code: string, months: number): string {
  const y = Number(code.slice(0, 4));
  const m = Number(code.slice(4, 6)) - 1 + months;
  const d = Number(code.slice(6, 8));
  const targetY = y + Math.floor(m / 12);
  const targetM = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(targetY, targetM + 1, 0)).getUTCDate();
  return dayCodeOf(new Date(Date.UTC(targetY, targetM, Math.min(d, last))));
}

/** The end (exclusive: the renewal day) of a plan's period starting `startDt`. */
export function periodEndOf(plan: PaidPlan, startDt: string): string {
  return addMonthsToCode(startDt, planMonths[plan]);
}

/** Days of the period, and the days from `today` (counted) to its end: what `ADD` and `PARTIAL` use. */
export function periodDays(period: { periodStartDt: string; periodEndDt: string }, today: string) {
  const total = daysBetween(period.periodStartDt, period.periodEndDt);
  const remaining = Math.min(Math.max(daysBetween(today, period.periodEndDt), 0), total);
  return { total, remaining };
}

// ── Quotes: the summary before paying, the same on both sides ───────────────────────────────────

export interface BillingQuote {
  currency: Currency;
  /** Before the coupon. */
  listAmount: number;
  discount: number;
  /** What the card is charged (0: the gateway is not called). */
  amount: number;
  periodStartDt: string;
  periodEndDt: string;
}

/** Subscribing (or renewing) a paid plan from `startDt`, with a coupon's percent if one applies. */
export function quoteSubscribe(input: {
  plan: PaidPlan;
  sheets: number;
  currency: Currency;
  monthlyPrice: number;
  startDt: string;
  couponPercentOff?: number | null;
}): BillingQuote {
  const listAmount = periodPrice(input.plan, input.sheets, input.monthlyPrice);
  const amount = chargeAfterCoupon(listAmount, input.couponPercentOff ?? null);
  return {
    currency: input.currency,
    listAmount,
    discount: listAmount - amount,
    amount,
    periodStartDt: input.startDt,
    periodEndDt: periodEndOf(input.plan, input.startDt),
  };
}

/** Adding `count` sheets on `today` to a running paid period. */
export function quoteAddSheets(input: {
  plan: PaidPlan;
  count: number;
  currency: Currency;
  monthlyPrice: number;
  periodStartDt: string;
  periodEndDt: string;
  today: string;
}): BillingQuote {
  const days = periodDays(input, input.today);
  const amount = prorateAdd({
    count: input.count,
    sheetPeriodPrice: sheetPeriodPrice(input.plan, input.monthlyPrice),
    remainingDays: days.remaining,
    periodDays: days.total,
  });
  return {
    currency: input.currency,
    listAmount: amount,
    discount: 0,
    amount,
    periodStartDt: input.today,
    periodEndDt: input.periodEndDt,
  };
}
