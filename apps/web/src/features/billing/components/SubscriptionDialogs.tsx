import { useMutation } from '@tanstack/react-query';
import {
  couponPlan,
  currencies,
  dayCodeOf,
  MAX_SHEET_CHANGE,
  paidPlans,
  periodDays,
  prorateAdd,
  quoteSubscribe,
  sheetPeriodPrice,
  type BillingQuote,
  type Currency,
  type PaidPlan,
} from '@teamline/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { RadioGroup } from '../../../components/ui/Radio';
import { TextInput } from '../../../components/ui/TextInput';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { billingApi } from '../api/billing-api';
import { useBillingRefresh, useCards, usePlans } from '../api/use-billing';
import { useIdempotencyKey } from '../logic/idempotency';
import { failurePath, isPaymentPending, isPaymentRefusal, successPath } from '../logic/result';
import { PriceSummary } from './PriceSummary';
import { useMoney, type SubscriptionDialogProps } from './parts';

/** A count typed in a number field: a whole number in 1…max, else null. */
export function parseCount(value: string, max: number = MAX_SHEET_CHANGE): number | null {
  if (!/^\d{1,4}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= max ? n : null;
}

/** The error a dialog shows inside itself (a refusal that is not the gateway's). */
function DialogError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="billing-alert billing-alert--danger" role="alert">
      {t(`errors.${errorCodeOf(error)}`)}
    </p>
  );
}

