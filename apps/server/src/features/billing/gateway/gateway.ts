import type { Currency } from '@teamline/contract';

/**
 * The one payment-gateway interface (PRODUCT.md "Subscription"): the built-in sandbox (the default)
 * and Toss Payments billing keys. A card becomes a billing key; charges and cancels carry an
 * idempotency key, so a retried call pays (or returns) once. Failures are `GatewayError`s with a
 * stable reason, which the services map to the spec §8 payment errors.
 */
export type GatewayName = 'sandbox' | 'toss';

/** The spec §3 card fields the sandbox takes (never stored, never logged). */
export interface SandboxCard {
  cardNumber: string;
  /** `MMYY`. */
  expiry: string;
  isCorporate: boolean;
  birth?: string | undefined;
  businessNumber?: string | undefined;
  password: string;
  cvv: string;
  ownerName: string;
}

export type CardSource = { kind: 'sandbox'; card: SandboxCard } | { kind: 'toss'; authKey: string };

export interface IssuedCard {
  billingKey: string;
  brand: string;
  issuer: string;
  last4: string;
}

export interface ChargeInput {
  billingKey: string;
  customerKey: string;
  amount: number;
  currency: Currency;
  /** Unique per charge attempt; Toss's `orderId`. */
  orderId: string;
  orderName: string;
  idempotencyKey: string;
}

export interface ChargeResult {
  paymentKey: string;
}

export interface CancelInput {
  paymentKey: string;
  amount: number;
  reason: string;
  idempotencyKey: string;
}

/** Why the gateway refused: the detail the §8 payment error carries (`details.reason`). */
export type GatewayReason =
  | 'CARD_DECLINED'
  | 'INSUFFICIENT_FUNDS'
  | 'INVALID_CARD'
  | 'EXPIRED_CARD'
  | 'ALREADY_PROCESSED_PAYMENT'
  | 'BELOW_MINIMUM_AMOUNT'
  | 'NOT_CANCELABLE_AMOUNT'
  | 'PROVIDER_ERROR'
  | 'TIMEOUT';

export class GatewayError extends Error {
  constructor(
    readonly reason: GatewayReason,
    message: string = reason,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export interface PaymentGateway {
  readonly name: GatewayName;
  issueBillingKey(customerKey: string, source: CardSource): Promise<IssuedCard>;
  charge(input: ChargeInput): Promise<ChargeResult>;
  cancel(input: CancelInput): Promise<void>;
}
