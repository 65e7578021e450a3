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

export interface TossOptions {
  secretKey: string;
  /** `https://api.tosspayments.com` in production; a local server in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

/** Toss error codes the adapter knows; anything else is `PROVIDER_ERROR`. */
const reasonOf: Record<string, GatewayReason> = {
  ALREADY_PROCESSED_PAYMENT: 'ALREADY_PROCESSED_PAYMENT',
  INVALID_REJECT_CARD: 'CARD_DECLINED',
  REJECT_CARD_PAYMENT: 'CARD_DECLINED',
  REJECT_CARD_COMPANY: 'CARD_DECLINED',
  NOT_ENOUGH_BALANCE: 'INSUFFICIENT_FUNDS',
  EXCEED_MAX_AMOUNT: 'INSUFFICIENT_FUNDS',
  INVALID_CARD_EXPIRATION: 'EXPIRED_CARD',
  INVALID_CARD_NUMBER: 'INVALID_CARD',
  INVALID_STOPPED_CARD: 'CARD_DECLINED',
  BELOW_MINIMUM_AMOUNT: 'BELOW_MINIMUM_AMOUNT',
  NOT_CANCELABLE_AMOUNT: 'NOT_CANCELABLE_AMOUNT',
  NOT_CANCELABLE_PAYMENT: 'NOT_CANCELABLE_AMOUNT',
  PROVIDER_ERROR: 'PROVIDER_ERROR',
};

/** Payment statuses in which Toss took the money (a cancel since is a refund of it). */
const charged = new Set(['DONE', 'CANCELED', 'PARTIAL_CANCELED']);

/** The parts of Toss's Payment object the adapter reads. */
interface TossPayment {
  paymentKey?: string;
  orderId?: string;
  status?: string;
  totalAmount?: number;
  failure?: { code?: string; message?: string } | null;
}

interface TossCardBody {
  billingKey: string;
  cardCompany?: string;
  card?: { number?: string; issuerCode?: string; cardType?: string };
}

/**
 * Toss Payments billing keys (https://docs.tosspayments.com/reference#billing): the browser SDK's
 * `requestBillingAuth` returns an `authKey`; `issue` turns it into a billing key and a masked card;
 * charges carry the `Idempotency-Key` header (a repeat answers the first payment); refunds cancel
 * the payment by amount. Basic auth with the secret key and an empty password.
 */
export class TossGateway implements PaymentGateway {
  readonly name = 'toss' as const;
  private readonly auth: string;
  private readonly base: string;

  constructor(private readonly options: TossOptions) {
    this.auth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
    this.base = options.apiUrl.replace(/\/+$/, '');
  }

  private post<T>(path: string, body: object, idempotencyKey?: string): Promise<T> {
    return this.send<T>('POST', path, body, idempotencyKey);
  }

  /**
   * One call to Toss. No answer (timeout, connection lost) is a `GatewayError` whose outcome is
   * unknown: Toss may have acted, so a charge stays pending until `lookup` tells.
   */
  private async send<T>(method: 'GET' | 'POST', path: string, body?: object, idempotencyKey?: string) {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: this.auth,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
      text = await res.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new GatewayError('TIMEOUT', 'Toss did not answer in time', true);
      throw new GatewayError('PROVIDER_ERROR', `Toss unreachable: ${(error as Error).message}`, true);
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const body = json as { code?: unknown; message?: unknown } | null;
      const code = typeof body?.code === 'string' ? body.code : '';
      const message = typeof body?.message === 'string' ? body.message : '';
      const reason = reasonOf[code] ?? 'PROVIDER_ERROR';
      throw Object.assign(new GatewayError(reason, `Toss ${res.status} ${code}: ${message}`), {
        tossCode: code,
      });
    }
    return json as T;
  }

  async issueBillingKey(customerKey: string, source: CardSource): Promise<IssuedCard> {
    if (source.kind !== 'toss') throw new GatewayError('INVALID_CARD', 'Toss takes an authKey');
    const body = await this.post<TossCardBody>('/v1/billing/authorizations/issue', {
      authKey: source.authKey,
      customerKey,
    });
    if (!body?.billingKey) throw new GatewayError('PROVIDER_ERROR', 'Toss answered without a billing key');
    const number = body.card?.number ?? '';
    return {
      billingKey: body.billingKey,
      brand: body.card?.cardType ?? 'CARD',
      issuer: body.cardCompany ?? body.card?.issuerCode ?? '',
      last4: number.slice(-4),
    };
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    const body = await this.post<{ paymentKey?: string; status?: string }>(
      `/v1/billing/${encodeURIComponent(input.billingKey)}`,
      {
        customerKey: input.customerKey,
        amount: input.amount,
        orderId: input.orderId,
        orderName: input.orderName,
        ...(input.currency === 'USD' ? { currency: 'USD' } : {}),
      },
      input.idempotencyKey,
    );
    if (!body?.paymentKey)
      throw new GatewayError('PROVIDER_ERROR', 'Toss answered without a paymentKey', true);
    return { paymentKey: body.paymentKey };
  }

  /**
   * `GET /v1/payments/orders/{orderId}`: the Payment of our order. `DONE` (or cancelled since: the
   * money was taken) is a charge; `ABORTED`/`EXPIRED` a refusal with its `failure.code`;
   * `NOT_FOUND_PAYMENT` means Toss never took it.
   */
  async lookup(orderId: string): Promise<ChargeLookup> {
    let body: TossPayment;
    try {
      body = await this.send<TossPayment>('GET', `/v1/payments/orders/${encodeURIComponent(orderId)}`);
    } catch (error) {
      if ((error as { tossCode?: string }).tossCode === 'NOT_FOUND_PAYMENT') return { state: 'none' };
      throw error;
    }
    if (body?.paymentKey && charged.has(body.status ?? ''))
      return { state: 'charged', paymentKey: body.paymentKey, amount: Number(body.totalAmount ?? 0) };
    if (body?.status === 'ABORTED' || body?.status === 'EXPIRED')
      return { state: 'refused', reason: reasonOf[body.failure?.code ?? ''] ?? 'PROVIDER_ERROR' };
    throw new GatewayError('PROVIDER_ERROR', `Toss order ${orderId} is ${body?.status ?? 'unknown'}`, true);
  }

  async cancel(input: CancelInput): Promise<void> {
    await this.post(
      `/v1/payments/${encodeURIComponent(input.paymentKey)}/cancel`,
      { cancelReason: input.reason, cancelAmount: input.amount },
      input.idempotencyKey,
    );
  }
}
