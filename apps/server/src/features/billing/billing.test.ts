import { Writable } from 'node:stream';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dayCodeOf, errorStatus, periodDays, prorateAdd, type ErrorCode } from '@teamline/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import {
  PASSWORD,
  addToProject,
  bearer,
  createTestApp,
  latestMailAbout,
  mailsSent,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { BILLING_SWEEP_JOB } from './billing.jobs.js';
import { createBillingRepository } from './billing.repository.js';
import { createCoupons } from './coupon.js';
import { sandboxCards, type SandboxGateway } from './gateway/sandbox.js';

/**
 * Subscriptions end to end on the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL): cards
 * through the sandbox gateway, charges, sheets, coupons, refunds, the warning, grace and INACTIVE,
 * renewals and retries by the durable sweep under a test clock, and the Idempotency-Key.
 */
let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
let log = '';
let gateway: SandboxGateway;

/** A UUID, as in a request id or a stored key. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const card = (cardNumber: string, extra: object = {}) => ({
  cardNumber,
  expiry: '1239',
  isCorporate: false,
  birth: '900101',
  password: '47',
  cvv: '913',
  ownerName: 'Kim Tester',
  ...extra,
});
/** Sessions signed in by the tests: moving the clock by days expires access keys, so they sign in again. */
const sessions: { email: string; key: string }[] = [];
async function days(n: number) {
  t.clock.advanceMinutes(n * 1440);
  for (const s of sessions) {
    const res = await call('POST', '/auth/login/general', undefined, { email: s.email, password: PASSWORD });
    s.key = res.json().data.key;
  }
}
async function fixture(prefix: string) {
  const g = await planningFixture(t, prefix);
  sessions.push(g.admin, g.lead, g.dev, g.solo, g.client, g.outsider);
  return g;
}
const today = () => dayCodeOf(t.clock.now());
async function runSweep() {
  await t.app.ctx.jobs.send(BILLING_SWEEP_JOB, {});
  await t.app.ctx.jobs.idle(BILLING_SWEEP_JOB);
  await t.app.ctx.events.idle();
}
function expectError(res: { statusCode: number; body: string }, code: ErrorCode) {
  expect(JSON.parse(res.body).error?.code, res.body).toBe(code);
  expect(res.statusCode).toBe(errorStatus[code]);
}
/** Subjects of every mail sent to an address (plain ASCII subjects: the English mails). */
async function subjectsTo(email: string): Promise<string[]> {
  await mailsSent(t.config);
  await t.app.ctx.events.idle();
  await mailsSent(t.config);
  const names = (await readdir(t.config.outboxDir).catch(() => [] as string[])).filter((n) =>
    n.endsWith(`-${email}.eml`),
  );
  const subjects: string[] = [];
  for (const name of names) {
    const text = await readFile(join(t.config.outboxDir, name), 'utf8');
    subjects.push(/^Subject: (.*)$/m.exec(text)?.[1] ?? '');
  }
  return subjects;
}
/** Rows of a raw query on either driver. */
async function rowsOf<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}
/** Charges the sandbox gateway took (its own ledger, shared by every instance on the database). */
const charges = async () => (await gateway.ledger.charges()).length;
const sub = async (projectIdx: number, key = f.admin.key) =>
  (await call('GET', `/subscription?projectIdx=${projectIdx}`, key)).json().data;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _e, done) {
      log += String(chunk);
      done();
    },
  });
  t = await createTestApp({ overrides: { logger: { level: 'debug', stream } } });
  f = await fixture('bill');
  call = api(t);
  gateway = t.app.services.billing.gateway as SandboxGateway;
});
afterAll(async () => {
  await t?.close();
});

describe('plans', () => {
  it('GET /plan: per sheet and period, 12M at 0.8 of twelve months, FREE nothing', async () => {
    const res = await call('GET', '/plan', f.dev.key);
    const data = res.json().data;
    expect(data.freeMembers).toBe(4);
    expect(data.plans).toEqual([
      { plan: 'FREE', months: 0, factorPercent: 0, prices: { KRW: 0, USD: 0 } },
      { plan: '30D', months: 1, factorPercent: 100, prices: { KRW: 10_000, USD: 800 } },
      { plan: '12M', months: 12, factorPercent: 80, prices: { KRW: 96_000, USD: 7_680 } },
    ]);
  });
});

