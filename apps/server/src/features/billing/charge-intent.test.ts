import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createProject, createTestApp, signUp, type TestApp } from '../../test/test-app.js';
import { startTossFake, type TossFake } from '../../test/toss-fake.js';
import { BILLING_RECONCILE_JOB } from './billing.jobs.js';

/**
 * A charge is an intent first (docs/decisions.md "Charges survive a crash"), on the app with the
 * Toss protocol (`test/toss-fake.ts`), PGlite or PostgreSQL: the gateway is called with no
 * transaction open (the database answers meanwhile), a second charge of the project waits for the
 * first, and a lost answer is settled by looking the order up: at once, by the retry of its key,
 * or by the reconciliation job.
 */
const TIMEOUT_MS = 5_000;
let t: TestApp;
let fake: TossFake;
let key = '';
let projectIdx = 0;
let subscriptionIdx = 0;
let goodCard = 0;
let slowCard = 0;

interface Payment {
  paymentIdx: number;
  kind: string;
  status: string;
  failureReason: string | null;
}
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: { ...bearer(key), ...headers } });
const add = (idempotencyKey: string) =>
  inject(
    'POST',
    `/subscription/${subscriptionIdx}/sheets`,
    { direction: 'ADD', count: 1 },
    { 'idempotency-key': idempotencyKey },
  );
const sheets = async () =>
  (await inject('GET', `/subscription?projectIdx=${projectIdx}`)).json<{ data: { sheets: number } }>().data
    .sheets;
const payments = async () =>
  (await inject('GET', `/payment?projectIdx=${projectIdx}`)).json<{ data: Payment[] }>().data;
const useCard = (cardIdx: number) => inject('PATCH', `/subscription/${subscriptionIdx}`, { cardIdx });
/** One run of the reconciliation job. */
const reconcile = async () => {
  await t.app.ctx.jobs.send(BILLING_RECONCILE_JOB, {});
  await t.app.ctx.jobs.idle(BILLING_RECONCILE_JOB);
};
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  fake = await startTossFake();
  t = await createTestApp({
    config: {
      billing: {
        gateway: 'toss',
        tossSecretKey: fake.secret,
        tossClientKey: 'test_ck_fake',
        tossApiUrl: fake.url,
        tossTimeoutMs: TIMEOUT_MS,
        monthlyPrices: { KRW: 10_000, USD: 800 },
        leaseMs: 30_000,
        sandboxLatencyMs: 0,
      },
    },
  });
  const admin = await signUp(t, 'intent-admin@example.com');
  key = admin.key;
  projectIdx = await createProject(t, key, 'Intents');
  const customerKey = (await inject('GET', '/card')).json<{ data: { customerKey: string } }>().data
    .customerKey;
  const register = async (authKey: string) =>
    (await inject('POST', '/card', { authKey, customerKey })).json<{ data: { cardIdx: number } }>().data
      .cardIdx;
  slowCard = await register('slow');
  goodCard = await register('auth-intent');
  const res = await inject('POST', '/subscription', {
    projectIdx,
    plan: '30D',
    sheets: 1,
    currency: 'KRW',
    cardIdx: goodCard,
  });
  expect(res.statusCode, res.body).toBe(201);
  subscriptionIdx = res.json<{ data: { subscription: { subscriptionIdx: number } } }>().data.subscription
    .subscriptionIdx;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the gateway is called outside any transaction', () => {
  it('while Toss holds a charge, the health check and the history answer; a second ADD waits for it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let signal!: () => void;
    const charged = new Promise<void>((resolve) => (signal = resolve));
    fake.onCharged = async () => {
      signal();
      await gate;
    };
    const before = await sheets();
    const chargesBefore = fake.charges().length;
    let firstDone = false;
    const first = add('hold-1').then((res) => {
      firstDone = true;
      return res;
    });
    await charged;
    // The gateway holds the call: no transaction is open, so the database answers everyone.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // Health answered before the gateway did (on the embedded database a transaction held through
    // the call made it wait for Toss's timeout, and the ADD had failed by then).
    expect(firstDone).toBe(false);
    if (t.database.kind === 'postgres') {
      const result: unknown = await t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect((result as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    }
    // The history shows the charge the card company has not answered yet.
    expect((await payments())[0]).toMatchObject({ kind: 'add', status: 'pending' });
    // Another ADD of the project (its own key) waits for the first instead of charging beside it.
    let secondDone = false;
    const second = add('hold-2').then((res) => {
      secondDone = true;
      return res;
    });
    await sleep(500);
    expect(fake.charges().length).toBe(chargesBefore + 1);
    // The renewal job does not start a charge beside it either: it comes back at its next tick.
    expect(await t.app.services.billing.renew(subscriptionIdx)).toMatch(/^busy/);
    // The ordering the issue asks for: all of the above answered while the gateway still held the charge.
    expect(firstDone).toBe(false);
    expect(secondDone).toBe(false);
    fake.onCharged = null;
    release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(fake.charges().length).toBe(chargesBefore + 2);
    expect(await sheets()).toBe(before + 2);
    const paid = (await payments()).filter((p) => p.kind === 'add' && p.status === 'paid');
    expect(paid.length).toBe(2);
  });
});

