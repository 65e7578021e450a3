import {
  FREE_MEMBER_ALLOWANCE,
  chargeAfterCoupon,
  couponPlan,
  dayCodeOf,
  isSubscriptionShort,
  minSheetsFor,
  periodEndOf,
  periodPrice,
  quoteSubscribe,
  sheetPeriodPrice,
  type ErrorCode,
  type PaymentDto,
  type PaymentKind,
  type SubscribeRequest,
  type SubscriptionDto,
  type UpdateSubscriptionRequest,
} from '@teamline/contract';
import type { UnitOfWorkHandle } from '../../platform/events/unit-of-work.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { BillingRepository, KeyClaim, PaymentRow, SubscriptionRow } from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';
import { toCouponDto, toPaymentDto } from './billing.presenter.js';
import { registerCouponIn } from './coupon.js';
import { chargeIntent, pay, type Begun } from './intent.js';
import { endSubscription, isPaid } from './payment-effects.js';
import { refundQuote } from './refund-quote.js';

type Tx = UnitOfWorkHandle<BillingRepository>;

/** The subscription as `GET /subscription` answers it. */
export async function subscriptionDto(
  deps: BillingDeps,
  r: BillingRepository,
  projectIdx: number,
  canManage: boolean,
): Promise<SubscriptionDto> {
  const now = deps.ctx.clock.now();
  const project = await r.project(projectIdx);
  const sub = await r.subscriptionOfProject(projectIdx);
  const totalMember = await r.totalMember(projectIdx);
  const sheets = project?.sheets ?? 0;
  const plan = sub && sub.status !== 'CANCELED' ? sub.plan : 'FREE';
  const currency = sub?.currency ?? 'KRW';
  const card = sub?.cardIdx ? await r.card(sub.cardIdx) : null;
  const active = await r.activeCoupon(projectIdx);
  const paid = isPaid(sub);
  let nextChargeAmount: number | null = null;
  if (paid && !sub.cancelAtPeriodEnd) {
    const nextPlan = sub.pendingPlan ?? sub.plan;
    const nextSheets = Math.max(sub.pendingSheets ?? sub.sheets, minSheetsFor(totalMember));
    const pct = active && couponPlan[active.coupon.type] === nextPlan ? active.coupon.percentOff : null;
    nextChargeAmount = chargeAfterCoupon(
      periodPrice(nextPlan, nextSheets, deps.monthlyPrices[currency]),
      pct,
    );
  }
  const refund = canManage && paid ? await refundQuote(r, sub, now) : null;
  return {
    subscriptionIdx: sub?.subscriptionIdx ?? null,
    projectIdx,
    plan,
    sheets,
    currency,
    status: sub?.status ?? 'ACTIVE',
    periodStartDt: paid ? sub.periodStartDt : null,
    periodEndDt: paid ? sub.periodEndDt : null,
    warning: isSubscriptionShort(totalMember, sheets),
    graceUntil: sub?.graceUntil?.toISOString() ?? null,
    projectStatus: project?.status ?? 'ACTIVE',
    totalMember,
    freeMembers: FREE_MEMBER_ALLOWANCE,
    minSheets: minSheetsFor(totalMember),
    pendingPlan: paid ? sub.pendingPlan : null,
    pendingSheets: paid ? sub.pendingSheets : null,
    cancelAtPeriodEnd: paid ? sub.cancelAtPeriodEnd : false,
    card:
      canManage && card
        ? { cardIdx: card.cardIdx, brand: card.brand, last4: card.last4, issuer: card.issuer }
        : null,
    sheetPeriodPrice: sheetPeriodPrice(plan, deps.monthlyPrices[currency]),
    nextChargeAmount: canManage ? nextChargeAmount : null,
    coupon: canManage && active ? toCouponDto(active) : null,
    refund: refund && refund.amount > 0 ? { mode: refund.mode, amount: refund.amount } : null,
    canManage,
  };
}

/** `GET /subscription?projectIdx=`: every member reads the warning; admins see the money too. */
export async function getSubscription(deps: BillingDeps, actor: Actor, projectIdx: number) {
  const m = await deps.authz.authorize(actor, 'project.view', projectIdx);
  return subscriptionDto(deps, deps.repo, projectIdx, deps.authz.allows(m, 'billing.manage'));
}

/** The caller's card: the one named, or their newest. */
export async function cardFor(r: BillingRepository, actor: Actor, cardIdx: number | undefined) {
  if (cardIdx !== undefined) {
    const card = await r.card(cardIdx);
    if (!card || card.memberIdx !== actor.memberIdx) throw new AppError('CARD_NOT_FOUND');
    return card;
  }
  const [newest] = await r.cardsOf(actor.memberIdx);
  if (!newest) throw new AppError('CARD_REQUIRED');
  return newest;
}

export interface PayingResult {
  subscription: SubscriptionDto;
  payment: PaymentDto | null;
}

async function couponNumberOf(deps: BillingDeps, payment: PaymentRow): Promise<string | null> {
  if (!payment.couponIdx) return null;
  const coupons = await deps.repo.couponsOfProject(payment.projectIdx);
  return coupons.find((c) => c.coupon.couponIdx === payment.couponIdx)?.coupon.number ?? null;
}

