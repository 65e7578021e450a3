import { isErrorCode, type Currency, type ErrorCode } from '@teamline/contract';
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
 * Whether a failure is the gateway's refusal of a card or a charge (docs/product/billing.md#errors): those get
 * the `/payment-failure` page; a form mistake stays in the dialog.
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

/** The gateway's reason a server put in the error's details (`{reason}`), if any. */
export function refusalReasonOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const details = error.details as { reason?: unknown } | null | undefined;
  return typeof details?.reason === 'string' && /^[A-Z_]{2,60}$/.test(details.reason) ? details.reason : null;
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
