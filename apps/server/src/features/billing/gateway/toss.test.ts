import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createProject, createTestApp, signUp, type TestApp } from '../../../test/test-app.js';
import { GatewayError } from './gateway.js';
import { TossGateway } from './toss.js';

/**
 * A local server speaking the Toss Payments billing protocol (paths, Basic auth with the secret key
 * and an empty password, `{code, message}` errors, `Idempotency-Key` replay), started by the test:
 * the adapter and then the whole app talk to it over real HTTP.
 */
const SECRET = 'test_sk_billing_fake_0001';
interface Seen {
  path: string;
  auth: string | undefined;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}
const seen: Seen[] = [];
const charged: { paymentKey: string; amount: number; canceled: number }[] = [];
const replies = new Map<string, { status: number; body: unknown }>();
/** Set by a test: cancels answer 500 PROVIDER_ERROR. */
let failCancels = false;
let server: Server;
let url = '';

const read = (req: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += String(c)));
    req.on('end', () => resolve(data ? (JSON.parse(data) as Record<string, unknown>) : {}));
  });

function handle(path: string, body: Record<string, unknown>): { status: number; body: unknown } | 'hang' {
  const error = (status: number, code: string) => ({ status, body: { code, message: `${code} message` } });
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
    if (failCancels) return error(500, 'PROVIDER_ERROR');
    const payment = charged.find((c) => c.paymentKey === decodeURIComponent(cancel[1]!));
    if (!payment) return error(404, 'NOT_FOUND_PAYMENT');
    const amount = Number(body.cancelAmount);
    if (amount > payment.amount - payment.canceled) return error(403, 'NOT_CANCELABLE_AMOUNT');
    payment.canceled += amount;
    return { status: 200, body: { paymentKey: payment.paymentKey, status: 'PARTIAL_CANCELED' } };
  }
  const bill = /^\/v1\/billing\/([^/]+)$/.exec(path);
  if (bill) {
    const billingKey = decodeURIComponent(bill[1]!);
    if (billingKey === 'bk-slow') return 'hang';
    if (billingKey === 'bk-reject') return error(403, 'INVALID_REJECT_CARD');
    if (billingKey === 'bk-provider') return error(500, 'PROVIDER_ERROR');
    if (billingKey === 'bk-dup') return error(409, 'ALREADY_PROCESSED_PAYMENT');
    if (Number(body.amount) < 100) return error(400, 'BELOW_MINIMUM_AMOUNT');
    const paymentKey = `pk_${charged.length + 1}`;
    charged.push({ paymentKey, amount: Number(body.amount), canceled: 0 });
    return {
      status: 200,
      body: { paymentKey, orderId: body.orderId, status: 'DONE', totalAmount: body.amount },
    };
  }
  return error(404, 'NOT_FOUND');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const path = req.url ?? '';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      seen.push({ path, auth: req.headers.authorization, idempotencyKey, body });
      const send = (r: { status: number; body: unknown }) => {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.body));
      };
      if (req.method !== 'POST') return send({ status: 405, body: { code: 'METHOD', message: '' } });
      const expected = `Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`;
      if (req.headers.authorization !== expected)
        return send({ status: 401, body: { code: 'UNAUTHORIZED_KEY', message: 'bad key' } });
      // Toss replays the first answer of an Idempotency-Key (same path) instead of acting again.
      const replayKey = idempotencyKey ? `${path}#${idempotencyKey}` : null;
      const first = replayKey ? replies.get(replayKey) : undefined;
      if (first) return send(first);
      const reply = handle(path, body);
      if (reply === 'hang') return; // never answers: the adapter's timeout
      if (replayKey) replies.set(replayKey, reply);
      send(reply);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const reasonOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    return (error as GatewayError).reason;
  }
};

