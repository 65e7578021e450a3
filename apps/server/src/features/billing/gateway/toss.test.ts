import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createProject, createTestApp, signUp, type TestApp } from '../../../test/test-app.js';
import { startTossFake, type TossFake } from '../../../test/toss-fake.js';
import { GatewayError } from './gateway.js';
import { TossGateway } from './toss.js';

/**
 * The adapter, then the whole app, against a local server speaking the Toss Payments billing
 * protocol (`test/toss-fake.ts`) over real HTTP.
 */
let fake: TossFake;
let SECRET = '';
let url = '';
const seen = () => fake.seen;

beforeAll(async () => {
  fake = await startTossFake();
  SECRET = fake.secret;
  url = fake.url;
});
afterAll(() => fake?.close());

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
    const last = seen().at(-1)!;
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
    expect(fake.charges().filter((c) => c.paymentKey === first.paymentKey)).toHaveLength(1);
    const last = seen().at(-1)!;
    expect(last.path).toBe('/v1/billing/bk-auth-1');
    expect(last.idempotencyKey).toBe('subscribe:1:1#1');
    expect(last.body).toEqual({
      customerKey,
      amount: 10_000,
      orderId: 'subscribe-1-1-1',
      orderName: 'Teamline 30D × 1',
    });
  });

  it('looks an order up: charged, refused with its reason, or never taken', async () => {
    const charge = (billingKey: string, orderId: string) =>
      toss().charge({
        billingKey,
        customerKey,
        amount: 7_000,
        currency: 'KRW',
        orderId,
        orderName: 'x',
        idempotencyKey: orderId,
      });
    const { paymentKey } = await charge('bk-auth-1', 'tl_lookup_paid');
    expect(await toss().lookup('tl_lookup_paid')).toEqual({ state: 'charged', paymentKey, amount: 7_000 });
    expect(seen().at(-1)).toMatchObject({ method: 'GET', path: '/v1/payments/orders/tl_lookup_paid' });
    expect(await reasonOf(charge('bk-reject', 'tl_lookup_refused'))).toBe('CARD_DECLINED');
    expect(await toss().lookup('tl_lookup_refused')).toEqual({ state: 'refused', reason: 'CARD_DECLINED' });
    expect(await toss().lookup('tl_lookup_never')).toEqual({ state: 'none' });
    // A lost answer says so: the charge may have been taken.
    const lost = await charge('bk-slow', 'tl_lookup_slow').catch((e: unknown) => e);
    expect(lost).toMatchObject({ reason: 'TIMEOUT', outcomeUnknown: true });
    const refused = await charge('bk-reject', 'tl_lookup_refused2').catch((e: unknown) => e);
    expect(refused).toMatchObject({ reason: 'CARD_DECLINED', outcomeUnknown: false });
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
    expect(seen().at(-1)).toMatchObject({
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
          leaseMs: 30_000,
          sandboxLatencyMs: 0,
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
    const charge = seen().at(-1)!;
    expect(charge.path).toBe('/v1/billing/bk-auth-app');
    expect(charge.body).toMatchObject({ customerKey: list.customerKey, amount: 20_000 });
    // The payment's own id is both the idempotency key and the order id the lookup finds it by.
    expect(charge.idempotencyKey).toMatch(/^tl_[0-9a-f]{32}$/);
    expect(charge.body.orderId).toBe(charge.idempotencyKey);
    const paymentIdx = res.json<{ data: { payment: { paymentIdx: number } } }>().data.payment.paymentIdx;
    const result: unknown = await t.database.db.execute(
      sql`select charge_key, status from payment where payment_idx = ${paymentIdx}`,
    );
    const { rows } = result as { rows: { charge_key: string; status: string }[] };
    expect(rows).toEqual([{ charge_key: charge.idempotencyKey, status: 'paid' }]);
    const refund = await inject(
      'POST',
      `/subscription/${res.json().data.subscription.subscriptionIdx}/refund`,
      {
        mode: 'FULL',
      },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    expect(seen().at(-1)!.body).toMatchObject({ cancelAmount: 20_000 });

    // A refund Toss refuses answers REFUND_FAILED with the reason and leaves the subscription paid.
    const again = await inject('POST', '/subscription', {
      projectIdx,
      plan: '30D',
      sheets: 1,
      currency: 'KRW',
    });
    expect(again.statusCode, again.body).toBe(201);
    fake.failCancels = true;
    const idx = again.json().data.subscription.subscriptionIdx;
    const refused = await inject('POST', `/subscription/${idx}/refund`, { mode: 'FULL' });
    fake.failCancels = false;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'REFUND_FAILED',
      details: { reason: 'PROVIDER_ERROR' },
    });
    const after = (await inject('GET', `/subscription?projectIdx=${projectIdx}`)).json().data;
    expect(after).toMatchObject({ plan: '30D', sheets: 1, refund: { mode: 'FULL', amount: 10_000 } });
  });
});
