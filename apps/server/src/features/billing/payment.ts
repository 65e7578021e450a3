import type { Language, PaymentDto } from '@teamline/contract';
import { plural, resources } from '@teamline/contract/i18n';
import { renderMail } from '../../infra/mail.js';
import type { Actor } from '../../shared/context.js';
import type { PaymentRow } from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';
import { receiptNumber, toPaymentDto } from './billing.presenter.js';

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
    const values = paymentMailValues(payment, project?.name ?? '', admin.lang);
    const mail = renderMail(template, admin.lang, admin.email, link, values);
    await deps.ctx.mailer.send({ ...mail, projectIdx: payment.projectIdx });
  }
}

/**
 * The values of a payment's mail in `lang`: the kind and the plan in the words of the payment history
 * and the plans (`ui.billing.payment.kinds`, `ui.billing.plans`), set apart in the sentence so a
 * capitalised word reads right, and the sheets a counted word ("1 sheet", issue 33).
 */
export function paymentMailValues(
  payment: Pick<
    PaymentRow,
    | 'paymentIdx'
    | 'status'
    | 'kind'
    | 'amount'
    | 'currency'
    | 'plan'
    | 'sheets'
    | 'periodStartDt'
    | 'periodEndDt'
    | 'failureReason'
  >,
  project: string,
  lang: Language,
): Record<string, string | number> {
  const texts = resources[lang];
  return {
    project,
    number: receiptNumber(payment.paymentIdx),
    kind: texts.ui.billing.payment.kinds[payment.kind],
    amount: money(payment.amount, payment.currency),
    plan: texts.ui.billing.plans[payment.plan],
    sheets: plural(texts.mail.billingReceipt, 'sheets', lang, { count: payment.sheets }),
    period: `${payment.periodStartDt ?? ''}–${payment.periodEndDt ?? ''}`,
    reason: payment.failureReason ?? '',
  };
}
