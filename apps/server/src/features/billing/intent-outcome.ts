import type { UnitOfWorkHandle } from '../../platform/events/unit-of-work.js';
import { AppError } from '../../shared/app-error.js';
import type { BillingRepository, PaymentRow } from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';
import { GatewayError, type GatewayReason } from './gateway/gateway.js';
import { mailPayment } from './payment.js';
import { applyFailed, applyPaid, endSubscription, isPaid, recordFailure } from './payment-effects.js';
import { evaluateWarning } from './warning.js';

/**
 * How a charge intent ends (docs/decisions.md "Charges survive a crash", `intent.ts` makes them):
 * the gateway is asked outside any transaction, and what it says completes the rows once, in the
 * second transaction. The request that made the intent calls the gateway; a retry of its key or the
 * reconciliation job only asks it about an intent whose request is gone.
 */
type Tx = UnitOfWorkHandle<BillingRepository>;

export const POLL_MS = 100;
/** How long a request waits for the project's other intent before answering PAYMENT_PENDING. */
export const WAIT_LIMIT_MS = 60_000;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Once every refund row of an operation went back, the subscription ends (in the same transaction). */
export async function finishRefund(r: Tx, rows: PaymentRow[]) {
  if (rows[0]?.kind !== 'refund' || !rows.every((p) => p.status === 'refunded')) return;
  const sub = await r.subscriptionById(rows[0].subscriptionIdx);
  if (isPaid(sub)) await endSubscription(r, sub);
}

export type Outcome =
  | { state: 'done'; paymentKey: string | null }
  | { state: 'refused'; reason: GatewayReason }
  /** No answer: the row stays pending, with the reason noted for the void, if it comes to that. */
  | { state: 'unknown'; reason: GatewayReason };

const orderNameOf = (p: PaymentRow) =>
  p.kind === 'add' ? `Teamline +${p.sheets} sheets` : `Teamline ${p.plan} × ${p.sheets}`;

/**
 * Asks the gateway about one pending row, outside any transaction. `call`: the request that made
 * the intent charges (or cancels); a lost answer is looked up at once. `settle`: the intent's request
 * is gone; a charge is only looked up (never made now: nobody is waiting for it), and a cancel is
 * sent again with its key (the gateway answers the first one, or makes it: the refund was asked for).
 */
export async function ask(deps: BillingDeps, row: PaymentRow, mode: 'call' | 'settle'): Promise<Outcome> {
  const { gateway } = deps;
  try {
    if (row.kind === 'refund') {
      const charge = row.refundOfIdx ? await deps.repo.payment(row.refundOfIdx) : null;
      if (!charge?.gatewayPaymentKey) return { state: 'done', paymentKey: null };
      await gateway.cancel({
        paymentKey: charge.gatewayPaymentKey,
        amount: row.amount,
        reason: `Teamline refund ${row.refundMode ?? ''}`.trim(),
        idempotencyKey: row.chargeKey,
      });
      return { state: 'done', paymentKey: null };
    }
    if (mode === 'call') {
      const card = row.cardIdx ? await deps.repo.card(row.cardIdx) : null;
      if (!card) return { state: 'refused', reason: 'INVALID_CARD' };
      const { paymentKey } = await gateway.charge({
        billingKey: card.billingKey,
        customerKey: card.customerKey,
        amount: row.amount,
        currency: row.currency,
        orderId: row.chargeKey,
        orderName: orderNameOf(row),
        idempotencyKey: row.chargeKey,
      });
      return { state: 'done', paymentKey };
    }
    // The gateway never took it: void it, with the problem its request met (or INTERRUPTED).
    return (
      (await lookUp(deps, row)) ?? {
        state: 'refused',
        reason: (row.failureReason as GatewayReason | null) ?? 'INTERRUPTED',
      }
    );
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // A lookup that failed tells nothing: the intent waits for the next one.
    if (mode === 'settle' && row.kind !== 'refund') return { state: 'unknown', reason: error.reason };
    if (!error.outcomeUnknown) return { state: 'refused', reason: error.reason };
    if (row.kind === 'refund') return { state: 'unknown', reason: error.reason };
    // The charge's answer was lost: the gateway may have taken it. Ask once; if it does not know
    // (yet: the charge may still be on its way), the intent stays pending until its lease ran out.
    const found = await lookUp(deps, row).catch(() => null);
    return found ?? { state: 'unknown', reason: error.reason };
  }
}

/** The gateway's record of the row's order; null when it never took it. */
async function lookUp(deps: BillingDeps, row: PaymentRow): Promise<Outcome | null> {
  const found = await deps.gateway.lookup(row.chargeKey);
  if (found.state === 'charged') return { state: 'done', paymentKey: found.paymentKey };
  if (found.state === 'refused') return { state: 'refused', reason: found.reason };
  return null;
}

/**
 * The second transaction: completes the operation's pending rows whose outcome is known (once: a
 * row completed meanwhile by someone else is left as it is) and applies what they pay for, then
 * mails receipts and failure notices. A charge the gateway took for a row voided meanwhile is
 * given back at once, so the gateway's charges always equal the paid rows.
 */