describe('a lost answer is settled by asking the gateway', () => {
  it('Toss took the charge but its answer timed out: the order is looked up at once and the ADD is paid', async () => {
    fake.onCharged = () => sleep(TIMEOUT_MS + 1_000);
    const before = await sheets();
    const chargesBefore = fake.charges().length;
    const res = await add('lost-but-charged');
    fake.onCharged = null;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { payment: Payment } }>().data.payment.status).toBe('paid');
    expect(fake.charges().length).toBe(chargesBefore + 1);
    expect(fake.seen.at(-1)).toMatchObject({ method: 'GET' });
    expect(fake.seen.at(-1)!.path).toMatch(/^\/v1\/payments\/orders\/tl_[0-9a-f]{32}$/);
    expect(await sheets()).toBe(before + 1);
  });

  it('Toss never answered nor took it: PAYMENT_PENDING, then the retry of the key finds it never charged', async () => {
    await useCard(slowCard);
    const before = await sheets();
    const chargesBefore = fake.charges().length;
    const first = await add('never-charged');
    expect(first.statusCode, first.body).toBe(503);
    expect(first.json<{ error: { code: string } }>().error.code).toBe('PAYMENT_PENDING');
    expect((await payments())[0]).toMatchObject({ kind: 'add', status: 'pending' });
    expect(await sheets()).toBe(before);
    // Once its lease ran out, the retry asks Toss: no such order, so it is void, with its reason.
    t.clock.advanceMinutes(1);
    const retried = await add('never-charged');
    expect(retried.statusCode, retried.body).toBe(402);
    expect(retried.json<{ error: { code: string; details: unknown } }>().error).toMatchObject({
      code: 'SUBSCRIPTION_ADD_FAILED',
      details: { reason: 'TIMEOUT' },
    });
    expect((await payments())[0]).toMatchObject({ kind: 'add', status: 'failed', failureReason: 'TIMEOUT' });
    expect((await add('never-charged')).statusCode).toBe(402);
    expect(fake.charges().length).toBe(chargesBefore);
    expect(await sheets()).toBe(before);
    await useCard(goodCard);
  });

  it('Toss took it and then could not be asked: the reconciliation job completes it once, and the key answers it', async () => {
    fake.onCharged = () => sleep(TIMEOUT_MS + 1_000);
    fake.failLookups = true;
    const before = await sheets();
    const chargesBefore = fake.charges().length;
    const first = await add('charged-unknown');
    fake.onCharged = null;
    expect(first.statusCode, first.body).toBe(503);
    expect(fake.charges().length).toBe(chargesBefore + 1);
    const pending = (await payments())[0]!;
    expect(pending).toMatchObject({ kind: 'add', status: 'pending' });
    expect(await sheets()).toBe(before);
    // Before its lease ran out the job leaves it to its request.
    fake.failLookups = false;
    await reconcile();
    expect((await payments())[0]).toMatchObject({ paymentIdx: pending.paymentIdx, status: 'pending' });
    t.clock.advanceMinutes(1);
    await reconcile();
    expect((await payments())[0]).toMatchObject({ paymentIdx: pending.paymentIdx, status: 'paid' });
    expect(await sheets()).toBe(before + 1);
    await reconcile();
    expect(await sheets()).toBe(before + 1);
    const retried = await add('charged-unknown');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<{ data: { payment: Payment } }>().data.payment).toMatchObject({
      paymentIdx: pending.paymentIdx,
      status: 'paid',
    });
    expect(fake.charges().length).toBe(chargesBefore + 1);
  });
});

