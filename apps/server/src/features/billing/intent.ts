import { randomBytes } from 'node:crypto';
import type { BillingPlan, PaymentKind } from '@teamline/contract';
import type { EventRecorder } from '../../platform/events/outbox.repository.js';
import { AppError } from '../../shared/app-error.js';
import type {
  BillingRepository,
  CardRow,
  CouponRow,
  KeyClaim,
  PaymentRow,
  SubscriptionRow,
} from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';
import { GatewayError, type GatewayReason } from './gateway/gateway.js';
import { mailPayment } from './payment.js';
import { applyFailed, applyPaid, endSubscription, isPaid, recordFailure } from './payment-effects.js';
import { evaluateWarning } from './warning.js';

/**
 * A charge is an intent first (docs/decisions.md "Charges survive a crash"):
 * 1. one transaction under the project's lock decides the amount and commits a `pending` payment,
 *    whose own random id (`chargeKey`) is the gateway's idempotency key and Toss `orderId`;
 * 2. the gateway is called outside any transaction;
 * 3. a second transaction completes the row (paid, refunded or failed) and applies what it pays for.
 * A crash between 2 and 3 leaves the row pending: once it is older than the lease, a retry of its
 * request or the reconciliation job asks the gateway what happened (`settleOperation`) and completes
 * or voids it. While a project has a pending intent, no other charge of it starts: requests wait
 * for it (as they waited for the lock before), jobs come back later.
 */
type Tx = BillingRepository & { events: EventRecorder };

const POLL_MS = 100;
/** How long a request waits for the project's other intent before answering PAYMENT_PENDING. */
export const WAIT_LIMIT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A payment's own id at the gateway: Toss takes 6–64 of `[A-Za-z0-9_-]` as an `orderId`. */
const newChargeKey = () => `tl_${randomBytes(16).toString('hex')}`;

export interface ChargeSpec {
  sub: SubscriptionRow;
  kind: Exclude<PaymentKind, 'refund'>;
  /** What it pays for: a second charge for the same thing returns the first payment. */
  paysFor: string;
  amount: number;
  listAmount: number;
  discount: number;
  coupon: CouponRow | null;
  plan: BillingPlan;
  sheets: number;
  periodStartDt: string;
  periodEndDt: string;
  card: CardRow | null;
  actorIdx: number | null;
}

/** What a paying change decided in its first transaction. */
export interface Begun {
  /** Rows it made, of one operation: pending intents, or already final (nothing to charge, no card). */
  rows: PaymentRow[];
  /** The payment that already paid for it (a repeat): nothing new was made. */
  replay?: PaymentRow | null;
}

/**
 * The charge for `spec`, inside the first transaction: the payment that already paid for it, or a
 * new row: paid at once when it costs nothing (no gateway), failed at once without a card,
 * otherwise the pending intent.
 */
export async function chargeIntent(r: Tx, deps: BillingDeps, spec: ChargeSpec): Promise<Begun> {
  const existing = await r.paymentPaidFor(spec.paysFor);
  if (existing) return { rows: [], replay: existing };
  const chargeKey = newChargeKey();
  const now = deps.ctx.clock.now();
  const base = {
    subscriptionIdx: spec.sub.subscriptionIdx,
    projectIdx: spec.sub.projectIdx,
    kind: spec.kind,
    amount: spec.amount,
    currency: spec.sub.currency,
    paysFor: spec.paysFor,
    chargeKey,
    operation: chargeKey,
    attempt: (await r.failedAttempts(spec.paysFor)) + 1,
    plan: spec.plan,
    sheets: spec.sheets,
    periodStartDt: spec.periodStartDt,
    periodEndDt: spec.periodEndDt,
    listAmount: spec.listAmount,
    discount: spec.discount,
    couponIdx: spec.coupon?.couponIdx ?? null,
    cardIdx: spec.card?.cardIdx ?? null,
    cardBrand: spec.card?.brand ?? null,
    cardLast4: spec.card?.last4 ?? null,
    createdByIdx: spec.actorIdx,
    createdAt: now,
  } as const;
  if (spec.amount === 0) {
    const row = await r.insertPayment({ ...base, status: 'paid', gatewaySkipped: true });
    await applyPaid(r, row);
    return { rows: [row] };
  }
  if (!spec.card) {
    const row = await r.insertPayment({ ...base, status: 'failed', failureReason: 'INVALID_CARD' });
    await applyFailed(r, row, now);
    await recordFailure(r, row);
    return { rows: [row] };
  }
  return { rows: [await r.insertPayment({ ...base, status: 'pending' })] };
}

/**
 * The refund of `amount` of a paid charge, one row of the refund operation `operation`: pending
 * until the gateway cancels it; a charge the gateway never saw (0, skipped) is refunded at once.
 */
