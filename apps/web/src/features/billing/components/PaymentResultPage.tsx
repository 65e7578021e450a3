import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currencies, type Currency } from '@teamline/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { useRouteMeta } from '../../../app/use-route-meta';
import { Icon } from '../../../components/ui/Icon';
import { errorCodeOf } from '../../../lib/api-client';
import { billingApi, billingKeys } from '../api/billing-api';
import { backTabOf, codeParam, isResultKind, reasonCode, reasonText, type ResultKind } from '../logic/result';
import { tossReturnParams } from '../logic/toss';
import { useMoney } from './parts';
import '../billing.css';

/**
 * `/payment-success` and `/payment-failure` (docs/product/i18n-and-modes.md#routes: titles 결제 성공 / 결제 실패, no header, no
 * left menu): what happened, in the reader's language, and the way back to settings. Toss returns
 * here with `authKey` and `customerKey` after a card registration, which this page completes.
 */
export function PaymentResultPage() {
  const meta = useRouteMeta();
  const [params] = useSearchParams();
  const kindParam = params.get('kind');
  const kind: ResultKind = isResultKind(kindParam) ? kindParam : 'subscribe';
  const toss = meta.name === 'paymentSuccess' ? tossReturnParams(params) : null;
  if (toss) return <TossCardReturn authKey={toss.authKey} customerKey={toss.customerKey} />;
  return meta.name === 'paymentSuccess' ? <Success kind={kind} /> : <Failure kind={kind} />;
}

function Shell({
  tone,
  title,
  kind,
  children,
}: {
  tone: 'success' | 'failure';
  title: string;
  kind: ResultKind;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="payment-result">
      <div
        className={`card payment-result__card payment-result__card--${tone}`}
        data-testid={`payment-${tone}`}
      >
        <span className={`payment-result__icon payment-result__icon--${tone}`} aria-hidden="true">
          <Icon name={tone === 'success' ? 'check' : 'warning'} />
        </span>
        <h1 className="payment-result__title">{title}</h1>
        <p className="payment-result__kind">{t(`ui.billing.result.kinds.${kind}`)}</p>
        {children}
        <Link className="btn btn--green btn--large btn--block" to={`/setting?tab=${backTabOf[kind]}`}>
          {t('ui.billing.result.backToSettings')}
        </Link>
      </div>
    </div>
  );
}

function Success({ kind }: { kind: ResultKind }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [params] = useSearchParams();
  const amount = Number(params.get('amount'));
  const currency = params.get('currency') as Currency | null;
  const charge =
    Number.isSafeInteger(amount) && amount > 0 && currency && currencies.includes(currency)
      ? money(amount, currency)
      : null;
  return (
    <Shell tone="success" title={t('ui.billing.result.successTitle')} kind={kind}>
      <p className="payment-result__body">
        {kind === 'card'
          ? t('ui.billing.result.cardRegistered')
          : charge
            ? t('ui.billing.result.successAmount', { amount: charge })
            : t('ui.billing.result.successBody')}
      </p>
    </Shell>
  );
}

function Failure({ kind }: { kind: ResultKind }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = codeParam(params.get('code'));
  const reason = reasonCode(params.get('reason'));
  const fallback: Record<ResultKind, string> = {
    card: 'CARD_REGISTRATION_FAILED',
    subscribe: 'SUBSCRIPTION_FAILED',
    sheets: 'SUBSCRIPTION_ADD_FAILED',
    refund: 'REFUND_FAILED',
  };
  return (
    <Shell tone="failure" title={t('ui.billing.result.failureTitle')} kind={kind}>
      <p className="payment-result__body" role="alert">
        {t(`errors.${code ?? fallback[kind]}`)}
      </p>
      {reason && (
        <p className="payment-result__reason">
          {t('ui.billing.result.failureReason', { reason: reasonText(t, reason) })}
        </p>
      )}
      {kind !== 'refund' && <p className="payment-result__body">{t('ui.billing.result.failureBody')}</p>}
    </Shell>
  );
}

/** Completes a Toss card registration: `POST /card {authKey, customerKey}` once, then the outcome. */
function TossCardReturn({ authKey, customerKey }: { authKey: string; customerKey: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const register = useMutation({
    mutationFn: () => billingApi.registerCard({ authKey, customerKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.cards }),
  });
  const started = useRef(false);
  useEffect(() => {
    // The authKey is single-use: StrictMode's second effect run must not spend it twice.
    if (started.current) return;
    started.current = true;
    register.mutate();
  }, [register]);
  if (register.isSuccess) return <Success kind="card" />;
  if (register.isError)
    return (
      <Shell tone="failure" title={t('ui.billing.result.failureTitle')} kind="card">
        <p className="payment-result__body" role="alert">
          {t(`errors.${errorCodeOf(register.error)}`)}
        </p>
      </Shell>
    );
  return (
    <div className="payment-result">
      <p>{t('ui.billing.result.registeringCard')}</p>
      <PageSpinner />
    </div>
  );
}