/** The refusal a paying request answers when its gateway refused, by what it paid for. */
const failureCode: Record<PaymentKind, ErrorCode> = {
  subscribe: 'SUBSCRIPTION_FAILED',
  add: 'SUBSCRIPTION_ADD_FAILED',
  renewal: 'SUBSCRIPTION_FAILED',
  refund: 'REFUND_FAILED',
};

/**
 * What a paying request answers once its operation ended: the subscription and the payment (the
 * last row; the first payment, for a repeat), or the refusal with the gateway's reason (committed
 * with its failed payment and event first), or PAYMENT_PENDING while the gateway cannot tell.
 * The same for the request itself and for a retry that took its key over after a crash.
 */
export async function paidAnswer(
  deps: BillingDeps,
  projectIdx: number,
  rows: PaymentRow[],
  replay: PaymentRow | null = null,
): Promise<PayingResult> {
  if (rows.some((p) => p.status === 'pending')) throw new AppError('PAYMENT_PENDING');
  const failed = rows.find((p) => p.status === 'failed');
  if (failed) throw new AppError(failureCode[failed.kind], { reason: failed.failureReason });
  const payment = rows.at(-1) ?? replay;
  return {
    subscription: await subscriptionDto(deps, deps.repo, projectIdx, true),
    payment: payment ? toPaymentDto(payment, await couponNumberOf(deps, payment)) : null,
  };
}

/**
 * Runs a paying request (intent, gateway, completion: `intent.ts`), waiting for another intent of
 * the project first; `claim` is its Idempotency-Key, tied to the operation it starts.
 */
export async function paying(
  deps: BillingDeps,
  projectIdx: number,
  claim: KeyClaim | null,
  begin: (r: Tx) => Promise<Begun>,
): Promise<PayingResult> {
  const out = await pay(deps, { projectIdx, claim, wait: true }, begin);
  if (out === 'busy') throw new AppError('PAYMENT_PENDING');
  return paidAnswer(deps, projectIdx, out.rows, out.replay ?? null);
}

/**
 * `POST /subscription`: plan, sheets, currency, card, optional coupon; charges the first period at
 * once (what it pays for: the project's subscription number `generation` and its first day).
 */
export async function subscribe(
  deps: BillingDeps,
  actor: Actor,
  body: SubscribeRequest,
  claim: KeyClaim | null = null,
): Promise<PayingResult> {
  await deps.authz.authorize(actor, 'billing.manage', body.projectIdx);
  return paying(deps, body.projectIdx, claim, async (r) => {
    const now = deps.ctx.clock.now();
    const today = dayCodeOf(now);
    let sub = await r.subscriptionOfProject(body.projectIdx);
    if (isPaid(sub)) {
      // The same subscription asked again (a double click without a key): its first answer.
      const first = await r.paymentPaidFor(`subscribe:${sub.projectIdx}:${sub.generation}`);
      if (first && first.plan === body.plan && first.sheets === body.sheets && sub.currency === body.currency)
        return { rows: [], replay: first };
      throw new AppError('SUBSCRIPTION_ALREADY_ACTIVE');
    }
    const card = await cardFor(r, actor, body.cardIdx);
    if (body.couponNumber)
      await registerCouponIn(r, deps, actor, body.projectIdx, body.couponNumber, body.plan);
    sub ??= await r.ensureSubscription(body.projectIdx);
    const active = await r.activeCoupon(body.projectIdx);
    const coupon = active && couponPlan[active.coupon.type] === body.plan ? active : null;
    const quote = quoteSubscribe({
      plan: body.plan,
      sheets: body.sheets,
      currency: body.currency,
      monthlyPrice: deps.monthlyPrices[body.currency],
      startDt: today,
      couponPercentOff: coupon?.coupon.percentOff ?? null,
    });
    // Paid, it makes the subscription ACTIVE with this plan (payment-effects.ts `applyPaid`).
    return chargeIntent(r, deps, {
      sub: { ...sub, currency: body.currency },
      kind: 'subscribe',
      paysFor: `subscribe:${sub.projectIdx}:${sub.generation + 1}`,
      amount: quote.amount,
      listAmount: quote.listAmount,
      discount: quote.discount,
      coupon: coupon?.coupon ?? null,
      plan: body.plan,
      sheets: body.sheets,
      periodStartDt: quote.periodStartDt,
      periodEndDt: quote.periodEndDt,
      card,
      actorIdx: actor.memberIdx,
    });
  });
}

/** The subscription of a record route, or its 404 (also for other projects' ids). */
export async function subscriptionFor(deps: BillingDeps, actor: Actor, subscriptionIdx: number) {
  const sub = await deps.repo.subscriptionById(subscriptionIdx);
  if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  await deps.authz.authorize(actor, 'billing.manage', {
    projectIdx: sub.projectIdx,
    missing: 'SUBSCRIPTION_NOT_FOUND',
  });
  return sub;
}

