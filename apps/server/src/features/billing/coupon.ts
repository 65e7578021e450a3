import { randomInt } from 'node:crypto';
import {
  couponPlan,
  dayCodeOf,
  type CouponType,
  type PaidPlan,
  type ProjectCouponDto,
  type RegisterCouponRequest,
} from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { BillingRepository, CouponRow } from './billing.repository.js';
import { toCouponDto } from './billing.presenter.js';
import type { BillingDeps } from './billing.deps.js';
import { isPaid } from './payment-effects.js';

/** Numbers are typed by people: upper case, spaces and dashes ignored. */
export const normalizeCouponNumber = (number: string) => number.toUpperCase().replace(/[\s-]/g, '');

/**
 * Registers a coupon number to a project inside the caller's transaction; each docs/product/billing.md#coupons coupon error
 * is its own code: unknown or outside its validity (COUPON_EXPIRED_OR_NONEXISTENT), a monthly coupon
 * for a yearly plan (COUPON_IS_MONTHLY) or the reverse (COUPON_IS_YEARLY), this project has it
 * (COUPON_ALREADY_REGISTERED), another project has it or this one still holds an unused coupon
 * (COUPON_REGISTRATION_FAILED). `plan`: the plan it is about to pay (subscribe), else the running one.
 */
export async function registerCouponIn(
  r: BillingRepository,
  deps: BillingDeps,
  actor: Actor,
  projectIdx: number,
  rawNumber: string,
  plan?: PaidPlan,
) {
  const number = normalizeCouponNumber(rawNumber);
  const today = dayCodeOf(deps.ctx.clock.now());
  const coupon = await r.couponByNumber(number);
  if (!coupon || today < coupon.validFrom || today > coupon.validUntil)
    throw new AppError('COUPON_EXPIRED_OR_NONEXISTENT');
  const taken = await r.redemption(coupon.couponIdx);
  if (taken)
    throw new AppError(
      taken.projectIdx === projectIdx ? 'COUPON_ALREADY_REGISTERED' : 'COUPON_REGISTRATION_FAILED',
    );
  const sub = await r.subscriptionOfProject(projectIdx);
  const target = plan ?? (isPaid(sub) ? sub.plan : null);
  if (target && couponPlan[coupon.type] !== target)
    throw new AppError(coupon.type === 'monthly' ? 'COUPON_IS_MONTHLY' : 'COUPON_IS_YEARLY');
  if (await r.activeCoupon(projectIdx))
    throw new AppError('COUPON_REGISTRATION_FAILED', { reason: 'UNUSED_COUPON' });
  const ok = await r.redeem({
    couponIdx: coupon.couponIdx,
    projectIdx,
    remainingPeriods: coupon.periods,
    registeredByIdx: actor.memberIdx,
    registeredAt: deps.ctx.clock.now(),
  });
  if (!ok) throw new AppError('COUPON_REGISTRATION_FAILED');
  return coupon;
}

/** `POST /coupon {number, projectIdx}`. */
export async function registerCoupon(deps: BillingDeps, actor: Actor, body: RegisterCouponRequest) {
  await deps.authz.authorize(actor, 'billing.manage', body.projectIdx);
  await deps.transaction(async (r) => {
    await r.lockProject(body.projectIdx);
    await registerCouponIn(r, deps, actor, body.projectIdx, body.number);
  });
  return listCoupons(deps, actor, body.projectIdx);
}

/** `GET /coupon?projectIdx=`: the project's registered coupons, oldest first. */
export async function listCoupons(
  deps: BillingDeps,
  actor: Actor,
  projectIdx: number,
): Promise<ProjectCouponDto[]> {
  await deps.authz.authorize(actor, 'billing.manage', projectIdx);
  return (await deps.repo.couponsOfProject(projectIdx)).map(toCouponDto);
}

/** Letters and digits without look-alikes (0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newCouponNumber(): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export interface CouponBatch {
  type: CouponType;
  percentOff: number;
  periods: number;
  validFrom: string;
  validUntil: string;
  count: number;
}

/** The operator command's work: `count` new numbers, each registrable by one project once. */
export async function createCoupons(repo: BillingRepository, batch: CouponBatch): Promise<CouponRow[]> {
  const values = Array.from({ length: batch.count }, () => ({
    number: newCouponNumber(),
    type: batch.type,
    percentOff: batch.percentOff,
    periods: batch.periods,
    validFrom: batch.validFrom,
    validUntil: batch.validUntil,
  }));
  return repo.insertCoupons(values);
}
