import {
  dayCodeOf,
  periodDays,
  refundAmount,
  refundModeAt,
  type RefundMode,
  type RefundRequest,
} from '@teamline/contract';
import type { EventRecorder } from '../../platform/events/outbox.repository.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { BillingRepository, PaymentRow, SubscriptionRow } from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';
import { GatewayError } from './gateway/gateway.js';
import { endSubscription, isPaid, paying, subscriptionFor, type PayingResult } from './subscription.js';

type Tx = BillingRepository & { events: EventRecorder };

/**
 * What a refund now returns, per charge of the running period: the mode follows the period's charge
 * (subscribe or renewal: `FULL` within 7 days of it, else `PARTIAL`); each charge returns its part by
 * its own covered days (an `ADD` covers from its day to the period's end), never more than is left.
 */
export async function refundQuote(r: BillingRepository, sub: SubscriptionRow, now: Date) {
  const charges = await r.refundableCharges(sub.subscriptionIdx, sub.periodStartDt!);
  const main = charges.find((c) => c.kind !== 'add' && c.periodStartDt === sub.periodStartDt);
  const mode: RefundMode = refundModeAt(main?.createdAt ?? now, now);
  const today = dayCodeOf(now);
  const parts = charges.map((c) => {
    const days = periodDays({ periodStartDt: c.periodStartDt!, periodEndDt: c.periodEndDt! }, today);
    const chargeMode = mode === 'FULL' ? refundModeAt(c.createdAt, now) : 'PARTIAL';
    return {
      charge: c,
      amount: refundAmount({
        mode: chargeMode,
        paid: c.amount,
        alreadyRefunded: c.refundedAmount,
        unusedDays: days.remaining,
        periodDays: days.total,
      }),
    };
  });
  return { mode, amount: parts.reduce((sum, p) => sum + p.amount, 0), parts };
}

/**
 * `POST /subscription/{subscriptionIdx}/refund {mode}`: returns the running period's money through
 * the gateway and ends the subscription now. The mode must be the one that applies (the refund popup
 * shows it); each refunded charge gets one refund row keyed `refund:<paymentIdx>`, so it is never
 * refunded twice. A gateway refusal answers REFUND_FAILED with its reason and changes nothing.
 */
export async function refund(
  deps: BillingDeps,
  actor: Actor,
  subscriptionIdx: number,
  body: RefundRequest,
): Promise<PayingResult> {
  const found = await subscriptionFor(deps, actor, subscriptionIdx);
  return paying(deps, found.projectIdx, async (r: Tx) => {
    const now = deps.ctx.clock.now();
    const sub = (await r.subscriptionById(subscriptionIdx))!;
    if (!isPaid(sub)) throw new AppError('REFUND_FAILED', { reason: 'NOTHING_TO_REFUND' });
    const quote = await refundQuote(r, sub, now);
    if (quote.mode !== body.mode)
      throw new AppError('REFUND_FAILED', { reason: 'MODE_NOT_ALLOWED', mode: quote.mode });
    let last: PaymentRow | null = null;
    for (const part of quote.parts) {
      if (part.amount <= 0) continue;
      const c = part.charge;
      if (c.gatewayPaymentKey && !c.gatewaySkipped)
        try {
          await deps.gateway.cancel({
            paymentKey: c.gatewayPaymentKey,
            amount: part.amount,
            reason: `Teamline refund ${body.mode}`,
            idempotencyKey: `refund:${c.paymentIdx}`,
          });
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          // Refunds already made through the gateway in this loop stay recorded by the rollback's
          // retry: their idempotency keys make the gateway answer them again without paying twice.
          throw new AppError('REFUND_FAILED', { reason: error.reason });
        }
      await r.updatePayment(c.paymentIdx, {
        refundedAmount: c.refundedAmount + part.amount,
        status: 'refunded',
      });
      last = await r.insertPayment({
        subscriptionIdx: sub.subscriptionIdx,
        projectIdx: sub.projectIdx,
        kind: 'refund',
        amount: part.amount,
        currency: c.currency,
        status: 'refunded',
        paysFor: `refund:${c.paymentIdx}`,
        chargeKey: `refund:${c.paymentIdx}#1`,
        plan: c.plan,
        sheets: c.sheets,
        periodStartDt: c.periodStartDt,
        periodEndDt: c.periodEndDt,
        listAmount: part.amount,
        refundOfIdx: c.paymentIdx,
        refundMode: body.mode,
        cardIdx: c.cardIdx,
        cardBrand: c.cardBrand,
        cardLast4: c.cardLast4,
        createdByIdx: actor.memberIdx,
        createdAt: now,
      });
    }
    await endSubscription(r, sub);
    return { payment: last, mail: !!last };
  });
}