describe('a charge Toss takes after its intent was voided', () => {
  it('is given back at once: the gateway never keeps money for a failed payment', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let signal!: () => void;
    const arrived = new Promise<void>((resolve) => (signal = resolve));
    fake.beforeCharge = async () => {
      signal();
      await gate;
    };
    const before = await sheets();
    const adding = add('voided-late');
    await arrived;
    // Its lease runs out while Toss still holds the request: the reconciliation finds no such order.
    t.clock.advanceMinutes(1);
    await reconcile();
    expect((await payments())[0]).toMatchObject({
      kind: 'add',
      status: 'failed',
      failureReason: 'INTERRUPTED',
    });
    fake.beforeCharge = null;
    release();
    const res = await adding;
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json<{ error: { details: unknown } }>().error.details).toEqual({ reason: 'INTERRUPTED' });
    // Toss took it after all: it went back in full.
    const late = fake.payments().at(-1)!;
    expect(late).toMatchObject({ status: 'DONE' });
    expect(late.canceled).toBe(late.amount);
    expect(await sheets()).toBe(before);
  });
});

describe('a refund is an intent too', () => {
  it('Toss refunded but the answer was lost: PAYMENT_PENDING, then the reconciliation sends the cancel again with its key and the subscription ends', async () => {
    const refundable = (await inject('GET', `/subscription?projectIdx=${projectIdx}`)).json<{
      data: { refund: { mode: string; amount: number } };
    }>().data.refund;
    const cancelledSoFar = () => fake.payments().reduce((sum, p) => sum + p.canceled, 0);
    const before = cancelledSoFar();
    // The first charge's cancel answer is lost (the others go through).
    let cancels = 0;
    fake.onCanceled = () => (cancels++ === 0 ? sleep(TIMEOUT_MS + 1_000) : Promise.resolve());
    const res = await inject(
      'POST',
      `/subscription/${subscriptionIdx}/refund`,
      { mode: refundable.mode },
      { 'idempotency-key': 'refund-lost' },
    );
    fake.onCanceled = null;
    expect(res.statusCode, res.body).toBe(503);
    const refunds = (await payments()).filter((p) => p.kind === 'refund');
    expect(refunds.length).toBeGreaterThan(0);
    expect(refunds.filter((p) => p.status === 'pending').length).toBe(1);
    expect(cancelledSoFar() - before).toBe(refundable.amount);
    expect(
      (await inject('GET', `/subscription?projectIdx=${projectIdx}`)).json<{ data: { plan: string } }>().data
        .plan,
    ).toBe('30D');
    t.clock.advanceMinutes(1);
    await reconcile();
    expect((await payments()).filter((p) => p.kind === 'refund').map((p) => p.status)).toEqual(
      refunds.map(() => 'refunded'),
    );
    // Sent again with the same key, Toss answered the first cancel: nothing went back twice.
    expect(cancelledSoFar() - before).toBe(refundable.amount);
    const after = (await inject('GET', `/subscription?projectIdx=${projectIdx}`)).json<{
      data: { plan: string; status: string };
    }>().data;
    expect(after).toMatchObject({ plan: 'FREE', status: 'CANCELED' });
    const retried = await inject(
      'POST',
      `/subscription/${subscriptionIdx}/refund`,
      { mode: refundable.mode },
      { 'idempotency-key': 'refund-lost' },
    );
    expect(retried.statusCode, retried.body).toBe(200);
  });
});