describe('Toss adapter against a local server speaking its protocol', () => {
  const toss = () => new TossGateway({ secretKey: SECRET, apiUrl: url, timeoutMs: 500 });
  const customerKey = randomUUID();

  it('issues a billing key from the authKey with Basic auth; keeps brand, issuer, last four', async () => {
    const card = await toss().issueBillingKey(customerKey, { kind: 'toss', authKey: 'auth-1' });
    expect(card).toEqual({ billingKey: 'bk-auth-1', brand: '신용', issuer: '신한', last4: '1234' });
    const last = seen.at(-1)!;
    expect(last.path).toBe('/v1/billing/authorizations/issue');
    expect(last.body).toEqual({ authKey: 'auth-1', customerKey });
    expect(last.auth).toBe(`Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`);
    expect(
      await reasonOf(toss().issueBillingKey(customerKey, { kind: 'toss', authKey: 'auth-rejected' })),
    ).toBe('CARD_DECLINED');
    const wrongKey = new TossGateway({ secretKey: 'test_sk_wrong', apiUrl: url });
    expect(await reasonOf(wrongKey.issueBillingKey(customerKey, { kind: 'toss', authKey: 'x' }))).toBe(
      'PROVIDER_ERROR',
    );
  });

  it('charges with the Idempotency-Key header; the same key replays the first payment', async () => {
    const input = {
      billingKey: 'bk-auth-1',
      customerKey,
      amount: 10_000,
      currency: 'KRW' as const,
      orderId: 'subscribe-1-1-1',
      orderName: 'Teamline 30D × 1',
      idempotencyKey: 'subscribe:1:1#1',
    };
    const first = await toss().charge(input);
    const again = await toss().charge(input);
    expect(again.paymentKey).toBe(first.paymentKey);
    expect(charged.filter((c) => c.paymentKey === first.paymentKey)).toHaveLength(1);
    const last = seen.at(-1)!;
    expect(last.path).toBe('/v1/billing/bk-auth-1');
    expect(last.idempotencyKey).toBe('subscribe:1:1#1');
    expect(last.body).toEqual({
      customerKey,
      amount: 10_000,
      orderId: 'subscribe-1-1-1',
      orderName: 'Teamline 30D × 1',
    });
  });

  it('maps the error codes to reasons and gives up on a server that does not answer', async () => {
    const charge = (billingKey: string, amount = 10_000) =>
      toss().charge({
        billingKey,
        customerKey,
        amount,
        currency: 'KRW',
        orderId: `o-${billingKey}-${amount}`,
        orderName: 'x',
        idempotencyKey: randomUUID(),
      });
    expect(await reasonOf(charge('bk-reject'))).toBe('CARD_DECLINED');
    expect(await reasonOf(charge('bk-provider'))).toBe('PROVIDER_ERROR');
    expect(await reasonOf(charge('bk-dup'))).toBe('ALREADY_PROCESSED_PAYMENT');
    expect(await reasonOf(charge('bk-auth-1', 50))).toBe('BELOW_MINIMUM_AMOUNT');
    const started = Date.now();
    expect(await reasonOf(charge('bk-slow'))).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refunds by cancelling the payment with reason and amount; too much is NOT_CANCELABLE_AMOUNT', async () => {
    const { paymentKey } = await toss().charge({
      billingKey: 'bk-auth-1',
      customerKey,
      amount: 5_000,
      currency: 'KRW',
      orderId: 'refund-me',
      orderName: 'x',
      idempotencyKey: 'refund-me#1',
    });
    await toss().cancel({
      paymentKey,
      amount: 3_000,
      reason: 'Teamline refund PARTIAL',
      idempotencyKey: 'refund:9',
    });
    expect(seen.at(-1)).toMatchObject({
      path: `/v1/payments/${paymentKey}/cancel`,
      body: { cancelReason: 'Teamline refund PARTIAL', cancelAmount: 3_000 },
      idempotencyKey: 'refund:9',
    });
    expect(
      await reasonOf(
        toss().cancel({ paymentKey, amount: 3_000, reason: 'again', idempotencyKey: 'refund:10' }),
      ),
    ).toBe('NOT_CANCELABLE_AMOUNT');
  });
});

describe('the app with TOSS_SECRET_KEY: cards and charges go to Toss', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        billing: {
          gateway: 'toss',
          tossSecretKey: SECRET,
          tossClientKey: 'test_ck_fake',
          tossApiUrl: url,
          tossTimeoutMs: 1_000,
          monthlyPrices: { KRW: 10_000, USD: 800 },
        },
      },
    });
  });
  afterAll(() => t?.close());

  it('GET /card gives the SDK its client key and a random customerKey; POST /card and subscribe use Toss', async () => {
    const admin = await signUp(t, 'toss-admin@example.com');
    const projectIdx = await createProject(t, admin.key, 'Toss');
    const inject = (method: 'GET' | 'POST', path: string, payload?: object) =>
      t.app.inject({ method, url: `/api${path}`, payload, headers: bearer(admin.key) });
    const list = (await inject('GET', '/card')).json().data;
    expect(list).toMatchObject({ gateway: 'toss', tossClientKey: 'test_ck_fake', cards: [] });
    expect(list.customerKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(list.customerKey).not.toContain('toss-admin');
    // One per member: the next read gives the same key.
    expect((await inject('GET', '/card')).json().data.customerKey).toBe(list.customerKey);
    const wrong = await inject('POST', '/card', { authKey: 'auth-app', customerKey: randomUUID() });
    expect(wrong.statusCode).toBe(400);
    const card = await inject('POST', '/card', { authKey: 'auth-app', customerKey: list.customerKey });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json().data).toMatchObject({ last4: '1234', issuer: '신한' });
    const res = await inject('POST', '/subscription', {
      projectIdx,
      plan: '30D',
      sheets: 2,
      currency: 'KRW',
    });
    expect(res.statusCode, res.body).toBe(201);
    const charge = seen.at(-1)!;
    expect(charge.path).toBe('/v1/billing/bk-auth-app');
    expect(charge.body).toMatchObject({ customerKey: list.customerKey, amount: 20_000 });
    expect(charge.idempotencyKey).toMatch(/^subscribe:\d+:1#1$/);
    const refund = await inject(
      'POST',
      `/subscription/${res.json().data.subscription.subscriptionIdx}/refund`,
      {
        mode: 'FULL',
      },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    expect(seen.at(-1)!.body).toMatchObject({ cancelAmount: 20_000 });

    // A refund Toss refuses answers REFUND_FAILED with the reason and leaves the subscription paid.
    const again = await inject('POST', '/subscription', {
      projectIdx,
      plan: '30D',
      sheets: 1,
      currency: 'KRW',
    });
    expect(again.statusCode, again.body).toBe(201);
    failCancels = true;
    const idx = again.json().data.subscription.subscriptionIdx;
    const refused = await inject('POST', `/subscription/${idx}/refund`, { mode: 'FULL' });
    failCancels = false;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'REFUND_FAILED',
      details: { reason: 'PROVIDER_ERROR' },
    });
    const after = (await inject('GET', `/subscription?projectIdx=${projectIdx}`)).json().data;
    expect(after).toMatchObject({ plan: '30D', sheets: 1, refund: { mode: 'FULL', amount: 10_000 } });
  });
});
