import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../infra/db.js';
import {
  PASSWORD,
  bearer,
  createProject,
  createTestApp,
  durableDatabase,
  openDataFolder,
  signUp,
} from '../../test/test-app.js';
import { startServer, type ServerProcess } from '../../test/server-process.js';
import { startTossFake, type TossFake } from '../../test/toss-fake.js';
import { sandboxCards } from './gateway/sandbox.js';

/**
 * Issue 31 "Charges survive a crash", as seen: six concurrent sheet ADDs, each with its own
 * Idempotency-Key, on the real server (a child process on a PGlite folder, or on PostgreSQL with
 * TEST_DATABASE_URL), killed with SIGKILL the moment the gateway has taken the third charge and
 * before that charge's answer reached the server; then started again on the same data. Once for
 * the sandbox gateway (its ledger lives on; it answers 1.5 s after charging) and once for the Toss
 * protocol (`test/toss-fake.ts`, in this process, its state on disk; it holds the third answer).
 *
 * After the restart the reconciliation settles the intent the crash left, every key retried answers
 * how its request really ended, nothing is charged twice, and the gateway's charges equal the paid
 * payments.
 */
const LEASE_SECONDS = 4;
const KEYS = Array.from({ length: 6 }, (_, i) => `crash-add-${i + 1}`);
const ADD = { direction: 'ADD', count: 1 } as const;

interface PaymentAnswer {
  paymentIdx: number;
  status: string;
}
interface Answer {
  status: number;
  body: { data?: { payment: PaymentAnswer }; error?: { code: string } };
}

interface Row {
  payment_idx: number;
  kind: string;
  status: string;
  charge_key: string;
  operation: string;
  gateway_payment_key: string | null;
  gateway_skipped: boolean;
}

async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

