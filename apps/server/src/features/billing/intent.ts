import { randomBytes } from 'node:crypto';
import type { BillingPlan, PaymentKind } from '@teamline/contract';
import type { UnitOfWorkHandle } from '../../platform/events/unit-of-work.js';
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
import {
  POLL_MS,
  WAIT_LIMIT_MS,
  ask,
  complete,
  finishRefund,
  isStale,
  mailChanged,
  settleOperation,
  sleep,
  type Outcome,
} from './intent-outcome.js';
import { applyFailed, applyPaid, recordFailure } from './payment-effects.js';
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
type Tx = UnitOfWorkHandle<BillingRepository>;

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
