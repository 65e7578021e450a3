import { dayCodeOf, minSheetsFor, quoteAddSheets, type SheetChangeRequest } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { KeyClaim } from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';
import { chargeIntent } from './intent.js';
import { isPaid } from './payment-effects.js';
import { paying, subscriptionFor, type PayingResult } from './subscription.js';

/**
 * `POST /subscription/{subscriptionIdx}/sheets`. `ADD` charges the rest of the period at once (round
 * half up, docs/product/billing.md#sheet-changes) and takes effect at once: a project short of sheets is ACTIVE again in the
 * transaction that completes its payment. What it pays for is the subscription, the period and the
 * move from N to N+count sheets; the project's other intents run first, so N is always the sheets
 * paid for so far. A double click is one intent by its `Idempotency-Key`; a retry after a crash finds
 * the intent its key started and answers how it ended. `SUB` only lowers the sheets of the next
 * renewal, never below the members beyond the 4 free.
 */
export async function changeSheets(
  deps: BillingDeps,
  actor: Actor,
  subscriptionIdx: number,
  body: SheetChangeRequest,
  claim: KeyClaim | null = null,
): Promise<PayingResult> {
  const found = await subscriptionFor(deps, actor, subscriptionIdx);
  return paying(deps, found.projectIdx, claim, async (r) => {
    const sub = (await r.subscriptionById(subscriptionIdx))!;
    if (body.direction === 'SUB') {
      const base = sub.pendingSheets ?? sub.sheets;
      const next = base - body.count;
      const min = minSheetsFor(await r.totalMember(sub.projectIdx));
      if (!isPaid(sub) || next < min || next < 0)
        throw new AppError('SHEETS_BELOW_MEMBERS', { minSheets: min });
      await r.updateSubscription(sub.subscriptionIdx, { pendingSheets: next === sub.sheets ? null : next });
      r.audit.record({
        kind: 'subscription.changed',
        projectIdx: sub.projectIdx,
        target: { type: 'subscription', idx: sub.subscriptionIdx },
        changes: { pendingSheets: { from: base, to: next } },
      });
      return { rows: [] };
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
    const card = sub.cardIdx ? await r.card(sub.cardIdx) : null;
    // Paid, the sheets grow by `count` at once (payment-effects.ts `applyPaid`).
    return chargeIntent(r, deps, {
      sub,
      kind: 'add',
      paysFor: `add:${sub.subscriptionIdx}:${sub.periodStartDt}:${sub.sheets}->${sub.sheets + body.count}`,
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
    });
  });
}
