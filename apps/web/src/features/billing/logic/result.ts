import { isErrorCode, type Currency, type ErrorCode } from '@teamline/contract';
import type { TFunction } from 'i18next';
import { ApiError, errorCodeOf } from '../../../lib/api-client';

/** What a payment result page reports on. */
export const resultKinds = ['card', 'subscribe', 'sheets', 'refund'] as const;
export type ResultKind = (typeof resultKinds)[number];
export const isResultKind = (value: string | null): value is ResultKind =>
  resultKinds.includes(value as ResultKind);

/** The settings section a result page leads back to. */
export const backTabOf: Record<ResultKind, string> = {
  card: 'card',
  subscribe: 'subscription',
  sheets: 'subscription',
  refund: 'payment',
};

/**
 * Whether a failure is the gateway's refusal of a card or a charge (docs/product/billing.md#errors): a
 * charge's refusal gets the `/payment-failure` page, a card's is said in its dialog (`refusalText`);
 * a form mistake stays on its field.
 */
export const isPaymentRefusal = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 402 ||
    (
      [
        'CARD_REGISTRATION_FAILED',
        'SUBSCRIPTION_FAILED',
        'SUBSCRIPTION_ADD_FAILED',
        'REFUND_FAILED',
      ] as string[]
    ).includes(error.code));

/**
 * The card company's answer is not known yet (PAYMENT_PENDING): the dialog stays open with the
 * same Idempotency-Key (a 5xx keeps it), so trying again answers how that very charge ended.
 */
export const isPaymentPending = (error: unknown): boolean => errorCodeOf(error) === 'PAYMENT_PENDING';

/** A gateway reason code (`CARD_DECLINED`), or null for anything else a page or an answer carries. */
export const reasonCode = (value: unknown): string | null =>
  typeof value === 'string' && /^[A-Z_]{2,60}$/.test(value) ? value : null;

/** The gateway's reason a server put in the error's details (`{reason}`), if any. */
export function refusalReasonOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return reasonCode((error.details as { reason?: unknown } | null | undefined)?.reason);
}

/** A gateway reason in the reader's words; its code where the app has no text for it. */
export const reasonText = (t: TFunction, reason: string): string =>
  t(`ui.billing.reasons.${reason}`, { defaultValue: reason });

/** What a refusal says in one line: the error's text, then "Reason: …" when the gateway gave one. */
export function refusalText(t: TFunction, error: unknown): string {
  const reason = refusalReasonOf(error);
  const text = t(`errors.${errorCodeOf(error)}`);
  return reason ? `${text} ${t('ui.billing.result.failureReason', { reason: reasonText(t, reason) })}` : text;
}

export function failurePath(kind: ResultKind, error: unknown): string {
  const params = new URLSearchParams({ kind, code: errorCodeOf(error) });
  const reason = refusalReasonOf(error);
  if (reason) params.set('reason', reason);
  return `/payment-failure?${params.toString()}`;
}

export function successPath(
  kind: ResultKind,
  charge?: { amount: number; currency: Currency } | null,
): string {
  const params = new URLSearchParams({ kind });
  if (charge && charge.amount > 0) {
    params.set('amount', String(charge.amount));
    params.set('currency', charge.currency);
  }
  return `/payment-success?${params.toString()}`;
}

/** The error code a failure page was given, if it is one the app knows. */
export const codeParam = (value: string | null): ErrorCode | null => (isErrorCode(value) ? value : null);
