import type { BillingPlan, PaymentDto, PaymentKind } from '@teamline/contract';
import { renderMail } from '../../infra/mail.js';
import type { EventRecorder } from '../../platform/events/outbox.repository.js';
import type { Actor } from '../../shared/context.js';
import type {
  BillingRepository,
  CardRow,
  CouponRow,
  PaymentRow,
  SubscriptionRow,
} from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';
import { GatewayError } from './gateway/gateway.js';

type Tx = BillingRepository & { events: EventRecorder };

export const receiptNumber = (paymentIdx: number) => `TL-${String(paymentIdx).padStart(8, '0')}`;

export function toPaymentDto(p: PaymentRow, couponNumber: string | null = null): PaymentDto {
  return {
    paymentIdx: p.paymentIdx,
    subscriptionIdx: p.subscriptionIdx,
    projectIdx: p.projectIdx,
    kind: p.kind,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    receiptNumber: receiptNumber(p.paymentIdx),
    plan: p.plan,
    sheets: p.sheets,
    periodStartDt: p.periodStartDt,
    periodEndDt: p.periodEndDt,
    listAmount: p.listAmount,
    discount: p.discount,
    couponNumber,
    refundedAmount: p.refundedAmount,
    refundOfIdx: p.refundOfIdx,
    refundMode: p.refundMode,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    failureReason: p.failureReason,
    gatewaySkipped: p.gatewaySkipped,
  };
}

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
  orderName: string;
}

export interface ChargeOutcome {
  payment: PaymentRow;
  /** The payment already existed: nothing was charged now. */
  replayed: boolean;
  failure: GatewayError | null;
}

/**
 * Charges once for `paysFor` (inside the caller's locked transaction): an existing paid charge is
 * returned as it is; 0 is recorded without calling the gateway; otherwise the gateway is called
 * with the idempotency key `paysFor#attempt` (a retry after a crash gets the first answer back), and
 * a refusal is recorded as a failed payment with its reason.
 */
export async function chargeOnce(r: Tx, deps: BillingDeps, spec: ChargeSpec): Promise<ChargeOutcome> {
  const existing = await r.paymentPaidFor(spec.paysFor);
  if (existing) return { payment: existing, replayed: true, failure: null };
  const attempt = (await r.failedAttempts(spec.paysFor)) + 1;
  const chargeKey = `${spec.paysFor}#${attempt}`;
  const base = {
    subscriptionIdx: spec.sub.subscriptionIdx,
    projectIdx: spec.sub.projectIdx,
    kind: spec.kind,
    amount: spec.amount,
    currency: spec.sub.currency,
    paysFor: spec.paysFor,
    chargeKey,
    attempt,
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
    createdAt: deps.ctx.clock.now(),
  } as const;
  if (spec.amount === 0) {
    const payment = await r.insertPayment({ ...base, status: 'paid', gatewaySkipped: true });
    return { payment, replayed: false, failure: null };
  }
  let failure: GatewayError | null = null;
  let paymentKey: string | null = null;
  if (!spec.card) failure = new GatewayError('INVALID_CARD', 'no card');
  else
    try {
      paymentKey = (
        await deps.gateway.charge({
          billingKey: spec.card.billingKey,
          customerKey: spec.card.customerKey,
          amount: spec.amount,
          currency: spec.sub.currency,
          orderId: chargeKey.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64),
          orderName: spec.orderName,
          idempotencyKey: chargeKey,
        })
      ).paymentKey;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      failure = error;
    }
  if (failure) {
    const payment = await r.insertPayment({ ...base, status: 'failed', failureReason: failure.reason });
    await r.events.record('payment.failed', spec.sub.projectIdx, {
      projectIdx: spec.sub.projectIdx,
      subscriptionIdx: spec.sub.subscriptionIdx,
      paymentIdx: payment.paymentIdx,
      kind: spec.kind,
      attempt,
      reason: failure.reason,
    });
    return { payment, replayed: false, failure };
  }
  const payment = await r.insertPayment({ ...base, status: 'paid', gatewayPaymentKey: paymentKey });
  return { payment, replayed: false, failure: null };
}

/** `GET /payment?projectIdx=`: the project's payments, newest first (admins). */
export async function listPayments(
  deps: BillingDeps,
  actor: Actor,
  projectIdx: number,
): Promise<PaymentDto[]> {
  await deps.authz.authorize(actor, 'billing.manage', projectIdx);
  const rows = await deps.repo.paymentsOfProject(projectIdx);
  const numbers = new Map(
    (await deps.repo.couponsOfProject(projectIdx)).map((c) => [c.coupon.couponIdx, c.coupon.number]),
  );
  return rows.map((p) => toPaymentDto(p, p.couponIdx ? (numbers.get(p.couponIdx) ?? null) : null));
}

const money = (amount: number, currency: string) =>
  currency === 'USD' ? `${(amount / 100).toFixed(2)} USD` : `${amount.toLocaleString('en-US')} KRW`;

/**
 * Receipts and failure notices by e-mail to the project's admins, each in their language; sent after
 * the commit (the mailer queues a durable job). Keyed by payment, so a replayed request mails nothing.
 */
export async function mailPayment(deps: BillingDeps, payment: PaymentRow) {
  const project = await deps.repo.project(payment.projectIdx);
  const link = `${deps.ctx.config.publicUrl}/#/setting?tab=payment&projectIdx=${payment.projectIdx}`;
  const template = payment.status === 'failed' ? 'billingPaymentFailed' : 'billingReceipt';
  for (const admin of await deps.repo.admins(payment.projectIdx)) {
    const mail = renderMail(template, admin.lang, admin.email, link, {
      project: project?.name ?? '',
      number: receiptNumber(payment.paymentIdx),
      kind: payment.kind,
      amount: money(payment.amount, payment.currency),
      plan: payment.plan,
      sheets: payment.sheets,
      period: `${payment.periodStartDt ?? ''}–${payment.periodEndDt ?? ''}`,
      reason: payment.failureReason ?? '',
    });
    await deps.ctx.mailer.send({ ...mail, projectIdx: payment.projectIdx });
  }
}
