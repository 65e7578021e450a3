import { PAYMENT_RETRY_DAYS } from '@teamline/contract';
import { addDays } from '../../infra/clock.js';
import type { UnitOfWorkHandle } from '../../platform/events/unit-of-work.js';
import type { BillingRepository, PaymentRow, SubscriptionRow } from './billing.repository.js';

type Tx = UnitOfWorkHandle<BillingRepository>;

/**
 * What a payment does to its subscription once the gateway's answer is known, read from the payment
 * row alone: the request that made the intent applies it, or the reconciliation after a crash, and
 * whichever completes the row (once, `completePayment`) applies it in the same transaction.
 */

/** A paid plan that still runs (renews, takes sheets, refunds). */
export const isPaid = (sub: SubscriptionRow | null): sub is SubscriptionRow & { plan: '30D' | '12M' } =>
  !!sub && sub.plan !== 'FREE' && sub.status !== 'CANCELED' && !!sub.periodStartDt && !!sub.periodEndDt;

/** Ends a paid subscription now: FREE, no sheets, no period (the warning rule then applies). */
export async function endSubscription(r: Tx, sub: SubscriptionRow) {
  await r.updateSubscription(sub.subscriptionIdx, {
    plan: 'FREE',
    sheets: 0,
    status: 'CANCELED',
    periodStartDt: null,
    periodEndDt: null,
    pendingPlan: null,
    pendingSheets: null,
    cancelAtPeriodEnd: false,
    failedAttempts: 0,
    firstFailedAt: null,
    nextRetryAt: null,
  });
  await r.setProject(sub.projectIdx, { sheets: 0 });
}

/** The n-th subscription of the project a first charge pays for (`subscribe:<project>:<n>`). */
const generationOf = (paysFor: string) => Number(paysFor.split(':')[2]);

/**
 * A charge was taken (or cost nothing): the subscription gets what it paid for, and the audit log a
 * record in the same transaction (by whoever asked for the payment, also when a reconciliation after
 * a crash completes it). Renewals are the durable job's, not a person's: not recorded.
 */
export async function applyPaid(r: Tx, payment: PaymentRow) {
  const sub = (await r.subscriptionById(payment.subscriptionIdx))!;
  const record = (
    kind: 'subscription.subscribed' | 'subscription.sheets_added' | 'subscription.refunded',
    changes: Record<string, unknown>,
  ) =>
    r.audit.record({
      kind,
      actorIdx: payment.createdByIdx,
      projectIdx: payment.projectIdx,
      target: { type: 'subscription', idx: payment.subscriptionIdx },
      changes: {
        ...changes,
        amount: payment.amount,
        currency: payment.currency,
        paymentIdx: payment.paymentIdx,
      },
    });
  if (payment.kind === 'subscribe' || payment.kind === 'renewal') {
    if (payment.couponIdx) await r.useCouponPeriod(payment.couponIdx);
    await r.updateSubscription(sub.subscriptionIdx, {
      plan: payment.plan,
      sheets: payment.sheets,
      currency: payment.currency,
      status: 'ACTIVE',
      periodStartDt: payment.periodStartDt,
      periodEndDt: payment.periodEndDt,
      pendingPlan: null,
      pendingSheets: null,
      failedAttempts: 0,
      firstFailedAt: null,
      nextRetryAt: null,
      ...(payment.kind === 'subscribe'
        ? { cardIdx: payment.cardIdx, cancelAtPeriodEnd: false, generation: generationOf(payment.paysFor) }
        : {}),
    });
    await r.setProject(sub.projectIdx, { sheets: payment.sheets });
    if (payment.kind === 'subscribe')
      record('subscription.subscribed', { plan: payment.plan, sheets: payment.sheets });
  } else if (payment.kind === 'add') {
    // `sheets` of an ADD payment is the count it added.
    const to = sub.sheets + payment.sheets;
    await r.updateSubscription(sub.subscriptionIdx, {
      sheets: to,
      pendingSheets: sub.pendingSheets == null ? null : sub.pendingSheets + payment.sheets,
    });
    await r.setProject(sub.projectIdx, { sheets: to });
    record('subscription.sheets_added', { count: payment.sheets, sheets: { from: sub.sheets, to } });
  } else {
    // A refund: its charge has that much less left.
    const charge = payment.refundOfIdx ? await r.payment(payment.refundOfIdx) : null;
    if (charge)
      await r.updatePayment(charge.paymentIdx, {
        refundedAmount: charge.refundedAmount + payment.amount,
        status: 'refunded',
      });
    record('subscription.refunded', { mode: payment.refundMode });
  }
}

/**
 * The gateway refused (or a crash interrupted it before the gateway took it): a refused renewal
 * makes the subscription PAST_DUE and is retried 1 and 3 days after the first failure; after the
 * last it ends. An interrupted one changes nothing: the next sweep tries it again. Returns what
 * became of the subscription.
 */
export async function applyFailed(
  r: Tx,
  payment: PaymentRow,
  now: Date,
): Promise<'ended' | 'past due' | null> {
  if (payment.kind !== 'renewal' || payment.failureReason === 'INTERRUPTED') return null;
  const sub = (await r.subscriptionById(payment.subscriptionIdx))!;
  const attempts = sub.failedAttempts + 1;
  const firstFailedAt = sub.firstFailedAt ?? now;
  const retryIn = PAYMENT_RETRY_DAYS[attempts - 1];
  if (retryIn === undefined) {
    await endSubscription(r, sub);
    return 'ended';
  }
  await r.updateSubscription(sub.subscriptionIdx, {
    status: 'PAST_DUE',
    failedAttempts: attempts,
    firstFailedAt,
    nextRetryAt: addDays(firstFailedAt, retryIn),
  });
  return 'past due';
}

/** Records `payment.failed` for a refusal the admins must hear about (not for an interruption). */
export async function recordFailure(r: Tx, payment: PaymentRow) {
  if (payment.failureReason === 'INTERRUPTED') return;
  await r.events.record('payment.failed', payment.projectIdx, {
    projectIdx: payment.projectIdx,
    subscriptionIdx: payment.subscriptionIdx,
    paymentIdx: payment.paymentIdx,
    kind: payment.kind,
    attempt: payment.attempt,
    reason: payment.failureReason ?? '',
  });
}