/** subscribePop: plan, sheets, currency, an optional coupon and the price before paying. */
export function SubscribeDialog({ projectIdx, sub, onClose }: SubscriptionDialogProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = useMoney();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const formId = useId();
  const plans = usePlans();
  const cards = useCards();
  const refresh = useBillingRefresh(projectIdx);
  const { keyFor, settle } = useIdempotencyKey();
  const [plan, setPlan] = useState<PaidPlan | 'FREE'>('30D');
  const [sheetsText, setSheetsText] = useState(String(Math.max(sub.minSheets, 1)));
  const [currency, setCurrency] = useState<Currency>(lang === 'kr' ? 'KRW' : 'USD');
  const [couponText, setCouponText] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const sheets = parseCount(sheetsText);
  const card = cards.data?.cards[0] ?? null;

  const coupon = sub.coupon;
  const couponApplies = plan !== 'FREE' && coupon != null && couponPlan[coupon.type] === plan;

  const registerCoupon = useMutation({
    mutationFn: (number: string) => billingApi.registerCoupon({ number, projectIdx }),
    onSuccess: async () => {
      setCouponText('');
      notify(t('ui.billing.couponPop.done'), 'success');
      await refresh();
    },
  });

  const subscribe = useMutation({
    mutationFn: (input: { plan: PaidPlan; sheets: number; currency: Currency }) => {
      const body = { projectIdx, ...input, ...(card ? { cardIdx: card.cardIdx } : {}) };
      return billingApi.subscribe(body, keyFor(body));
    },
    onSuccess: async (result) => {
      await refresh();
      onClose();
      if (result.payment && result.payment.amount > 0)
        void navigate(successPath('subscribe', result.payment));
      else notify(t('ui.billing.subscribePop.done'), 'success');
    },
    onError: (error) => {
      settle(error);
      // The history shows the charge as confirming meanwhile.
      if (isPaymentPending(error)) void refresh();
      if (isPaymentRefusal(error)) {
        onClose();
        void navigate(failurePath('subscribe', error));
      }
    },
  });

  const monthly = plans.data?.monthlyPrices[currency];
  const quote: BillingQuote | null =
    plan !== 'FREE' && sheets != null && monthly != null
      ? quoteSubscribe({
          plan,
          sheets,
          currency,
          monthlyPrice: monthly,
          startDt: dayCodeOf(new Date()),
          couponPercentOff: couponApplies ? coupon.percentOff : null,
        })
      : null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    // Staying on the free plan needs nothing from the server.
    if (plan === 'FREE') return onClose();
    if (sheets == null || subscribe.isPending) return;
    subscribe.mutate({ plan, sheets, currency });
  }

  const planHint = (p: PaidPlan | 'FREE') =>
    p === 'FREE' || monthly == null
      ? t('ui.billing.planHint.FREE')
      : t(`ui.billing.planHint.${p}`, {
          price: money(sheetPeriodPrice(p, monthly), currency),
        });

  return (
    <Modal
      title={t('ui.billing.subscribePop.title')}
      isOpen
      onClose={onClose}
      formId={formId}
      confirmText={
        quote && quote.amount > 0
          ? t('ui.billing.subscribePop.confirm', { amount: money(quote.amount, quote.currency) })
          : t('ui.billing.subscribePop.confirmFree')
      }
      isConfirmLoading={subscribe.isPending}
    >
      <form id={formId} className="form billing-form" noValidate onSubmit={handleSubmit}>
        <RadioGroup
          legend={t('ui.billing.subscribePop.plan')}
          name="plan"
          value={plan}
          options={(['FREE', ...paidPlans] as const).map((p) => ({
            value: p,
            label: `${t(`ui.billing.plans.${p}`)} — ${planHint(p)}`,
          }))}
          onChange={setPlan}
        />
        {plan === 'FREE' ? (
          <p className="billing-note">{t('ui.billing.subscription.none')}</p>
        ) : (
          <>
            <TextInput
              label={t('ui.billing.subscribePop.sheets')}
              inputMode="numeric"
              isNumberOnly
              value={sheetsText}
              onChange={(e) => setSheetsText(e.target.value)}
              hint={t('ui.billing.subscribePop.sheetsHint', {
                members: t('ui.billing.memberCount', { count: sub.totalMember }),
                count: sub.minSheets,
              })}
              error={
                isSubmitted && sheets == null
                  ? t('ui.billing.sheetsPop.countInvalid', { max: MAX_SHEET_CHANGE })
                  : undefined
              }
            />
            <div className="field">
              <label className="field__label" htmlFor={`${formId}-currency`}>
                {t('ui.billing.currency')}
              </label>
              <select
                id={`${formId}-currency`}
                className="input"
                value={currency}
                onChange={(e) => setCurrency(e.target.value as Currency)}
              >
                {currencies.map((c) => (
                  <option key={c} value={c}>
                    {t(`ui.billing.currencies.${c}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="billing-coupon">
              {coupon ? (
                <p className={couponApplies ? 'billing-note' : 'billing-alert billing-alert--warning'}>
                  {couponApplies
                    ? t('ui.billing.subscribePop.couponApplied', {
                        number: coupon.number,
                        percent: coupon.percentOff,
                      })
                    : t(`errors.${coupon.type === 'monthly' ? 'COUPON_IS_MONTHLY' : 'COUPON_IS_YEARLY'}`)}
                </p>
              ) : (
                <div className="billing-inline">
                  <TextInput
                    label={`${t('ui.billing.subscribePop.coupon')} (${t('ui.common.optional')})`}
                    value={couponText}
                    maxLength={40}
                    onChange={(e) => setCouponText(e.target.value)}
                    error={
                      registerCoupon.error ? t(`errors.${errorCodeOf(registerCoupon.error)}`) : undefined
                    }
                  />
                  <Button
                    size="medium"
                    variant="outline"
                    disabled={!couponText.trim()}
                    isLoading={registerCoupon.isPending}
                    onClick={() => registerCoupon.mutate(couponText.trim())}
                  >
                    {t('ui.billing.subscribePop.applyCoupon')}
                  </Button>
                </div>
              )}
            </div>
            <div className="billing-card-line">
              <span className="field__label">{t('ui.billing.subscribePop.card')}</span>
              {card ? (
                <span data-testid="subscribe-card">
                  {card.brand} {t('ui.billing.card.masked', { last4: card.last4 })}
                </span>
              ) : (
                <span className="billing-inline">
                  <span className="billing-muted">{t('ui.billing.subscription.needCard')}</span>
                  <Button
                    size="small"
                    variant="outline"
                    onClick={() => {
                      onClose();
                      setParams((prev) => {
                        const next = new URLSearchParams(prev);
                        next.set('tab', 'card');
                        return next;
                      });
                    }}
                  >
                    {t('ui.billing.subscription.registerCard')}
                  </Button>
                </span>
              )}
            </div>
            {quote && (
              <PriceSummary
                quote={quote}
                detail={t('ui.billing.summary.line', {
                  count: sheets ?? 0,
                  price: money(sheetPeriodPrice(plan, monthly ?? 0), quote.currency),
                })}
              />
            )}
            <p className="billing-muted">
              {quote && t('ui.billing.subscription.renewsOn', { date: formatDate(quote.periodEndDt, lang) })}
            </p>
          </>
        )}
        {!isPaymentRefusal(subscribe.error) && <DialogError error={subscribe.error} />}
      </form>
    </Modal>
  );
}

/** subChangePop: the other plan from the next renewal; nothing is charged now. */
export function SubChangeDialog({ projectIdx, sub, onClose }: SubscriptionDialogProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const refresh = useBillingRefresh(projectIdx);
  const current = sub.plan === 'FREE' ? '30D' : sub.plan;
  const [plan, setPlan] = useState<PaidPlan>(sub.pendingPlan ?? (current === '30D' ? '12M' : '30D'));
  const date = formatDate(sub.periodEndDt, lang);
  const change = useMutation({
    mutationFn: () => billingApi.update(sub.subscriptionIdx!, { plan }),
    onSuccess: async () => {
      notify(t('ui.billing.subChangePop.done', { date }), 'success');
      await refresh();
      onClose();
    },
  });
  return (
    <Modal
      title={t('ui.billing.subChangePop.title')}
      isOpen
      onClose={onClose}
      onConfirm={() => change.mutate()}
      confirmText={t('ui.billing.subChangePop.confirm')}
      isConfirmLoading={change.isPending}
      size="small"
    >
      <div className="form billing-form">
        <p>{t('ui.billing.subChangePop.current', { plan: t(`ui.billing.plans.${sub.plan}`) })}</p>
        <RadioGroup
          legend={t('ui.billing.subscribePop.plan')}
          name="plan"
          value={plan}
          options={paidPlans.map((p) => ({ value: p, label: t(`ui.billing.plans.${p}`) }))}
          onChange={setPlan}
        />
        <p className="billing-note">{t('ui.billing.subChangePop.atRenewal', { date })}</p>
        <DialogError error={change.error} />
      </div>
    </Modal>
  );
}

/**
 * sheetsPop: `ADD` charges the rest of this period now (the amount is shown first); `SUB` applies at
 * the renewal and never below the members beyond the free ones.
 */
export function SheetsDialog({
  projectIdx,
  sub,
  direction,
  onClose,
}: SubscriptionDialogProps & { direction: 'ADD' | 'SUB' }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = useMoney();
  const navigate = useNavigate();
  const formId = useId();
  const refresh = useBillingRefresh(projectIdx);
  const { keyFor, settle } = useIdempotencyKey();
  const isAdd = direction === 'ADD';
  const baseSheets = sub.pendingSheets ?? sub.sheets;
  const maxRemove = Math.max(baseSheets - sub.minSheets, 0);
  const missing = Math.max(sub.totalMember - sub.sheets - sub.freeMembers, 0);
  const [countText, setCountText] = useState(String(isAdd ? Math.max(missing, 1) : Math.min(1, maxRemove)));
  const [isSubmitted, setIsSubmitted] = useState(false);
  const count = parseCount(countText, isAdd ? MAX_SHEET_CHANGE : maxRemove);
  const date = formatDate(sub.periodEndDt, lang);

  const change = useMutation({
    mutationFn: (n: number) => {
      const body = { direction, count: n };
      return billingApi.changeSheets(sub.subscriptionIdx!, body, keyFor(body));
    },
    onSuccess: async (result, n) => {
      await refresh();
      onClose();
      if (isAdd && result.payment && result.payment.amount > 0)
        void navigate(successPath('sheets', result.payment));
      else
        notify(
          isAdd
            ? t('ui.billing.sheetsPop.added', { count: n })
            : t('ui.billing.sheetsPop.removed', { count: n, date }),
          'success',
        );
    },
    onError: (error) => {
      settle(error);
      // The history shows the charge as confirming meanwhile.
      if (isPaymentPending(error)) void refresh();
      if (isPaymentRefusal(error)) {
        onClose();
        void navigate(failurePath('sheets', error));
      }
    },
  });

  let quote: BillingQuote | null = null;
  let days = { total: 0, remaining: 0 };
  if (isAdd && count != null && sub.periodStartDt && sub.periodEndDt) {
    const today = dayCodeOf(new Date());
    days = periodDays({ periodStartDt: sub.periodStartDt, periodEndDt: sub.periodEndDt }, today);
    const amount = prorateAdd({
      count,
      sheetPeriodPrice: sub.sheetPeriodPrice,
      remainingDays: days.remaining,
      periodDays: days.total,
    });
    quote = {
      currency: sub.currency,
      listAmount: amount,
      discount: 0,
      amount,
      periodStartDt: today,
      periodEndDt: sub.periodEndDt,
    };
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (count == null || change.isPending) return;
    change.mutate(count);
  }

  const confirmText = isAdd
    ? quote
      ? t('ui.billing.sheetsPop.confirmAdd', { amount: money(quote.amount, quote.currency) })
      : t('ui.billing.subscription.addSheets')
    : t('ui.billing.sheetsPop.confirmRemove');

  return (
    <Modal
      title={t(isAdd ? 'ui.billing.sheetsPop.addTitle' : 'ui.billing.sheetsPop.removeTitle')}
      isOpen
      onClose={onClose}
      formId={!isAdd && maxRemove === 0 ? undefined : formId}
      confirmText={confirmText}
      isConfirmLoading={change.isPending}
    >
      <form id={formId} className="form billing-form" noValidate onSubmit={handleSubmit}>
        {!isAdd && maxRemove === 0 ? (
          <p className="billing-note">
            {t('ui.billing.sheetsPop.removeMin', { count: sub.minSheets, members: sub.totalMember })}
          </p>
        ) : (
          <>
            <TextInput
              label={t('ui.billing.sheetsPop.count')}
              inputMode="numeric"
              isNumberOnly
              value={countText}
              onChange={(e) => setCountText(e.target.value)}
              hint={
                isAdd
                  ? t('ui.billing.sheetsPop.addHint')
                  : t('ui.billing.sheetsPop.removeMin', { count: sub.minSheets, members: sub.totalMember })
              }
              error={
                (isSubmitted || countText !== '') && count == null
                  ? t('ui.billing.sheetsPop.countInvalid', { max: isAdd ? MAX_SHEET_CHANGE : maxRemove })
                  : undefined
              }
            />
            {count != null && (
              <p data-testid="sheets-after">
                {t('ui.billing.sheetsPop.after', { sheets: isAdd ? sub.sheets + count : baseSheets - count })}
              </p>
            )}
            {isAdd && quote && (
              <PriceSummary
                quote={quote}
                detail={t('ui.billing.summary.prorated', {
                  count: count ?? 0,
                  remaining: days.remaining,
                  total: days.total,
                })}
              />
            )}
            {!isAdd && <p className="billing-note">{t('ui.billing.sheetsPop.removeHint', { date })}</p>}
          </>
        )}
        {!isPaymentRefusal(change.error) && <DialogError error={change.error} />}
      </form>
    </Modal>
  );
}
