import { dayCodeOf, periodDays, refundAmount, refundModeAt, type RefundMode } from '@teamline/contract';
import type { BillingRepository, SubscriptionRow } from './billing.repository.js';

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
