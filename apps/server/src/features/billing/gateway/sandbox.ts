import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../infra/clock.js';
import {
  GatewayError,
  type CancelInput,
  type CardSource,
  type ChargeInput,
  type ChargeResult,
  type IssuedCard,
  type PaymentGateway,
} from './gateway.js';

/** Sandbox test cards (PRODUCT.md "Subscription"); any other Luhn-valid number with a future expiry works. */
export const sandboxCards = {
  ok: '4242424242424242',
  /** Refused when registered: `CARD_DECLINED`. */
  declined: '4000000000000002',
  /** Registers, but every charge is refused: `INSUFFICIENT_FUNDS`. */
  insufficientFunds: '4000000000009995',
} as const;

type Scenario = 'ok' | 'nofunds';

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'VISA';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (digits.startsWith('9')) return 'LOCAL';
  return 'CARD';
}

/**
 * The built-in gateway, the default: checks the number (Luhn), the expiry against the clock, and
 * plays the scripted cards. Its billing key carries only the scenario and a random part, so it stays
 * valid across restarts without storing anything of the card. Charges are remembered by idempotency
 * key (a repeated key returns the first payment), as a real gateway does.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  /** Every charge the gateway actually made (tests count them). */
  readonly charges: { paymentKey: string; amount: number; idempotencyKey: string }[] = [];
  readonly cancels: { paymentKey: string; amount: number }[] = [];
  private readonly byKey = new Map<string, ChargeResult>();
  private readonly paid = new Map<string, { amount: number; canceled: number }>();

  constructor(private readonly clock: Clock) {}

  async issueBillingKey(_customerKey: string, source: CardSource): Promise<IssuedCard> {
    if (source.kind !== 'sandbox') throw new GatewayError('INVALID_CARD', 'the sandbox takes card fields');
    const { card } = source;
    const digits = card.cardNumber.replace(/\D/g, '');
    if (!luhnValid(digits)) throw new GatewayError('INVALID_CARD', 'card number fails the Luhn check');
    const month = Number(card.expiry.slice(0, 2));
    const year = 2000 + Number(card.expiry.slice(2, 4));
    const now = this.clock.now();
    const endOfExpiry = Date.UTC(year, month, 1);
    if (month < 1 || month > 12 || endOfExpiry <= now.getTime()) throw new GatewayError('EXPIRED_CARD');
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
    const first = this.byKey.get(input.idempotencyKey);
    if (first) return first;
    if (!input.billingKey.startsWith('sbx_')) throw new GatewayError('INVALID_CARD', 'unknown billing key');
    if (input.amount <= 0) throw new GatewayError('BELOW_MINIMUM_AMOUNT');
    if (input.billingKey.startsWith('sbx_nofunds_')) throw new GatewayError('INSUFFICIENT_FUNDS');
    const result = { paymentKey: `sbx_pay_${randomBytes(12).toString('hex')}` };
    this.byKey.set(input.idempotencyKey, result);
    this.paid.set(result.paymentKey, { amount: input.amount, canceled: 0 });
    this.charges.push({
      paymentKey: result.paymentKey,
      amount: input.amount,
      idempotencyKey: input.idempotencyKey,
    });
    return result;
  }

  async cancel(input: CancelInput): Promise<void> {
    if (this.byKey.has(`cancel:${input.idempotencyKey}`)) return;
    const paid = this.paid.get(input.paymentKey);
    if (paid) {
      if (input.amount > paid.amount - paid.canceled) throw new GatewayError('NOT_CANCELABLE_AMOUNT');
      paid.canceled += input.amount;
    }
    this.byKey.set(`cancel:${input.idempotencyKey}`, { paymentKey: input.paymentKey });
    this.cancels.push({ paymentKey: input.paymentKey, amount: input.amount });
  }
}
