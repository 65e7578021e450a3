import { dayCodeOf, minSheetsFor, quoteAddSheets, type SheetChangeRequest } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { BillingDeps } from './billing.deps.js';
import { chargeOnce } from './payment.js';
import { isPaid, paying, subscriptionFor, type PayingResult } from './subscription.js';

/**
 * `POST /subscription/{subscriptionIdx}/sheets`. `ADD` charges the rest of the period at once (round
 * half up, PRODUCT.md) and takes effect at once: a project short of sheets is ACTIVE again in the
 * same transaction. What it pays for is the subscription, the period and the move from N to N+count
 * sheets: a retry after the gateway charged but the commit failed gets the first payment back from
 * the gateway (same idempotency key); a double click is one intent by its `Idempotency-Key`. `SUB` only lowers
 * the sheets of the next renewal, never below the members beyond the 4 free.
 */
export async function changeSheets(
  deps: BillingDeps,
  actor: Actor,
  subscriptionIdx: number,
  body: SheetChangeRequest,
): Promise<PayingResult> {
  const found = await subscriptionFor(deps, actor, subscriptionIdx);
  return paying(deps, found.projectIdx, async (r) => {
    const sub = (await r.subscriptionById(subscriptionIdx))!;
    if (body.direction === 'SUB') {
      const base = sub.pendingSheets ?? sub.sheets;
      const next = base - body.count;
      const min = minSheetsFor(await r.totalMember(sub.projectIdx));
      if (!isPaid(sub) || next < min || next < 0)
        throw new AppError('SHEETS_BELOW_MEMBERS', { minSheets: min });
      await r.updateSubscription(sub.subscriptionIdx, { pendingSheets: next === sub.sheets ? null : next });
      return { payment: null, mail: false };
    }
    if (!isPaid(sub)) throw new AppError('SUBSCRIPTION_ADD_FAILED', { reason: 'NO_PAID_PERIOD' });
    if (sub.status === 'PAST_DUE') throw new AppError('SUBSCRIPTION_ADD_FAILED', { reason: 'PAST_DUE' });
    const today = dayCodeOf(deps.ctx.clock.now());
    const quote = quoteAddSheets({
      plan: sub.plan,
      count: body.count,
      currency: sub.currency,
      monthlyPrice: deps.monthlyPrices[sub.currency],
      periodStartDt: sub.periodStartDt!,
      periodEndDt: sub.periodEndDt!,
      today,
    });
    const to = sub.sheets + body.count;
    const card = sub.cardIdx ? await r.card(sub.cardIdx) : null;
    const outcome = await chargeOnce(r, deps, {
      sub,
      kind: 'add',
      paysFor: `add:${sub.subscriptionIdx}:${sub.periodStartDt}:${sub.sheets}->${to}`,
      amount: quote.amount,
      listAmount: quote.listAmount,
      discount: 0,
      coupon: null,
      plan: sub.plan,
      sheets: body.count,
      periodStartDt: quote.periodStartDt,
      periodEndDt: quote.periodEndDt,
      card,
      actorIdx: actor.memberIdx,
      orderName: `Teamline +${body.count} sheets`,
    });
    if (outcome.failure)
      return {
        payment: outcome.payment,
        mail: true,
        error: new AppError('SUBSCRIPTION_ADD_FAILED', { reason: outcome.failure.reason }),
      };
    await r.updateSubscription(sub.subscriptionIdx, {
      sheets: to,
      pendingSheets: sub.pendingSheets == null ? null : sub.pendingSheets + body.count,
    });
    await r.setProject(sub.projectIdx, { sheets: to });
    return { payment: outcome.payment, mail: !outcome.replayed };
  });
}
