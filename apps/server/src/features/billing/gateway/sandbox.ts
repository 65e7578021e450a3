import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { foreignCardRequired, isLuhnValid } from '@teamline/contract';
import type { Clock } from '../../../infra/clock.js';
import { assertOutsideTransaction } from '../../../infra/transaction-scope.js';
import {
  GatewayError,
  type CancelInput,
  type CardSource,
  type ChargeInput,
  type ChargeLookup,
  type ChargeResult,
  type GatewayReason,
  type IssuedCard,
  type PaymentGateway,
} from './gateway.js';
import type { SandboxLedger } from './sandbox-ledger.js';

/** Sandbox test cards (docs/product/billing.md#plans-and-prices); any other Luhn-valid number with a future expiry works. */
export const sandboxCards = {
  ok: '4242424242424242',
  /** Refused when registered: `CARD_DECLINED`. */
  declined: '4000000000000002',
  /** Registers, but every charge is refused: `INSUFFICIENT_FUNDS`. */
  insufficientFunds: '4000000000009995',
} as const;

type Scenario = 'ok' | 'nofunds';

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'VISA';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (digits.startsWith('9')) return 'LOCAL';
  return 'CARD';
}

export interface SandboxOptions {
  /**
   * How long a charge's answer takes after the charge is taken (`BILLING_SANDBOX_LATENCY_MS`): a
   * slow gateway to rehearse with (a crash then lands between "charged" and "completed").
   */
  latencyMs?: number;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * The built-in gateway, the default: checks the number (Luhn), the expiry against the clock, and
 * plays the scripted cards. Its billing key carries only the scenario and a random part, so it stays
 * valid across restarts without storing anything of the card. It stands in for an outside payment
 * company, so it must not forget: every order's outcome is kept in its own ledger (tables of its
 * own, written by its own statements), a repeated order answers the first outcome, and `lookup`
 * tells the reconciliation what happened to an order a crash left unanswered.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly clock: Clock,
    readonly ledger: SandboxLedger,
    private readonly options: SandboxOptions = {},
  ) {}

  async issueBillingKey(_customerKey: string, source: CardSource): Promise<IssuedCard> {
    assertOutsideTransaction('the sandbox gateway');
    if (source.kind !== 'sandbox') throw new GatewayError('INVALID_CARD', 'the sandbox takes card fields');
    const { card } = source;
    const digits = card.cardNumber.replace(/\D/g, '');
    // The sandbox takes 12 to 19 digits (the contract's `sandboxCardRequest`) with a valid check digit.
    if (!/^\d{12,19}$/.test(digits) || !isLuhnValid(digits))
      throw new GatewayError('INVALID_CARD', 'card number fails the Luhn check');
    const month = Number(card.expiry.slice(0, 2));
    const year = 2000 + Number(card.expiry.slice(2, 4));
    const now = this.clock.now();
    const endOfExpiry = Date.UTC(year, month, 1);
    if (month < 1 || month > 12 || endOfExpiry <= now.getTime()) throw new GatewayError('EXPIRED_CARD');
    if (card.isForeign && foreignCardRequired.some((field) => !card[field]))
      throw new GatewayError('INVALID_CARD', 'a card issued abroad needs its billing address');
    if (digits === sandboxCards.declined) throw new GatewayError('CARD_DECLINED');
    const scenario: Scenario = digits === sandboxCards.insufficientFunds ? 'nofunds' : 'ok';
    return {
      billingKey: `sbx_${scenario}_${randomBytes(12).toString('hex')}`,
      brand: brandOf(digits),
      issuer: card.isCorporate ? 'Sandbox Corporate' : 'Sandbox Bank',
      last4: digits.slice(-4),
    };
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    assertOutsideTransaction('the sandbox gateway');
    const first = await this.ledger.order(input.orderId);
    if (first) return this.answer(first.status, first.paymentKey, first.failureReason);
    if (!input.billingKey.startsWith('sbx_')) throw new GatewayError('INVALID_CARD', 'unknown billing key');
    if (input.amount <= 0) throw new GatewayError('BELOW_MINIMUM_AMOUNT');
    const refusal: GatewayReason | null = input.billingKey.startsWith('sbx_nofunds_')
      ? 'INSUFFICIENT_FUNDS'
      : null;
    const row = await this.ledger.record({
      orderId: input.orderId,
      paymentKey: `sbx_pay_${randomBytes(12).toString('hex')}`,
      amount: input.amount,
      currency: input.currency,
      status: refusal ? 'ABORTED' : 'DONE',
      failureReason: refusal,
      createdAt: this.clock.now(),
    });
    if (row.status === 'DONE') {
      this.options.log?.info({ orderId: row.orderId, amount: row.amount }, 'sandbox gateway: charge taken');
      // The answer travels back slowly; the charge is already taken.
      if (this.options.latencyMs) await new Promise((resolve) => setTimeout(resolve, this.options.latencyMs));
    }
    return this.answer(row.status, row.paymentKey, row.failureReason);
  }

  private answer(status: 'DONE' | 'ABORTED', paymentKey: string, reason: string | null): ChargeResult {
    if (status === 'ABORTED') throw new GatewayError((reason ?? 'PROVIDER_ERROR') as GatewayReason);
    return { paymentKey };
  }

  async lookup(orderId: string): Promise<ChargeLookup> {
    assertOutsideTransaction('the sandbox gateway');
    const row = await this.ledger.order(orderId);
    if (!row) return { state: 'none' };
    if (row.status === 'ABORTED')
      return { state: 'refused', reason: (row.failureReason ?? 'PROVIDER_ERROR') as GatewayReason };
    return { state: 'charged', paymentKey: row.paymentKey, amount: row.amount };
  }

  async cancel(input: CancelInput): Promise<void> {
    assertOutsideTransaction('the sandbox gateway');
    const done = await this.ledger.cancel(input.idempotencyKey, input.paymentKey, input.amount);
    if (done === 'too much') throw new GatewayError('NOT_CANCELABLE_AMOUNT');
  }
}