describe('cards: only the billing key, brand, issuer and last four are kept', () => {
  it('registers the sandbox test card and refuses the declined, non-Luhn and expired ones', async () => {
    const ok = await call('POST', '/card', f.admin.key, card(sandboxCards.ok));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ brand: 'VISA', last4: '4242', issuer: 'Sandbox Bank' });
    const declined = await call('POST', '/card', f.admin.key, card('4000 0000 0000 0002'));
    expectError(declined, 'CARD_REGISTRATION_FAILED');
    expect(declined.json().error.details.reason).toBe('CARD_DECLINED');
    const luhn = await call('POST', '/card', f.admin.key, card('4242424242424241'));
    expect(luhn.json().error.details.reason).toBe('INVALID_CARD');
    const expired = await call('POST', '/card', f.admin.key, card(sandboxCards.ok, { expiry: '0120' }));
    expect(expired.json().error.details.reason).toBe('EXPIRED_CARD');
    const corporate = await call(
      'POST',
      '/card',
      f.admin.key,
      card(sandboxCards.ok, { isCorporate: true, birth: undefined }),
    );
    expectError(corporate, 'VALIDATION_FAILED');
    const list = (await call('GET', '/card', f.admin.key)).json().data;
    expect(list.gateway).toBe('sandbox');
    expect(list.cards.map((c: { last4: string }) => c.last4)).toEqual(['4242']);
    // Another member sees none of them and cannot delete them.
    expect((await call('GET', '/card', f.dev.key)).json().data.cards).toEqual([]);
    expectError(await call('DELETE', `/card/${list.cards[0].cardIdx}`, f.dev.key), 'CARD_NOT_FOUND');
  });

  it('a card issued abroad gives the billing address instead of the Korean birth date and password', async () => {
    const abroad = card(sandboxCards.ok, { isForeign: true, birth: undefined, password: undefined });
    const missing = await call('POST', '/card', f.admin.key, abroad);
    expectError(missing, 'VALIDATION_FAILED');
    expect(missing.json().error.fieldErrors).toMatchObject({ firstName: 'required' });
    const address = {
      firstName: 'Jane',
      lastName: 'Doe',
      phone: '+14155550100',
      address: '1 Market St',
      city: 'San Francisco',
      state: 'CA',
      zipCode: '94105',
      country: 'US',
    };
    const wrong = await call('POST', '/card', f.admin.key, {
      ...abroad,
      ...address,
      zipCode: '#1',
      country: 'usa',
    });
    expectError(wrong, 'VALIDATION_FAILED');
    expect(Object.values(wrong.json().error.fieldErrors)).toEqual(
      expect.arrayContaining([expect.stringMatching(/zipCode|country/)]),
    );
    const ok = await call('POST', '/card', f.admin.key, { ...abroad, ...address, state: '' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ last4: '4242' });
    // A card issued in Korea still needs its password.
    expectError(
      await call('POST', '/card', f.admin.key, card(sandboxCards.ok, { password: undefined })),
      'VALIDATION_FAILED',
    );
  });

  it('no table, log line or outbox mail holds the card number, CVV or password', async () => {
    const secret = card('4111 1111 1111 1111', { cvv: '8642', password: '93', birth: '881231' });
    const res = await call('POST', '/card', f.lead.key, secret);
    expect(res.statusCode, res.body).toBe(201);
    await mailsSent(t.config);
    const tables = await rowsOf(
      sql`select table_name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { table_name } of tables as { table_name: string }[]) {
      const schema = (
        await rowsOf(
          sql`select table_schema as s from information_schema.tables where table_name = ${table_name} limit 1`,
        )
      )[0]!.s as string;
      const rows = await rowsOf(sql.raw(`select * from "${schema}"."${table_name}"`));
      dump += JSON.stringify(rows);
    }
    const outbox = await readdir(t.config.outboxDir).catch(() => [] as string[]);
    for (const name of outbox) dump += await readFile(join(t.config.outboxDir, name), 'utf8');
    // The card row is there, with its last four only.
    expect(dump).toContain('"last4":"1111"');
    for (const haystack of [dump, log]) {
      expect(haystack).not.toContain('4111111111111111');
      expect(haystack).not.toContain('4111 1111 1111 1111');
      // Short values as whole tokens (hex ids and hashes may hold the digits by chance), with the
      // request ids (UUIDs) of the log left out: a group of four hex digits was once "8642".
      const tokens = haystack.replace(UUID, ' ').split(/[^0-9A-Za-z]+/);
      expect(tokens).not.toContain('8642');
      expect(tokens).not.toContain('881231');
      // The two password digits are too short to search for alone: no card form field holds them.
      expect(haystack).not.toMatch(/"(cvv|cardNumber|businessNumber)"\s*:/);
      expect(haystack).not.toMatch(/"password"\s*:\s*"93"/);
    }
    expect(log.length).toBeGreaterThan(0);
  });
});

describe('warning, subscribe, sheets, grace and INACTIVE', () => {
  it('a 5-member project is short: the warning, a 3-day grace, the event and a mail to admins', async () => {
    const before = await sub(f.projectA, f.dev.key);
    expect(before).toMatchObject({
      plan: 'FREE',
      sheets: 0,
      totalMember: 5,
      warning: true,
      canManage: false,
    });
    await runSweep();
    const s = await sub(f.projectA, f.dev.key);
    expect(new Date(s.graceUntil).getTime() - t.clock.now().getTime()).toBeGreaterThan(
      3 * 86_400_000 - 60_000,
    );
    expect(s.card).toBeNull();
    const events = await rowsOf(sql`select name from domain_event where name = 'subscription.warned'`);
    expect(events.length).toBe(1);
    await t.app.ctx.events.idle();
    const mail = await latestMailAbout(t.config, f.admin.email, 'needs more sheets');
    expect(mail?.subject).toContain('needs more sheets');
    // The admins' bell says so too (a notice, in the app only: the mail above is billing's own).
    const notices = (await call('GET', '/notification', f.admin.key)).json().data as {
      items: { kind: string; link: string | null }[];
    };
    expect(notices.items.map((n) => [n.kind, n.link])).toContainEqual([
      'subscriptionWarning',
      '/setting?tab=subscription',
    ]);
    const devNotices = (await call('GET', '/notification', f.dev.key)).json().data as {
      items: { kind: string }[];
    };
    expect(devNotices.items.map((n) => n.kind)).not.toContain('subscriptionWarning');
    // A second sweep does not warn again.
    await runSweep();
    expect((await rowsOf(sql`select 1 from domain_event where name = 'subscription.warned'`)).length).toBe(1);
  });

  it('after the grace the project is INACTIVE: 423 outside settings and billing', async () => {
    await days(3);
    await runSweep();
    expect((await sub(f.projectA)).projectStatus).toBe('INACTIVE');
    expectError(
      await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, f.dev.key),
      'PROJECT_INACTIVE',
    );
    expectError(
      await call('POST', '/story', f.dev.key, { projectIdx: f.projectA, title: 'x' }),
      'PROJECT_INACTIVE',
    );
    expect((await call('GET', `/project/${f.projectA}`, f.dev.key)).statusCode).toBe(200);
    expect((await call('GET', `/member-in-project?projectIdx=${f.projectA}`, f.dev.key)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/payment?projectIdx=${f.projectA}`, f.admin.key)).statusCode).toBe(200);
    // Project B is untouched.
    expect(
      (await call('GET', `/milestone/timeline?projectIdx=${f.projectB}`, f.outsider.key)).statusCode,
    ).toBe(200);
    const events = await rowsOf(sql`select 1 from domain_event where name = 'project.inactivated'`);
    expect(events.length).toBe(1);
  });

  let subscriptionIdx = 0;
  it('subscribing 30D with 1 sheet charges 10,000 KRW once, mails a receipt and makes it ACTIVE at once', async () => {
    const taken = await charges();
    const res = await call('POST', '/subscription', f.admin.key, {
      projectIdx: f.projectA,
      plan: '30D',
      sheets: 1,
      currency: 'KRW',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { subscription, payment } = res.json().data;
    subscriptionIdx = subscription.subscriptionIdx;
    expect(payment).toMatchObject({
      kind: 'subscribe',
      amount: 10_000,
      currency: 'KRW',
      status: 'paid',
      cardLast4: '4242',
    });
    expect(subscription).toMatchObject({
      plan: '30D',
      sheets: 1,
      status: 'ACTIVE',
      warning: false,
      graceUntil: null,
      projectStatus: 'ACTIVE',
      periodStartDt: today(),
      nextChargeAmount: 10_000,
      refund: { mode: 'FULL', amount: 10_000 },
    });
    expect(await charges()).toBe(taken + 1);
    expect((await call('GET', `/milestone/timeline?projectIdx=${f.projectA}`, f.dev.key)).statusCode).toBe(
      200,
    );
    const mail = await latestMailAbout(t.config, f.admin.email, 'Receipt TL-');
    expect(mail?.subject).toContain('Receipt TL-');
    expect(mail?.text).toContain('10,000 KRW');
    // Asking again: the subscription exists.
    expectError(
      await call('POST', '/subscription', f.admin.key, {
        projectIdx: f.projectA,
        plan: '12M',
        sheets: 1,
        currency: 'KRW',
      }),
      'SUBSCRIPTION_ALREADY_ACTIVE',
    );
  });

  it('a new member makes it short again at once; ADD charges the pro-rated rest and clears it', async () => {
    const extra = await signUp(t, 'bill-extra@example.com');
    const inv = await call('POST', '/member-in-project/invite', f.admin.key, {
      projectIdx: f.projectA,
      email: extra.email,
      role: 'depth2',
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    await addToProject(t, f.projectA, extra.memberIdx, 'depth2');
    await t.app.services.billing.reevaluate(f.projectA);
    expect(await sub(f.projectA)).toMatchObject({ warning: true, totalMember: 6 });
    await days(10);
    const s = await sub(f.projectA);
    const d = periodDays(s, today());
    const expected = prorateAdd({
      count: 2,
      sheetPeriodPrice: 10_000,
      remainingDays: d.remaining,
      periodDays: d.total,
    });
    const res = await call('POST', `/subscription/${subscriptionIdx}/sheets`, f.admin.key, {
      direction: 'ADD',
      count: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({
      kind: 'add',
      amount: expected,
      sheets: 2,
      periodStartDt: today(),
    });
    expect(res.json().data.subscription).toMatchObject({ sheets: 3, warning: false, graceUntil: null });
    expect((await t.app.services.projectRepo.findAnyById(f.projectA))!.sheets).toBe(3);
  });

  it('SUB lowers the next renewal only, never below the members beyond the 4 free', async () => {
    const low = await call('POST', `/subscription/${subscriptionIdx}/sheets`, f.admin.key, {
      direction: 'SUB',
      count: 2,
    });
    expectError(low, 'SHEETS_BELOW_MEMBERS');
    const ok = await call('POST', `/subscription/${subscriptionIdx}/sheets`, f.admin.key, {
      direction: 'SUB',
      count: 1,
    });
    expect(ok.json().data.subscription).toMatchObject({ sheets: 3, pendingSheets: 2, minSheets: 2 });
    expect(ok.json().data.payment).toBeNull();
  });

  it('plan change and renewal at period end by the durable sweep: new plan, pending sheets, coupon-free', async () => {
    const patched = await call('PATCH', `/subscription/${subscriptionIdx}`, f.admin.key, { plan: '12M' });
    expect(patched.json().data).toMatchObject({
      plan: '30D',
      pendingPlan: '12M',
      nextChargeAmount: 2 * 96_000,
    });
    const s = await sub(f.projectA);
    // Run the sweep the day before the end: nothing renews.
    await days(periodDays(s, today()).remaining - 1);
    await runSweep();
    expect((await sub(f.projectA)).plan).toBe('30D');
    await days(1);
    await runSweep();
    const renewed = await sub(f.projectA);
    expect(renewed).toMatchObject({
      plan: '12M',
      sheets: 2,
      pendingPlan: null,
      pendingSheets: null,
      periodStartDt: s.periodEndDt,
    });
    const payments = (await call('GET', `/payment?projectIdx=${f.projectA}`, f.admin.key)).json().data;
    expect(payments[0]).toMatchObject({ kind: 'renewal', amount: 192_000, plan: '12M', sheets: 2 });
    // The sweep again: keyed by the period, nothing more is charged.
    const count = await charges();
    await runSweep();
    expect(await charges()).toBe(count);
  });

  it('refund: the mode must be the one that applies; FULL within 7 days returns all, once', async () => {
    const s = await sub(f.projectA);
    expect(s.refund).toEqual({ mode: 'FULL', amount: 192_000 });
    expectError(
      await call('POST', `/subscription/${s.subscriptionIdx}/refund`, f.admin.key, { mode: 'PARTIAL' }),
      'REFUND_FAILED',
    );
    const res = await call('POST', `/subscription/${s.subscriptionIdx}/refund`, f.admin.key, {
      mode: 'FULL',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({
      kind: 'refund',
      amount: 192_000,
      refundMode: 'FULL',
      status: 'refunded',
    });
    expect(res.json().data.subscription).toMatchObject({
      plan: 'FREE',
      sheets: 0,
      status: 'CANCELED',
      warning: true,
    });
    expect((await gateway.ledger.cancels()).at(-1)?.amount).toBe(192_000);
    const again = await call('POST', `/subscription/${s.subscriptionIdx}/refund`, f.admin.key, {
      mode: 'FULL',
    });
    expectError(again, 'REFUND_FAILED');
    expect(again.json().error.details.reason).toBe('NOTHING_TO_REFUND');
  });
});

describe('renewal failures, retries after 1 and 3 days, then the end', () => {
  it('PAST_DUE with mails, retried, then CANCELED; the grace rule follows', async () => {
    const g = await fixture('dun');
    await call('POST', '/card', g.admin.key, card(sandboxCards.ok));
    const subscribed = await call('POST', '/subscription', g.admin.key, {
      projectIdx: g.projectA,
      plan: '30D',
      sheets: 1,
      currency: 'USD',
    });
    expect(subscribed.json().data.payment).toMatchObject({ amount: 800, currency: 'USD' });
    const idx = subscribed.json().data.subscription.subscriptionIdx;
    const poor = (await call('POST', '/card', g.admin.key, card(sandboxCards.insufficientFunds))).json().data;
    // The running subscription's card cannot be deleted; switch renewals to the card without funds.
    const first = (await call('GET', '/card', g.admin.key)).json().data.cards.at(-1);
    expectError(await call('DELETE', `/card/${first.cardIdx}`, g.admin.key), 'CARD_IN_USE');
    await call('PATCH', `/subscription/${idx}`, g.admin.key, { cardIdx: poor.cardIdx });
    const s = await sub(g.projectA, g.admin.key);
    await days(periodDays(s, today()).remaining);
    await runSweep();
    expect(await sub(g.projectA, g.admin.key)).toMatchObject({ status: 'PAST_DUE', plan: '30D' });
    const mail = await latestMailAbout(t.config, g.admin.email, 'failed');
    expect(mail?.subject).toContain('failed');
    const failed = async () =>
      (await call('GET', `/payment?projectIdx=${g.projectA}`, g.admin.key))
        .json()
        .data.filter((p: { status: string }) => p.status === 'failed');
    expect((await failed()).length).toBe(1);
    expect((await failed())[0]).toMatchObject({ kind: 'renewal', failureReason: 'INSUFFICIENT_FUNDS' });
    await runSweep(); // not due yet
    expect((await failed()).length).toBe(1);
    await days(1);
    await runSweep();
    expect((await failed()).length).toBe(2);
    await days(2);
    await runSweep();
    expect((await failed()).length).toBe(3);
    expect(await sub(g.projectA, g.admin.key)).toMatchObject({
      plan: 'FREE',
      status: 'CANCELED',
      warning: true,
    });
    const events = await rowsOf(
      sql`select 1 from domain_event where name = 'payment.failed' and project_idx = ${g.projectA}`,
    );
    expect(events.length).toBe(3);
  });

  it('cancel at period end ends it without a charge', async () => {
    const g = await fixture('cap');
    await call('POST', '/card', g.admin.key, card(sandboxCards.ok));
    const res = await call('POST', '/subscription', g.admin.key, {
      projectIdx: g.projectA,
      plan: '30D',
      sheets: 1,
      currency: 'KRW',
    });
    const idx = res.json().data.subscription.subscriptionIdx;
    expect(
      (await call('PATCH', `/subscription/${idx}`, g.admin.key, { cancelAtPeriodEnd: true })).json().data
        .nextChargeAmount,
    ).toBeNull();
    const count = await charges();
    await days(periodDays(await sub(g.projectA, g.admin.key), today()).remaining);
    await runSweep();
    expect(await sub(g.projectA, g.admin.key)).toMatchObject({ plan: 'FREE', status: 'CANCELED' });
    expect(await charges()).toBe(count);
  });
});

describe('refund PARTIAL after 7 days, ADD then refund never above what was paid', () => {
  it('returns floor(paid × unused ÷ days) per charge', async () => {
    const g = await fixture('part');
    await call('POST', '/card', g.admin.key, card(sandboxCards.ok));
    const res = await call('POST', '/subscription', g.admin.key, {
      projectIdx: g.projectA,
      plan: '30D',
      sheets: 1,
      currency: 'USD',
    });
    const idx = res.json().data.subscription.subscriptionIdx;
    await days(8);
    const added = (
      await call('POST', `/subscription/${idx}/sheets`, g.admin.key, { direction: 'ADD', count: 1 })
    ).json().data.payment;
    const s = await sub(g.projectA, g.admin.key);
    const d = periodDays(s, today());
    const expected = Math.floor((800 * d.remaining) / d.total) + added.amount; // the ADD is a day old: FULL? no, PARTIAL follows the period
    expect(s.refund.mode).toBe('PARTIAL');
    const addDays = periodDays(
      { periodStartDt: added.periodStartDt, periodEndDt: added.periodEndDt },
      today(),
    );
    expect(s.refund.amount).toBe(
      Math.floor((800 * d.remaining) / d.total) +
        Math.floor((added.amount * addDays.remaining) / addDays.total),
    );
    expect(s.refund.amount).toBeLessThanOrEqual(800 + added.amount);
    expect(expected).toBeGreaterThanOrEqual(s.refund.amount);
    const done = await call('POST', `/subscription/${idx}/refund`, g.admin.key, { mode: 'PARTIAL' });
    expect(done.statusCode, done.body).toBe(200);
    const refunds = (await call('GET', `/payment?projectIdx=${g.projectA}`, g.admin.key))
      .json()
      .data.filter((p: { kind: string }) => p.kind === 'refund');
    expect(refunds.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0)).toBe(s.refund.amount);
  });
});

describe('the remaining calls, errors and moves', () => {
  it('no card, a refused first charge, a coupon at subscribe, removing members, deleting a card', async () => {
    const g = await fixture('misc');
    const subscribe = (body: object = {}) =>
      call('POST', '/subscription', g.admin.key, {
        projectIdx: g.projectA,
        plan: '30D',
        sheets: 1,
        currency: 'KRW',
        ...body,
      });
    expectError(await subscribe(), 'CARD_REQUIRED');
    const poor = (await call('POST', '/card', g.admin.key, card(sandboxCards.insufficientFunds))).json().data;
    const refused = await subscribe();
    expectError(refused, 'SUBSCRIPTION_FAILED');
    expect(refused.json().error.details.reason).toBe('INSUFFICIENT_FUNDS');
    const history = (await call('GET', `/payment?projectIdx=${g.projectA}`, g.admin.key)).json().data;
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'subscribe',
        status: 'failed',
        failureReason: 'INSUFFICIENT_FUNDS',
        amount: 10_000,
      }),
    ]);
    expect(await subjectsTo(g.admin.email)).toContainEqual(expect.stringContaining('failed'));
    expect(await sub(g.projectA, g.admin.key)).toMatchObject({ plan: 'FREE', warning: true });
    // Another member's card is not the admin's to use.
    const leadCard = (await call('POST', '/card', g.lead.key, card(sandboxCards.ok))).json().data;
    expectError(await subscribe({ cardIdx: leadCard.cardIdx }), 'CARD_NOT_FOUND');
    // Subscribing with a coupon number registers and applies it.
    const repo = createBillingRepository(t.database.db);
    const [coupon] = await createCoupons(repo, {
      type: 'monthly',
      percentOff: 50,
      periods: 2,
      validFrom: '20000101',
      validUntil: '20991231',
      count: 1,
    });
    const good = (await call('POST', '/card', g.admin.key, card(sandboxCards.ok))).json().data;
    const ok = await subscribe({ cardIdx: good.cardIdx, couponNumber: coupon!.number });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.payment).toMatchObject({
      amount: 5_000,
      discount: 5_000,
      couponNumber: coupon!.number,
    });
    expect(ok.json().data.subscription).toMatchObject({
      coupon: { remainingPeriods: 1 },
      nextChargeAmount: 5_000,
    });
    const listed = (await call('GET', `/coupon?projectIdx=${g.projectA}`, g.admin.key)).json().data;
    expect(listed).toEqual([
      expect.objectContaining({ number: coupon!.number, percentOff: 50, remainingPeriods: 1 }),
    ]);
    const idx = ok.json().data.subscription.subscriptionIdx;
    // Sheets of a subscription that is not there, or another project's: 404.
    expectError(
      await call('POST', '/subscription/999999/sheets', g.admin.key, { direction: 'ADD', count: 1 }),
      'SUBSCRIPTION_NOT_FOUND',
    );
    expectError(
      await call('POST', `/subscription/${idx}/sheets`, g.outsider.key, { direction: 'ADD', count: 1 }),
      'SUBSCRIPTION_NOT_FOUND',
    );
    // Cards: the one in use cannot go; an unused one can.
    expectError(await call('DELETE', `/card/${good.cardIdx}`, g.admin.key), 'CARD_IN_USE');
    expect((await call('DELETE', `/card/${poor.cardIdx}`, g.admin.key)).statusCode).toBe(200);
    expect(
      (await call('GET', '/card', g.admin.key)).json().data.cards.map((c: { cardIdx: number }) => c.cardIdx),
    ).toEqual([good.cardIdx]);
    // Removing a member makes a short, INACTIVE project ACTIVE again at once.
    const extra1 = await signUp(t, 'misc-x1@example.com');
    const extra2 = await signUp(t, 'misc-x2@example.com');
    const row1 = await addToProject(t, g.projectA, extra1.memberIdx, 'depth2');
    await addToProject(t, g.projectA, extra2.memberIdx, 'depth2');
    await runSweep();
    expect(await sub(g.projectA, g.admin.key)).toMatchObject({ warning: true, totalMember: 7, sheets: 1 });
    await days(3);
    await runSweep();
    expect((await sub(g.projectA, g.admin.key)).projectStatus).toBe('INACTIVE');
    const removed = await call('DELETE', `/member-in-project/${row1.memberInProjectIdx}`, g.admin.key);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await sub(g.projectA, g.admin.key)).projectStatus).toBe('INACTIVE');
    await t.app.ctx.events.idle();
    // Still one member too many (6 > 1 + 4): the DELETE of another one fixes it.
    const rows = (await call('GET', `/member-in-project?projectIdx=${g.projectA}`, g.admin.key)).json().data;
    const other = (rows as { memberInProjectIdx: number; memberIdx: number }[]).find(
      (r) => r.memberIdx === extra2.memberIdx,
    )!;
    await call('DELETE', `/member-in-project/${other.memberInProjectIdx}`, g.admin.key);
    await t.app.ctx.events.idle();
    expect(await sub(g.projectA, g.admin.key)).toMatchObject({
      projectStatus: 'ACTIVE',
      warning: false,
      graceUntil: null,
    });
  });
});