/** `PATCH /subscription/{subscriptionIdx}`: plan from the next renewal, cancel at period end, card. */
export async function updateSubscription(
  deps: BillingDeps,
  actor: Actor,
  subscriptionIdx: number,
  body: UpdateSubscriptionRequest,
): Promise<SubscriptionDto> {
  const found = await subscriptionFor(deps, actor, subscriptionIdx);
  await deps.transaction(async (r) => {
    await r.lockProject(found.projectIdx);
    const sub = (await r.subscriptionById(subscriptionIdx))!;
    if (!isPaid(sub)) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    const set: Partial<SubscriptionRow> = {};
    if (body.plan !== undefined) set.pendingPlan = body.plan === sub.plan ? null : body.plan;
    if (body.cancelAtPeriodEnd !== undefined) set.cancelAtPeriodEnd = body.cancelAtPeriodEnd;
    if (body.cardIdx !== undefined) set.cardIdx = (await cardFor(r, actor, body.cardIdx)).cardIdx;
    await r.updateSubscription(subscriptionIdx, set);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const nextPlan = (pending: string | null) => pending ?? sub.plan;
    if (set.pendingPlan !== undefined && set.pendingPlan !== sub.pendingPlan)
      changes.plan = { from: nextPlan(sub.pendingPlan), to: nextPlan(set.pendingPlan) };
    if (set.cancelAtPeriodEnd !== undefined && set.cancelAtPeriodEnd !== sub.cancelAtPeriodEnd)
      changes.cancelAtPeriodEnd = { from: sub.cancelAtPeriodEnd, to: set.cancelAtPeriodEnd };
    if (set.cardIdx !== undefined && set.cardIdx !== sub.cardIdx)
      changes.cardIdx = { from: sub.cardIdx, to: set.cardIdx };
    if (Object.keys(changes).length > 0)
      r.audit.record({
        kind: 'subscription.changed',
        projectIdx: sub.projectIdx,
        target: { type: 'subscription', idx: subscriptionIdx },
        changes,
      });
  });
  return subscriptionDto(deps, deps.repo, found.projectIdx, true);
}

/**
 * The renewal of one subscription whose period ended (durable job): cancel at period end ends it;
 * otherwise the pending plan and sheets (never below the members beyond the free 4) are charged for
 * the next period, keyed by the subscription and the new period's first day. A refusal makes it
 * PAST_DUE and is retried 1 and 3 days after the first failure; after the last it ends.
 */
export async function renew(deps: BillingDeps, subscriptionIdx: number): Promise<string> {
  const found = await deps.repo.subscriptionById(subscriptionIdx);
  if (!found) return 'missing';
  const out = await pay(deps, { projectIdx: found.projectIdx, claim: null, wait: false }, async (r) => {
    const now = deps.ctx.clock.now();
    const today = dayCodeOf(now);
    const sub = (await r.subscriptionById(subscriptionIdx))!;
    const none = (state: string) => ({ rows: [], state });
    if (!isPaid(sub) || sub.periodEndDt! > today) return none('not due');
    if (sub.nextRetryAt && sub.nextRetryAt > now) return none('not due');
    if (sub.cancelAtPeriodEnd) {
      await endSubscription(r, sub);
      return none('canceled');
    }
    const totalMember = await r.totalMember(sub.projectIdx);
    const plan = sub.pendingPlan ?? sub.plan;
    const sheets = Math.max(sub.pendingSheets ?? sub.sheets, minSheetsFor(totalMember));
    if (sheets === 0) {
      await endSubscription(r, sub);
      return none('canceled');
    }
    const startDt = sub.periodEndDt!;
    const active = await r.activeCoupon(sub.projectIdx);
    const coupon = active && couponPlan[active.coupon.type] === plan ? active : null;
    const quote = quoteSubscribe({
      plan,
      sheets,
      currency: sub.currency,
      monthlyPrice: deps.monthlyPrices[sub.currency],
      startDt,
      couponPercentOff: coupon?.coupon.percentOff ?? null,
    });
    const card = sub.cardIdx ? await r.card(sub.cardIdx) : null;
    const begun = await chargeIntent(r, deps, {
      sub,
      kind: 'renewal',
      paysFor: `renewal:${sub.subscriptionIdx}:${startDt}`,
      amount: quote.amount,
      listAmount: quote.listAmount,
      discount: quote.discount,
      coupon: coupon?.coupon ?? null,
      plan,
      sheets,
      periodStartDt: startDt,
      periodEndDt: periodEndOf(plan, startDt),
      card,
      actorIdx: null,
    });
    return { ...begun, state: begun.replay ? 'already renewed' : 'charged' };
  });
  if (out === 'busy') return 'busy: another payment of the project is running';
  const row = out.rows[0];
  if (out.state !== 'charged' || !row) return out.state;
  if (row.status === 'pending') return 'pending';
  if (row.status !== 'failed') return 'renewed';
  const after = await deps.repo.subscriptionById(subscriptionIdx);
  return after?.status === 'CANCELED'
    ? 'ended after failed retries'
    : `failed (attempt ${after?.failedAttempts ?? row.attempt})`;
}