describe.each(['sandbox', 'toss'] as const)('kill -9 during six concurrent ADDs (%s gateway)', (gateway) => {
  let home = '';
  let store: Awaited<ReturnType<typeof durableDatabase>> | null = null;
  let fake: TossFake | null = null;
  let server: ServerProcess | null = null;
  const env: Record<string, string> = {};
  const open = () => (store ? store.open() : openDataFolder(join(home, 'db')));
  /** Reads the database (PGlite: only while no server holds its folder). */
  async function read<T>(work: (database: Database) => Promise<T>): Promise<T> {
    const database = await open();
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }
  /** The order ids of every charge the gateway took. */
  async function gatewayCharges(): Promise<string[]> {
    if (fake) return fake.charges().map((c) => c.orderId);
    return read(async (database) =>
      (
        await rowsOf<{ order_id: string }>(
          database,
          sql`select order_id from sandbox_gateway_charge where status = 'DONE'`,
        ).catch(() => [] as { order_id: string }[])
      ) // a sandbox without a ledger remembers nothing
        .map((r) => r.order_id),
    );
  }

  let email = '';
  let projectIdx = 0;
  let subscriptionIdx = 0;

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), `teamline-crash-${gateway}-`));
    if (process.env.TEST_DATABASE_URL) store = await durableDatabase();
    env.DATA_DIR = home;
    env.WEB_DIST = join(home, 'no-web');
    env.BILLING_LEASE_SECONDS = String(LEASE_SECONDS);
    if (store && 'url' in store.location) env.DATABASE_URL = store.location.url;
    if (gateway === 'toss') {
      fake = await startTossFake({ stateFile: join(home, 'toss-fake.json') });
      env.TOSS_SECRET_KEY = fake.secret;
      env.TOSS_API_URL = fake.url;
    } else env.BILLING_SANDBOX_LATENCY_MS = '1500';
    // The project, its card and a 30D subscription with 1 sheet, made by an app in this process.
    const database = await open();
    const t = await createTestApp({
      database,
      config: fake
        ? {
            billing: {
              gateway: 'toss',
              tossSecretKey: fake.secret,
              tossClientKey: 'test_ck_fake',
              tossApiUrl: fake.url,
              tossTimeoutMs: 2_000,
              monthlyPrices: { KRW: 10_000, USD: 800 },
              leaseMs: LEASE_SECONDS * 1000,
              sandboxLatencyMs: 0,
            },
          }
        : {},
    });
    try {
      email = `crash-${gateway}@example.com`;
      const admin = await signUp(t, email);
      projectIdx = await createProject(t, admin.key, `Crash ${gateway}`);
      const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url: `/api${url}`, payload, headers: bearer(admin.key) });
      const card = fake
        ? {
            authKey: 'auth-crash',
            customerKey: (await inject('GET', '/card')).json().data.customerKey as string,
          }
        : {
            cardNumber: sandboxCards.ok,
            expiry: '1239',
            isCorporate: false,
            birth: '900101',
            password: '47',
            cvv: '913',
            ownerName: 'Kim Tester',
          };
      expect((await inject('POST', '/card', card)).statusCode).toBe(201);
      const subscribed = await inject('POST', '/subscription', {
        projectIdx,
        plan: '30D',
        sheets: 1,
        currency: 'KRW',
      });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      subscriptionIdx = subscribed.json().data.subscription.subscriptionIdx;
    } finally {
      await t.close();
      await database.close();
    }
  });
  afterAll(async () => {
    await server?.kill();
    await fake?.close();
    await store?.drop();
    await rm(home, { recursive: true, force: true });
  });

  it('the gateway charges equal the paid payments and every retried key answers its real outcome', async () => {
    const figures: Record<string, unknown> = { gateway, database: store ? 'postgresql' : 'pglite' };
    const chargesBefore = (await gatewayCharges()).length; // the subscription's own charge
    server = await startServer(env);
    const login = await fetch(`${server.url}/api/auth/login/general`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const key = ((await login.json()) as { data: { key: string } }).data.key;
    const add = (url: string, idempotencyKey: string) =>
      fetch(`${url}/api/subscription/${subscriptionIdx}/sheets`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...bearer(key),
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify(ADD),
      }).then(async (res): Promise<Answer> => ({
        status: res.status,
        body: (await res.json()) as Answer['body'],
      }));

    // The third charge taken: the Toss fake holds its answer; the sandbox answers 1.5 s after
    // charging and says so in its log. Either way the kill lands between "charged" and "completed".
    let third: Promise<void>;
    if (fake) {
      let taken = 0;
      third = new Promise<void>((signal) => {
        fake!.onCharged = () => {
          taken += 1;
          if (taken < 3) return Promise.resolve();
          signal();
          return new Promise<void>(() => undefined);
        };
      });
    } else third = server.waitForLines(/sandbox gateway: charge taken/, 3);
    const first = KEYS.map((k) => add(server!.url, k).catch(() => null));
    await third;
    await server.kill();
    if (fake) fake.onCharged = null;
    const answeredBeforeCrash = await Promise.all(first);
    figures.answeredBeforeCrash = answeredBeforeCrash.map((a) => a?.status ?? 'no answer');

    // What the crash left: three charges taken, two paid ADDs, one pending intent.
    const charged = await gatewayCharges();
    const crashState = await read(async (database) => ({
      rows: await rowsOf<Row>(database, sql`select * from payment where project_idx = ${projectIdx}`),
      claims: await rowsOf<{ key: string; operation?: string | null }>(
        database,
        sql`select * from idempotent_request`,
      ),
    }));
    const adds = crashState.rows.filter((r) => r.kind === 'add');
    figures.atCrash = {
      gatewayCharges: charged.length - chargesBefore,
      paidAdds: adds.filter((r) => r.status === 'paid').length,
      pendingAdds: adds.filter((r) => r.status === 'pending').length,
    };
    // Soft from here to the retries: a server that loses the charge (as seen in the issue) shows
    // every way it goes wrong in one run.
    expect.soft(figures.atCrash).toEqual({ gatewayCharges: 3, paidAdds: 2, pendingAdds: 1 });
    const interrupted = adds.find((r) => r.status === 'pending');
    // The gateway took it: a charge with no completed payment, which only the intent remembers.
    expect.soft(charged).toContain(interrupted?.charge_key);
    const interruptedKey = crashState.claims.find((c) => c.operation === interrupted?.operation)?.key;

    // Start again: the reconciliation (at start-up, once the lease ran out) asks the gateway and
    // completes the intent, adding its sheet once.
    server = await startServer(env);
    const api = async <T>(path: string): Promise<T> =>
      ((await (await fetch(`${server!.url}/api${path}`, { headers: bearer(key) })).json()) as { data: T })
        .data;
    const sheets = async () =>
      (await api<{ sheets: number }>(`/subscription?projectIdx=${projectIdx}`)).sheets;
    for (let i = 0; ; i++) {
      const payments = await api<PaymentAnswer[]>(`/payment?projectIdx=${projectIdx}`);
      if (!payments.some((p) => p.status === 'pending')) break;
      if (i > 300) throw new Error('the reconciliation did not settle the intent');
      await new Promise((r) => setTimeout(r, 200));
    }
    const reconciled = await api<PaymentAnswer[]>(`/payment?projectIdx=${projectIdx}`);
    expect.soft(reconciled.find((p) => p.paymentIdx === interrupted?.payment_idx)?.status).toBe('paid');
    expect.soft(await sheets()).toBe(1 + 3);

    // Every key retried with its request: each answers how that request really ended.
    const retried = await Promise.all(KEYS.map((k) => add(server!.url, k)));
    figures.retried = retried.map((a) => a.status);
    expect.soft(retried.map((a) => a.status)).toEqual(Array(6).fill(200));
    const paymentOf = (a: Answer) => a.body.data!.payment;
    KEYS.forEach((k, i) => {
      const before = answeredBeforeCrash[i];
      if (before?.status === 200) expect(paymentOf(retried[i]!)).toEqual(paymentOf(before));
      if (k === interruptedKey) expect(paymentOf(retried[i]!).paymentIdx).toBe(interrupted!.payment_idx);
      expect(paymentOf(retried[i]!).status).toBe('paid');
    });
    expect(new Set(retried.map((a) => paymentOf(a).paymentIdx)).size).toBe(6);
    expect(await sheets()).toBe(1 + 6);
    // Asked once more: the same answers, nothing more charged.
    const again = await Promise.all(KEYS.map((k) => add(server!.url, k)));
    expect(again.map((a) => paymentOf(a).paymentIdx)).toEqual(retried.map((a) => paymentOf(a).paymentIdx));
    await server.stop();
    server = null;

    // The books: every charge the gateway took is exactly one paid payment, and the reverse.
    const finalCharges = await gatewayCharges();
    const rows = await read((database) =>
      rowsOf<Row>(database, sql`select * from payment where project_idx = ${projectIdx}`),
    );
    const paidAtGateway = rows.filter((r) => r.status === 'paid' && !r.gateway_skipped);
    figures.final = {
      gatewayCharges: finalCharges.length,
      paidPayments: paidAtGateway.length,
      paidAdds: rows.filter((r) => r.kind === 'add' && r.status === 'paid').length,
      pending: rows.filter((r) => r.status === 'pending').length,
      sheets: 1 + 6,
    };
    expect(new Set(finalCharges).size).toBe(finalCharges.length);
    expect([...finalCharges].sort()).toEqual(paidAtGateway.map((r) => r.charge_key).sort());
    expect(figures.final).toMatchObject({ gatewayCharges: 7, paidPayments: 7, paidAdds: 6, pending: 0 });
    // The figures of the run (the report and docs/bench-log.md quote them).
    console.warn(`crash figures ${JSON.stringify(figures)}`);
  }, 400_000);
});
