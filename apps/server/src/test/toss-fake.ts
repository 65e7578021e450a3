import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the Toss Payments billing protocol the adapter uses
 * (https://docs.tosspayments.com/reference): Basic auth with the secret key and an empty password,
 * `{code, message}` errors, `Idempotency-Key` replay of the first answer (same path),
 * `POST /v1/billing/authorizations/issue`, `POST /v1/billing/{billingKey}` (a Payment, `DONE`; a
 * refusal is kept as an `ABORTED` Payment with its `failure`), `POST /v1/payments/{paymentKey}/cancel`
 * and `GET /v1/payments/orders/{orderId}` (the Payment of an order, 404 `NOT_FOUND_PAYMENT`).
 *
 * Like the real one it does not forget: with `stateFile` its payments and replays live on disk, so
 * a fake started again on the file (or the app restarted against it) finds them. `onCharged` runs
 * after a charge is taken and before it is answered: tests hold the answer there (a slow gateway,
 * a crash between "charged" and "completed"); `onCanceled` likewise for refunds.
 *
 * Billing keys play scenarios: `bk-reject` → 403 INVALID_REJECT_CARD, `bk-provider` → 500
 * PROVIDER_ERROR, `bk-dup` → 409 ALREADY_PROCESSED_PAYMENT, `bk-slow` never answers; an amount
 * below 100 is BELOW_MINIMUM_AMOUNT.
 */
export interface FakePayment {
  paymentKey: string;
  orderId: string;
  amount: number;
  status: 'DONE' | 'ABORTED';
  canceled: number;
  failure: { code: string; message: string } | null;
}
export interface SeenRequest {
  method: string;
  path: string;
  auth: string | undefined;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}
interface State {
  payments: FakePayment[];
  replies: [string, { status: number; body: unknown }][];
}
type Reply = { status: number; body: unknown };

export interface TossFake {
  url: string;
  secret: string;
  seen: SeenRequest[];
  /** Every payment it knows, taken or refused. */
  payments(): FakePayment[];
  /** Charges taken (`DONE`). */
  charges(): FakePayment[];
  /** Cancels answer 500 PROVIDER_ERROR while set. */
  failCancels: boolean;
  /** Order lookups answer 500 PROVIDER_ERROR while set (Toss down after taking a charge). */
  failLookups: boolean;
  /** Runs when a charge arrives, before Toss acts on it (a request still on its way). */
  beforeCharge: (() => Promise<void>) | null;
  /** Runs after a charge is taken, before its answer goes out; the answer waits for it. */
  onCharged: ((payment: FakePayment) => Promise<void>) | null;
  /** The same for a cancel (a refund) that went through. */
  onCanceled: ((payment: FakePayment) => Promise<void>) | null;
  close(): Promise<void>;
}

export async function startTossFake(
  options: { secret?: string; stateFile?: string; port?: number } = {},
): Promise<TossFake> {
  const secret = options.secret ?? 'test_sk_billing_fake_0001';
  const expectedAuth = `Basic ${Buffer.from(`${secret}:`).toString('base64')}`;
  const loaded: State =
    options.stateFile && existsSync(options.stateFile)
      ? (JSON.parse(readFileSync(options.stateFile, 'utf8')) as State)
      : { payments: [], replies: [] };
  const payments = loaded.payments;
  const replies = new Map(loaded.replies);
  const save = () => {
    if (options.stateFile)
      writeFileSync(options.stateFile, JSON.stringify({ payments, replies: [...replies] } satisfies State));
  };
  const seen: SeenRequest[] = [];

  const read = (req: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += String(c)));
      req.on('end', () => resolve(data ? (JSON.parse(data) as Record<string, unknown>) : {}));
    });
  const error = (status: number, code: string): Reply => ({
    status,
    body: { code, message: `${code} message` },
  });
  const asPayment = (p: FakePayment) => ({
    mId: 'tosspayments',
    paymentKey: p.paymentKey,
    orderId: p.orderId,
    status:
      p.status === 'DONE' && p.canceled > 0
        ? p.canceled >= p.amount
          ? 'CANCELED'
          : 'PARTIAL_CANCELED'
        : p.status,
    totalAmount: p.amount,
    balanceAmount: p.amount - p.canceled,
    method: '카드',
    failure: p.failure,
  });

  /** The payment the request being handled cancelled part of, if it did. */
  let canceled: FakePayment | null = null;
  function handle(method: string, path: string, body: Record<string, unknown>): Reply | 'hang' | FakePayment {
    canceled = null;
    const order = /^\/v1\/payments\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && order) {
      if (fake.failLookups) return error(500, 'PROVIDER_ERROR');
      const found = payments.find((p) => p.orderId === decodeURIComponent(order[1]!));
      return found ? { status: 200, body: asPayment(found) } : error(404, 'NOT_FOUND_PAYMENT');
    }
    if (method !== 'POST') return error(405, 'METHOD');
    if (path === '/v1/billing/authorizations/issue') {
      if (typeof body.customerKey !== 'string' || !/^[0-9a-f-]{36}$/.test(body.customerKey))
        return error(400, 'INVALID_CUSTOMER_KEY');
      if (body.authKey === 'auth-rejected') return error(403, 'INVALID_REJECT_CARD');
      return {
        status: 200,
        body: {
          mId: 'tosspayments',
          customerKey: body.customerKey,
          billingKey: `bk-${String(body.authKey)}`,
          cardCompany: '신한',
          card: { issuerCode: '41', number: '43301234****1234', cardType: '신용', ownerType: '개인' },
        },
      };
    }
    const cancel = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
    if (cancel) {
      if (fake.failCancels) return error(500, 'PROVIDER_ERROR');
      const payment = payments.find((c) => c.paymentKey === decodeURIComponent(cancel[1]!));
      if (!payment || payment.status !== 'DONE') return error(404, 'NOT_FOUND_PAYMENT');
      const amount = Number(body.cancelAmount);
      if (amount > payment.amount - payment.canceled) return error(403, 'NOT_CANCELABLE_AMOUNT');
      payment.canceled += amount;
      canceled = payment;
      return { status: 200, body: asPayment(payment) };
    }
    const bill = /^\/v1\/billing\/([^/]+)$/.exec(path);
    if (bill) {
      const billingKey = decodeURIComponent(bill[1]!);
      if (billingKey === 'bk-slow') return 'hang';
      const orderId = typeof body.orderId === 'string' ? body.orderId : '';
      if (!/^[A-Za-z0-9_-]{6,64}$/.test(orderId)) return error(400, 'INVALID_ORDER_ID');
      if (payments.some((p) => p.orderId === orderId)) return error(409, 'DUPLICATED_ORDER_ID');
      const refusal =
        billingKey === 'bk-reject'
          ? error(403, 'INVALID_REJECT_CARD')
          : billingKey === 'bk-provider'
            ? error(500, 'PROVIDER_ERROR')
            : billingKey === 'bk-dup'
              ? error(409, 'ALREADY_PROCESSED_PAYMENT')
              : Number(body.amount) < 100
                ? error(400, 'BELOW_MINIMUM_AMOUNT')
                : null;
      const payment: FakePayment = {
        paymentKey: `pk_${payments.length + 1}_${orderId.slice(-6)}`,
        orderId,
        amount: Number(body.amount),
        status: refusal ? 'ABORTED' : 'DONE',
        canceled: 0,
        failure: refusal ? (refusal.body as { code: string; message: string }) : null,
      };
      payments.push(payment);
      return refusal ?? payment;
    }
    return error(404, 'NOT_FOUND');
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const path = req.url ?? '';
      const method = req.method ?? 'GET';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      seen.push({ method, path, auth: req.headers.authorization, idempotencyKey, body });
      const send = (r: Reply) => {
        if (res.destroyed) return;
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.body));
      };
      if (req.headers.authorization !== expectedAuth)
        return send({ status: 401, body: { code: 'UNAUTHORIZED_KEY', message: 'bad key' } });
      // Toss replays the first answer of an Idempotency-Key (same path) instead of acting again.
      const replayKey = idempotencyKey ? `${path}#${idempotencyKey}` : null;
      const first = replayKey ? replies.get(replayKey) : undefined;
      if (first) return send(first);
      if (method === 'POST' && /^\/v1\/billing\/(?!authorizations)/.test(path) && fake.beforeCharge)
        await fake.beforeCharge();
      const handled = handle(method, path, body);
      if (handled === 'hang') return; // never answers: the adapter's timeout
      const taken = 'paymentKey' in handled ? handled : null;
      const reply: Reply = taken ? { status: 200, body: asPayment(taken) } : (handled as Reply);
      if (replayKey && method === 'POST') replies.set(replayKey, reply);
      const cancelled = canceled;
      save();
      if (taken && fake.onCharged) await fake.onCharged(taken);
      if (cancelled && fake.onCanceled) await fake.onCanceled(cancelled);
      send(reply);
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const fake: TossFake = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secret,
    seen,
    payments: () => payments,
    charges: () => payments.filter((p) => p.status === 'DONE'),
    failCancels: false,
    failLookups: false,
    beforeCharge: null,
    onCharged: null,
    onCanceled: null,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return fake;
}