describe('coupons', () => {
  it('each docs/product/billing.md#coupons coupon error has its own code; 100 % makes the charge 0 and skips the gateway', async () => {
    const g = await fixture('cpn');
    const repo = createBillingRepository(t.database.db);
    const from = dayCodeOf(new Date(t.clock.now().getTime() - 86_400_000));
    const until = dayCodeOf(new Date(t.clock.now().getTime() + 30 * 86_400_000));
    const [free] = await createCoupons(repo, {
      type: 'monthly',
      percentOff: 100,
      periods: 1,
      validFrom: from,
      validUntil: until,
      count: 1,
    });
    const [yearly] = await createCoupons(repo, {
      type: 'yearly',
      percentOff: 20,
      periods: 1,
      validFrom: from,
      validUntil: until,
      count: 1,
    });
    const [old] = await createCoupons(repo, {
      type: 'monthly',
      percentOff: 20,
      periods: 1,
      validFrom: '20200101',
      validUntil: '20200201',
      count: 1,
    });
    const post = (number: string, key = g.admin.key, projectIdx = g.projectA) =>
      call('POST', '/coupon', key, { number, projectIdx });
    expectError(await post('NOPE-NOPE'), 'COUPON_EXPIRED_OR_NONEXISTENT');
    expectError(await post(old!.number), 'COUPON_EXPIRED_OR_NONEXISTENT');
    expectError(await post(free!.number, g.dev.key), 'ADMIN_ONLY');
    const ok = await post(free!.number.toLowerCase());
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data[0]).toMatchObject({ number: free!.number, percentOff: 100, remainingPeriods: 1 });
    expectError(await post(free!.number), 'COUPON_ALREADY_REGISTERED');
    expectError(await post(free!.number, g.outsider.key, g.projectB), 'COUPON_REGISTRATION_FAILED');
    expectError(await post(yearly!.number), 'COUPON_REGISTRATION_FAILED');
    await call('POST', '/card', g.admin.key, card(sandboxCards.ok));
    const count = await charges();
    const res = await call('POST', '/subscription', g.admin.key, {
      projectIdx: g.projectA,
      plan: '30D',
      sheets: 2,
      currency: 'KRW',
    });
    expect(res.json().data.payment).toMatchObject({
      amount: 0,
      listAmount: 20_000,
      discount: 20_000,
      gatewaySkipped: true,
      status: 'paid',
    });
    expect(await charges()).toBe(count);
    // Now on 30D: a yearly coupon is refused as such.
    expectError(await post(yearly!.number), 'COUPON_IS_YEARLY');
    const [monthly] = await createCoupons(repo, {
      type: 'monthly',
      percentOff: 10,
      periods: 1,
      validFrom: from,
      validUntil: until,
      count: 1,
    });
    const h = await fixture('cpn2');
    await call('POST', '/card', h.admin.key, card(sandboxCards.ok));
    await call('POST', '/subscription', h.admin.key, {
      projectIdx: h.projectA,
      plan: '12M',
      sheets: 1,
      currency: 'KRW',
    });
    expectError(await post(monthly!.number, h.admin.key, h.projectA), 'COUPON_IS_MONTHLY');
    expect(
      (await call('GET', `/coupon?projectIdx=${g.projectA}`, g.admin.key)).json().data[0].remainingPeriods,
    ).toBe(0);
  });
});

