import type { Currency } from '@teamline/contract';

/**
 * The one payment-gateway interface (docs/product/billing.md#plans-and-prices): the built-in sandbox (the default)
 * and Toss Payments billing keys. A card becomes a billing key; charges and cancels carry an
 * idempotency key, so a retried call pays (or returns) once. Failures are `GatewayError`s with a
 * stable reason, which the services map to the docs/product/billing.md#errors payment errors.
 */
export type GatewayName = 'sandbox' | 'toss';

/** The docs/product/billing.md#cards-and-gateway card fields the sandbox takes (never stored, never logged). */
export interface SandboxCard {
  cardNumber: string;
  /** `MMYY`. */
  expiry: string;
  isCorporate: boolean;
  birth?: string | undefined;
  businessNumber?: string | undefined;
  /** Cards issued in Korea. */
  password?: string | undefined;
  cvv: string;
  ownerName: string;
  /** A card issued abroad, verified by its billing address (the fields below) instead. */
  isForeign: boolean;
  firstName?: string | undefined;
  lastName?: string | undefined;
  phone?: string | undefined;
  address?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zipCode?: string | undefined;
  country?: string | undefined;
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
  /** The payment's own id (`payment.chargeKey`): Toss's `orderId`, and what `lookup` finds it by. */
  orderId: string;
  orderName: string;
  /** The same id: a repeated call answers the first charge instead of charging again. */
  idempotencyKey: string;
}

export interface ChargeResult {
  paymentKey: string;
}

/** What the gateway knows of an order: the reconciliation completes or voids an intent by it. */
export type ChargeLookup =
  | { state: 'charged'; paymentKey: string; amount: number }
  | { state: 'refused'; reason: GatewayReason }
  | { state: 'none' };

export interface CancelInput {
  paymentKey: string;
  amount: number;
  reason: string;
  idempotencyKey: string;
}

/** Why the gateway refused: the detail the docs/product/billing.md#errors payment error carries (`details.reason`). */
export type GatewayReason =
  | 'CARD_DECLINED'
  | 'INSUFFICIENT_FUNDS'
  | 'INVALID_CARD'
  | 'EXPIRED_CARD'
  | 'ALREADY_PROCESSED_PAYMENT'
  | 'BELOW_MINIMUM_AMOUNT'
  | 'NOT_CANCELABLE_AMOUNT'
  | 'PROVIDER_ERROR'
  | 'TIMEOUT'
  /** A crash left the intent unanswered and the gateway never took the charge (the reconciliation). */
  | 'INTERRUPTED';

export class GatewayError extends Error {
  constructor(
    readonly reason: GatewayReason,
    message: string = reason,
    /**
     * No answer came back (timeout, connection lost): the gateway may or may not have acted, so the
     * intent stays pending until `lookup` tells.
     */
    readonly outcomeUnknown = false,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export interface PaymentGateway {
  readonly name: GatewayName;
  issueBillingKey(customerKey: string, source: CardSource): Promise<IssuedCard>;
  charge(input: ChargeInput): Promise<ChargeResult>;
  /** The charge of an order, if the gateway took one (Toss: `GET /v1/payments/orders/{orderId}`). */
  lookup(orderId: string): Promise<ChargeLookup>;
  /** Refunds (part of) a payment; the same idempotency key answers the first cancel again. */
  cancel(input: CancelInput): Promise<void>;
}
