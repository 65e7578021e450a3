import { useMutation, useQuery } from '@tanstack/react-query';
import type { PaymentDto, PaymentStatus } from '@teamline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { billingApi, billingKeys } from '../api/billing-api';
import { useBillingRefresh, useSubscription } from '../api/use-billing';
import { useIdempotencyKey } from '../logic/idempotency';
import { failurePath, isPaymentPending, isPaymentRefusal, reasonText } from '../logic/result';
import { AdminOnlyNote, BillingTable, Facts, Money, useMoney, type SubscriptionDialogProps } from './parts';

const statusTone: Record<PaymentStatus, string> = {
  pending: 'waiting',
  paid: 'done',
  failed: 'refused',
  refunded: 'neutral',
};
/** While a charge waits for the card company's answer (a crash or a lost answer), the list looks again. */
const PENDING_REFETCH_MS = 5_000;

/** Settings › Payment: the project's charges and refunds in the charged currency, receipts, refundPop. */
export function PaymentSection({ projectIdx, canManage }: { projectIdx: number; canManage: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const payments = useQuery({
    queryKey: billingKeys.payments(projectIdx),
    queryFn: () => billingApi.payments(projectIdx),
    enabled: canManage,
    refetchInterval: (query) =>
      query.state.data?.some((p) => p.status === 'pending') ? PENDING_REFETCH_MS : false,
  });
  const sub = useSubscription(projectIdx);
  const [receipt, setReceipt] = useState<PaymentDto | null>(null);
  const [isRefundOpen, setIsRefundOpen] = useState(false);
  if (!canManage)
    return (
      <div className="card billing-card">
        <h3>{t('ui.billing.payment.title')}</h3>
        <AdminOnlyNote />
      </div>
    );
  const refund = sub.data?.refund ?? null;
  return (
    <div className="card billing-card" data-testid="billing-payments">
      <div className="billing-card__head">
        <h3>{t('ui.billing.payment.title')}</h3>
        {refund && refund.amount > 0 && sub.data?.subscriptionIdx != null && (
          <Button
            size="medium"
            variant="outline"
            onClick={() => setIsRefundOpen(true)}
            data-testid="refund-open"
          >
            {t('ui.billing.payment.refund')}
          </Button>
        )}
      </div>
      <BillingTable
        query={payments}
        empty={t('ui.billing.payment.empty')}
        columns={[
          { label: t('ui.billing.payment.date') },
          { label: t('ui.billing.payment.description') },
          { label: t('ui.billing.payment.amount'), isNumber: true },
          { label: t('ui.billing.payment.status') },
          { label: t('ui.billing.payment.actions'), isHidden: true },
        ]}
      >
        {(rows) =>
          rows.map((p) => (
            <tr key={p.paymentIdx} data-testid="payment-row">
              <td data-label={t('ui.billing.payment.date')}>{formatDate(p.createdAt, lang)}</td>
              <td data-label={t('ui.billing.payment.description')}>
                <PaymentDescription payment={p} />
              </td>
              <td data-label={t('ui.billing.payment.amount')} className="billing-table__num">
                {p.kind === 'refund' && '−'}
                <Money amount={p.amount} currency={p.currency} />
                {p.refundedAmount > 0 && p.kind !== 'refund' && (
                  <span className="billing-muted billing-block">
                    <RefundedNote payment={p} />
                  </span>
                )}
              </td>
              <td data-label={t('ui.billing.payment.status')}>
                <span className={`pill pill--${statusTone[p.status]}`} data-status={p.status}>
                  {t(`ui.billing.payment.statuses.${p.status}`)}
                </span>
              </td>
              <td>
                {/* No receipt for a charge the card company has not confirmed. */}
                {p.status !== 'pending' && (
                  <Button size="small" variant="ghost" onClick={() => setReceipt(p)}>
                    {t('ui.billing.payment.receipt')}
                  </Button>
                )}
              </td>
            </tr>
          ))
        }
      </BillingTable>
      {receipt && <ReceiptDialog payment={receipt} onClose={() => setReceipt(null)} />}
      {isRefundOpen && sub.data && refund && (
        <RefundDialog projectIdx={projectIdx} sub={sub.data} onClose={() => setIsRefundOpen(false)} />
      )}
    </div>
  );
}

function RefundedNote({ payment }: { payment: PaymentDto }) {
  const { t } = useTranslation();
  const money = useMoney();
  return <>{t('ui.billing.payment.refunded', { amount: money(payment.refundedAmount, payment.currency) })}</>;
}

/** "Subscription · Monthly · 2 sheets" and, for a failure, its reason. */
function PaymentDescription({ payment }: { payment: PaymentDto }) {
  const { t } = useTranslation();
  return (
    <span className="billing-desc">
      {t(`ui.billing.payment.kinds.${payment.kind}`)}
      <span className="billing-muted billing-block">
        {payment.kind === 'refund' && payment.refundMode
          ? t(`ui.billing.refundPop.modes.${payment.refundMode}`)
          : t('ui.billing.payment.planSheets', {
              plan: t(`ui.billing.plans.${payment.plan}`),
              count: payment.sheets,
            })}
      </span>
      {payment.status === 'pending' && (
        <span className="billing-muted billing-block">{t('ui.billing.payment.pendingNote')}</span>
      )}
      {payment.status === 'failed' && payment.failureReason && (
        <span className="billing-muted billing-block">{reasonText(t, payment.failureReason)}</span>
      )}
    </span>
  );
}

/** A payment's receipt (the same facts as the mailed one), printable. */
export function ReceiptDialog({ payment, onClose }: { payment: PaymentDto; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const p = payment;
  return (
    <Modal title={t('ui.billing.receiptPop.title')} isOpen onClose={onClose} size="small">
      <div className="billing-receipt" data-testid="receipt">
        <Facts
          rows={[
            [t('ui.billing.receiptPop.number'), p.receiptNumber],
            [t('ui.billing.receiptPop.paidAt'), formatDateTime(p.createdAt, lang)],
            [t('ui.billing.receiptPop.item'), <PaymentDescription key="d" payment={p} />],
            p.periodStartDt != null &&
              p.periodEndDt != null && [
                t('ui.billing.receiptPop.period'),
                t('ui.billing.subscription.periodRange', {
                  start: formatDate(p.periodStartDt, lang),
                  end: formatDate(p.periodEndDt, lang),
                }),
              ],
            p.cardLast4 != null && [
              t('ui.billing.receiptPop.card'),
              `${p.cardBrand ?? ''} ${t('ui.billing.card.masked', { last4: p.cardLast4 })}`,
            ],
            p.kind !== 'refund' && [
              t('ui.billing.receiptPop.amount'),
              <Money key="l" amount={p.listAmount} currency={p.currency} />,
            ],
            p.discount > 0 && [
              `${t('ui.billing.receiptPop.discount')}${p.couponNumber ? ` (${p.couponNumber})` : ''}`,
              <span key="c">
                −<Money amount={p.discount} currency={p.currency} />
              </span>,
            ],
            [t('ui.billing.receiptPop.total'), <Money key="a" amount={p.amount} currency={p.currency} />],
            p.refundedAmount > 0 &&
              p.kind !== 'refund' && [
                t('ui.billing.receiptPop.refunded'),
                <Money key="r" amount={p.refundedAmount} currency={p.currency} />,
              ],
          ]}
        />
        {p.gatewaySkipped && <p className="billing-note">{t('ui.billing.summary.free')}</p>}
        <div className="billing-actions no-print">
          <Button size="small" variant="outline" onClick={() => window.print()}>
            {t('ui.billing.receiptPop.print')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** refundPop: FULL within 7 days of the charge, else PARTIAL by unused days; the amount is shown first. */
export function RefundDialog({ projectIdx, sub, onClose }: SubscriptionDialogProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const refresh = useBillingRefresh(projectIdx);
  const { keyFor, settle } = useIdempotencyKey();
  const quote = sub.refund!;
  const refund = useMutation({
    mutationFn: () => {
      const body = { mode: quote.mode };
      return billingApi.refund(sub.subscriptionIdx!, body, keyFor(body));
    },
    onSuccess: async (result) => {
      await refresh();
      onClose();
      // The total the dialog showed: a refund of a period with added sheets returns several charges,
      // and the answer's `payment` is only the last of them (the toast named one charge's amount).
      notify(
        t('ui.billing.refundPop.done', {
          amount: money(quote.amount, result.payment?.currency ?? sub.currency),
        }),
        'success',
      );
    },
    onError: (error) => {
      settle(error);
      if (isPaymentPending(error)) void refresh();
      if (isPaymentRefusal(error)) {
        onClose();
        void navigate(failurePath('refund', error));
      }
    },
  });
  return (
    <Modal
      title={t('ui.billing.refundPop.title')}
      isOpen
      onClose={onClose}
      onConfirm={() => {
        if (!refund.isPending) refund.mutate();
      }}
      confirmText={t('ui.billing.refundPop.confirm', { amount: money(quote.amount, sub.currency) })}
      isConfirmLoading={refund.isPending}
      isDanger
      size="small"
    >
      <div className="billing-form">
        <Facts
          rows={[
            [t('ui.billing.refundPop.mode'), t(`ui.billing.refundPop.modes.${quote.mode}`)],
            [
              t('ui.billing.refundPop.amount'),
              <strong key="a" data-testid="refund-amount">
                <Money amount={quote.amount} currency={sub.currency} />
              </strong>,
            ],
          ]}
        />
        <p className="billing-note">{t(`ui.billing.refundPop.explain.${quote.mode}`)}</p>
        {refund.error != null && !isPaymentRefusal(refund.error) && (
          <p className="billing-alert billing-alert--danger" role="alert">
            {t(`errors.${errorCodeOf(refund.error)}`)}
          </p>
        )}
      </div>
    </Modal>
  );
}