describe('Idempotency-Key and concurrent payments', () => {
  it('20 concurrent identical subscribe requests with one key: one charge, the same answer twenty times', async () => {
    const g = await fixture('idem');
    await call('POST', '/card', g.admin.key, card(sandboxCards.ok));
    const before = await charges();
    const body = { projectIdx: g.projectA, plan: '30D', sheets: 2, currency: 'KRW' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/subscription',
          payload: body,
          headers: { ...bearer(g.admin.key), 'idempotency-key': 'intent-1' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const paymentIdxs = new Set(answers.map((a) => a.json().data.payment.paymentIdx));
    expect(paymentIdxs.size).toBe(1);
    expect((await charges()) - before).toBe(1);
    const rows = await rowsOf(
      sql`select 1 from payment where project_idx = ${g.projectA} and status = 'paid'`,
    );
    expect(rows.length).toBe(1);
    // The same key with another body is refused; without a key, a repeat answers the first payment.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/subscription',
      payload: { ...body, sheets: 3 },
      headers: { ...bearer(g.admin.key), 'idempotency-key': 'intent-1' },
    });
    expectError(other, 'IDEMPOTENCY_KEY_REUSED');
    const noKey = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/subscription', g.admin.key, body)),
    );
    expect(noKey.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect((await charges()) - before).toBe(1);
  });

  it('20 concurrent ADD requests with one key charge once; a refusal is repeated as it was', async () => {
    const g = await fixture('idem2');
    await call('POST', '/card', g.admin.key, card(sandboxCards.ok));
    const idx = (
      await call('POST', '/subscription', g.admin.key, {
        projectIdx: g.projectA,
        plan: '30D',
        sheets: 1,
        currency: 'KRW',
      })
    ).json().data.subscription.subscriptionIdx;
    const before = await charges();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/subscription/${idx}/sheets`,
          payload: { direction: 'ADD', count: 1 },
          headers: { ...bearer(g.admin.key), 'idempotency-key': 'add-once' },
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect((await charges()) - before).toBe(1);
    expect((await sub(g.projectA, g.admin.key)).sheets).toBe(2);
    // A refusal is the first answer too: with funds back, the same key still answers the refusal.
    const good = (await call('GET', '/card', g.admin.key)).json().data.cards[0].cardIdx;
    const poor = (await call('POST', '/card', g.admin.key, card(sandboxCards.insufficientFunds))).json().data;
    await call('PATCH', `/subscription/${idx}`, g.admin.key, { cardIdx: poor.cardIdx });
    const add = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/subscription/${idx}/sheets`,
        payload: { direction: 'ADD', count: 1 },
        headers: { ...bearer(g.admin.key), 'idempotency-key': 'add-refused' },
      });
    const refused = await add();
    expectError(refused, 'SUBSCRIPTION_ADD_FAILED');
    expect(refused.json().error.details.reason).toBe('INSUFFICIENT_FUNDS');
    await call('PATCH', `/subscription/${idx}`, g.admin.key, { cardIdx: good });
    const taken = await charges();
    expectError(await add(), 'SUBSCRIPTION_ADD_FAILED');
    expect(await charges()).toBe(taken);
    expect((await sub(g.projectA, g.admin.key)).sheets).toBe(2);
  });

  /**
   * 20 concurrent ADDs of one sheet, each its own intent (its own key), on this app, or on it and a
   * second instance on the same database in turn (made after the sign-up mails, as below).
   */
  async function twentyAdds(prefix: string, twoInstances: boolean) {
    const g = await fixture(prefix);
    await call('POST', '/card', g.admin.key, card(sandboxCards.ok));
    const idx = (
      await call('POST', '/subscription', g.admin.key, {
        projectIdx: g.projectA,
        plan: '30D',
        sheets: 1,
        currency: 'KRW',
      })
    ).json().data.subscription.subscriptionIdx;
    // One clock for both, as NTP keeps real instances within far less than the intent lease.
    const apps = twoInstances
      ? [t, await createTestApp({ database: t.database, overrides: { clock: t.clock } })]
      : [t];
    const before = await charges();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        apps[i % apps.length]!.app.inject({
          method: 'POST',
          url: `/api/subscription/${idx}/sheets`,
          payload: { direction: 'ADD', count: 1 },
          headers: { ...bearer(g.admin.key), 'idempotency-key': `${prefix}-${i}` },
        }),
      ),
    );
    if (apps[1]) await apps[1].close();
    expect(
      answers.map((a) => a.statusCode),
      answers.map((a) => a.body).join('\n'),
    ).toEqual(Array(20).fill(200));
    // Twenty intents, one after another: each saw the sheets the one before paid for.
    expect(new Set(answers.map((a) => a.json().data.payment.paymentIdx)).size).toBe(20);
    expect((await charges()) - before).toBe(20);
    expect((await sub(g.projectA, g.admin.key)).sheets).toBe(21);
    const rows = await rowsOf<{ pays_for: string; status: string }>(
      sql`select pays_for, status from payment where project_idx = ${g.projectA} and kind = 'add' order by payment_idx`,
    );
    expect(rows.map((r) => r.status)).toEqual(Array(20).fill('paid'));
    expect(rows.map((r) => r.pays_for.split(':').at(-1))).toEqual(
      Array.from({ length: 20 }, (_, i) => `${i + 1}->${i + 2}`),
    );
  }

  it('20 concurrent ADDs with their own keys: twenty charges, one at a time, sheets 1 + 20', async () => {
    await twentyAdds('many', false);
  });

  it('the same across two app instances on one database', async () => {
    await twentyAdds('many2', true);
  });

  it('two app instances on one database, 20 identical requests without a key: one charge', async () => {
    // Sign-up mails first: with a second instance running, its job runner could take the
    // `mail.send` job and write the link into its own outbox, where latestLink would not look.
    const g = await fixture('twin');
    await call('POST', '/card', g.admin.key, card(sandboxCards.ok));
    const t2 = await createTestApp({ database: t.database });
    try {
      const before = await charges();
      const body = { projectIdx: g.projectA, plan: '12M', sheets: 3, currency: 'USD' };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? t2 : t).app.inject({
            method: 'POST',
            url: '/api/subscription',
            payload: body,
            headers: bearer(g.admin.key),
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
      expect(new Set(answers.map((a) => a.json().data.payment.paymentIdx)).size).toBe(1);
      expect((await charges()) - before).toBe(1);
      expect(answers[0]!.json().data.payment).toMatchObject({ amount: 3 * 7_680, currency: 'USD' });
    } finally {
      await t2.close();
    }
  });
});
