import type { RefundRequest } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { KeyClaim, PaymentRow } from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';
import { newOperation, refundIntent } from './intent.js';
import { endSubscription, isPaid } from './payment-effects.js';
import { refundQuote } from './refund-quote.js';
import { paying, subscriptionFor, type PayingResult } from './subscription.js';

/**
 * `POST /subscription/{subscriptionIdx}/refund {mode}`: returns the running period's money through
 * the gateway and ends the subscription now. The mode must be the one that applies (the refund popup
 * shows it); each refunded charge gets one refund row keyed `refund:<paymentIdx>`, all of one
 * operation, so it is never refunded twice. The rows are intents like charges: each cancel is sent
 * outside the transaction with the row's own id as its idempotency key, and the subscription ends
 * when all of them went back. A gateway refusal answers REFUND_FAILED with its reason; the charges
 * it did return stay returned (and recorded), and the subscription runs on.
 */
export async function refund(
  deps: BillingDeps,
  actor: Actor,
  subscriptionIdx: number,
  body: RefundRequest,
  claim: KeyClaim | null = null,
): Promise<PayingResult> {
  const found = await subscriptionFor(deps, actor, subscriptionIdx);
  return paying(deps, found.projectIdx, claim, async (r) => {
    const now = deps.ctx.clock.now();
    const sub = (await r.subscriptionById(subscriptionIdx))!;
    if (!isPaid(sub)) throw new AppError('REFUND_FAILED', { reason: 'NOTHING_TO_REFUND' });
    const quote = await refundQuote(r, sub, now);
    if (quote.mode !== body.mode)
      throw new AppError('REFUND_FAILED', { reason: 'MODE_NOT_ALLOWED', mode: quote.mode });
    const operation = newOperation();
    const rows: PaymentRow[] = [];
    for (const part of quote.parts)
      if (part.amount > 0)
        rows.push(
          await refundIntent(r, deps, {
            charge: part.charge,
            amount: part.amount,
            mode: body.mode,
            actorIdx: actor.memberIdx,
            operation,
          }),
        );
    // Nothing left to return: it just ends.
    if (!rows.length) await endSubscription(r, sub);
    return { rows };
  });
}