export async function refundIntent(
  r: Tx,
  deps: BillingDeps,
  input: {
    charge: PaymentRow;
    amount: number;
    mode: 'FULL' | 'PARTIAL';
    actorIdx: number;
    operation: string;
  },
): Promise<PaymentRow> {
  const { charge: c } = input;
  const atGateway = !!c.gatewayPaymentKey && !c.gatewaySkipped;
  const row = await r.insertPayment({
    subscriptionIdx: c.subscriptionIdx,
    projectIdx: c.projectIdx,
    kind: 'refund',
    amount: input.amount,
    currency: c.currency,
    status: atGateway ? 'pending' : 'refunded',
    paysFor: `refund:${c.paymentIdx}`,
    chargeKey: newChargeKey(),
    operation: input.operation,
    plan: c.plan,
    sheets: c.sheets,
    periodStartDt: c.periodStartDt,
    periodEndDt: c.periodEndDt,
    listAmount: input.amount,
    refundOfIdx: c.paymentIdx,
    refundMode: input.mode,
    cardIdx: c.cardIdx,
    cardBrand: c.cardBrand,
    cardLast4: c.cardLast4,
    gatewaySkipped: !atGateway,
    createdByIdx: input.actorIdx,
    createdAt: deps.ctx.clock.now(),
  });
  if (!atGateway) await applyPaid(r, row);
  return row;
}

export const newOperation = newChargeKey;

/** Once every refund row of an operation went back, the subscription ends (in the same transaction). */
async function finishRefund(r: Tx, rows: PaymentRow[]) {
  if (rows[0]?.kind !== 'refund' || !rows.every((p) => p.status === 'refunded')) return;
  const sub = await r.subscriptionById(rows[0].subscriptionIdx);
  if (isPaid(sub)) await endSubscription(r, sub);
}

type Outcome =
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
async function ask(deps: BillingDeps, row: PaymentRow, mode: 'call' | 'settle'): Promise<Outcome> {
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
async function complete(deps: BillingDeps, operation: string, outcomes: Map<number, Outcome>) {
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
async function mailChanged(deps: BillingDeps, changed: PaymentRow[]) {
  const refunds = changed.filter((p) => p.kind === 'refund' && p.status === 'refunded');
  for (const p of changed)
    if (p.kind !== 'refund' && p.failureReason !== 'INTERRUPTED') await mailPayment(deps, p);
  if (refunds.length) await mailPayment(deps, refunds.at(-1)!);
}

const isStale = (deps: BillingDeps, p: PaymentRow) =>
  p.createdAt.getTime() + deps.ctx.config.billing.leaseMs <= deps.ctx.clock.now().getTime();

/** Asks the gateway about an operation whose request is gone and completes what it learns. */
export async function settleOperation(deps: BillingDeps, operation: string): Promise<PaymentRow[]> {
  const pending = (await deps.repo.operationRows(operation)).filter((p) => p.status === 'pending');
  if (!pending.length) return deps.repo.operationRows(operation);
  const outcomes = new Map<number, Outcome>();
  for (const row of pending) outcomes.set(row.paymentIdx, await ask(deps, row, 'settle'));
  return complete(deps, operation, outcomes);
}

export interface PayOptions {
  projectIdx: number;
  /** The request's Idempotency-Key claim: the operation is tied to it in the first transaction. */
  claim: KeyClaim | null;
  /** Requests wait for the project's other intent; a job passes false and comes back later. */
  wait: boolean;
}

/**
 * Runs one paying change: `begin` decides inside the first transaction (under the project's lock,
 * with no other intent of the project pending) and makes the rows; pending ones go to the gateway
 * and are completed. Answers what `begin` answered with the rows as they ended, or 'busy' (a job,
 * while another intent of the project runs).
 */
export async function pay<B extends Begun>(
  deps: BillingDeps,
  options: PayOptions,
  begin: (r: Tx) => Promise<B>,
): Promise<B | 'busy'> {
  const started = Date.now();
  const settled = new Set<string>();
  for (;;) {
    const other = await deps.repo.pendingOfProject(options.projectIdx);
    if (other) {
      // Left by a request that is gone: ask the gateway once, then go on (or wait, if it cannot tell).
      if (isStale(deps, other) && !settled.has(other.operation!)) {
        settled.add(other.operation!);
        await settleOperation(deps, other.operation!);
        continue;
      }
      if (!options.wait) return 'busy';
      if (Date.now() - started > WAIT_LIMIT_MS) throw new AppError('PAYMENT_PENDING');
      await sleep(POLL_MS);
      continue;
    }
    const begun = await deps.transaction(async (r) => {
      await r.lockProject(options.projectIdx);
      if (await r.pendingOfProject(options.projectIdx)) return null;
      const b = await begin(r);
      const operation = b.rows[0]?.operation;
      if (options.claim && operation && !(await r.linkKey(options.claim, operation)))
        // A retry took this request's key over (its lease ran out): that one answers, nothing is made here.
        throw new AppError('PAYMENT_PENDING');
      await finishRefund(r, b.rows);
      await evaluateWarning(r, options.projectIdx, deps.ctx.clock.now());
      return b;
    });
    if (!begun) continue;
    await mailChanged(
      deps,
      begun.rows.filter((p) => p.status !== 'pending'),
    );
    const pending = begun.rows.filter((p) => p.status === 'pending');
    if (!pending.length) return begun;
    const outcomes = new Map<number, Outcome>();
    for (const row of pending) outcomes.set(row.paymentIdx, await ask(deps, row, 'call'));
    return { ...begun, rows: await complete(deps, pending[0]!.operation!, outcomes) };
  }
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