export async function complete(deps: BillingDeps, operation: string, outcomes: Map<number, Outcome>) {
  const [first] = await deps.repo.operationRows(operation);
  if (!first) return [];
  const out = await deps.transaction(async (r) => {
    await r.lockProject(first.projectIdx);
    const now = deps.ctx.clock.now();
    const changed: PaymentRow[] = [];
    const orphans: { row: PaymentRow; paymentKey: string }[] = [];
    for (const row of await r.operationRows(operation)) {
      const outcome = outcomes.get(row.paymentIdx);
      if (!outcome) continue;
      if (row.status !== 'pending') {
        if (outcome.state === 'done' && outcome.paymentKey && row.status === 'failed')
          orphans.push({ row, paymentKey: outcome.paymentKey });
        continue;
      }
      if (outcome.state === 'unknown') {
        if (!row.failureReason) await r.updatePayment(row.paymentIdx, { failureReason: outcome.reason });
        continue;
      }
      const done =
        outcome.state === 'done'
          ? await r.completePayment(
              row.paymentIdx,
              row.kind === 'refund'
                ? { status: 'refunded' }
                : { status: 'paid', gatewayPaymentKey: outcome.paymentKey, failureReason: null },
            )
          : await r.completePayment(row.paymentIdx, { status: 'failed', failureReason: outcome.reason });
      if (!done) continue;
      if (done.status === 'failed') {
        await applyFailed(r, done, now);
        await recordFailure(r, done);
      } else await applyPaid(r, done);
      changed.push(done);
    }
    const rows = await r.operationRows(operation);
    if (changed.length) await finishRefund(r, rows);
    await evaluateWarning(r, first.projectIdx, now);
    return { rows, changed, orphans };
  });
  for (const { row, paymentKey } of out.orphans) {
    deps.ctx.log.warn(
      { paymentIdx: row.paymentIdx },
      'billing: a charge came back for a voided intent; refunding it',
    );
    await deps.gateway
      .cancel({
        paymentKey,
        amount: row.amount,
        reason: 'Teamline: voided payment',
        idempotencyKey: `void_${row.chargeKey}`,
      })
      .catch((err: unknown) =>
        deps.ctx.log.error({ err, paymentIdx: row.paymentIdx }, 'billing: void refund failed'),
      );
  }
  await mailChanged(deps, out.changed);
  return out.rows;
}

/** Receipts and failure notices after the commit: every charge; a refund operation once (its last row). */
export async function mailChanged(deps: BillingDeps, changed: PaymentRow[]) {
  const refunds = changed.filter((p) => p.kind === 'refund' && p.status === 'refunded');
  for (const p of changed)
    if (p.kind !== 'refund' && p.failureReason !== 'INTERRUPTED') await mailPayment(deps, p);
  if (refunds.length) await mailPayment(deps, refunds.at(-1)!);
}

export const isStale = (deps: BillingDeps, p: PaymentRow) =>
  p.createdAt.getTime() + deps.ctx.config.billing.leaseMs <= deps.ctx.clock.now().getTime();

/** Asks the gateway about an operation whose request is gone and completes what it learns. */
export async function settleOperation(deps: BillingDeps, operation: string): Promise<PaymentRow[]> {
  const pending = (await deps.repo.operationRows(operation)).filter((p) => p.status === 'pending');
  if (!pending.length) return deps.repo.operationRows(operation);
  const outcomes = new Map<number, Outcome>();
  for (const row of pending) outcomes.set(row.paymentIdx, await ask(deps, row, 'settle'));
  return complete(deps, operation, outcomes);
}

/**
 * The operation a request started, as it ended: waits while it runs (its request may still be
 * working on it), settles it with the gateway once its lease ran out. PAYMENT_PENDING when the
 * gateway still cannot tell.
 */
export async function resumeOperation(deps: BillingDeps, operation: string): Promise<PaymentRow[]> {
  const started = Date.now();
  for (;;) {
    const rows = await deps.repo.operationRows(operation);
    const pending = rows.find((p) => p.status === 'pending');
    if (!pending) return rows;
    if (isStale(deps, pending)) {
      const settled = await settleOperation(deps, operation);
      if (settled.some((p) => p.status === 'pending')) throw new AppError('PAYMENT_PENDING');
      return settled;
    }
    if (Date.now() - started > WAIT_LIMIT_MS) throw new AppError('PAYMENT_PENDING');
    await sleep(POLL_MS);
  }
}

/** The reconciliation: every operation a crash (or a lost answer) left pending past its lease. */
export async function reconcile(deps: BillingDeps) {
  const before = new Date(deps.ctx.clock.now().getTime() - deps.ctx.config.billing.leaseMs);
  const result = { settled: 0, paid: 0, voided: 0, stillPending: 0 };
  for (const operation of await deps.repo.staleOperations(before)) {
    const rows = await settleOperation(deps, operation).catch((err: unknown) => {
      deps.ctx.log.warn({ err, operation }, 'billing: reconciliation could not settle an intent');
      return [] as PaymentRow[];
    });
    result.settled++;
    for (const p of rows) {
      if (p.status === 'pending') result.stillPending++;
      else if (p.status === 'failed') result.voided++;
      else result.paid++;
    }
  }
  return result;
}
