import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../infra/db.js';
import { NetworkInTransactionError, assertOutsideTransaction } from '../../infra/transaction-scope.js';
import { createTestDatabase } from '../../test/test-app.js';
import { createOutboundHttp } from '../outbound-http/outbound-http.js';
import { installNetworkGuard, networkCallsInTransaction } from './network-guard.js';

/**
 * No network call inside a database transaction (docs/decisions.md "Charges survive a crash"): every
 * transaction of the app's database handle is marked, and an HTTP request made from inside one, by
 * any client (fetch, undici, node:http), is found. The test app fails a test file that made one.
 */
let database: Database;
let drop: () => Promise<void>;
let server: Server;
let url = '';
const found: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  installNetworkGuard((call) => found.push(call.target));
  server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await drop();
});

const nodeGet = (target: string) =>
  new Promise<void>((resolve, reject) => {
    get(target, (res) => {
      res.resume();
      res.on('end', resolve);
    }).on('error', reject);
  });

describe('network calls inside a database transaction', () => {
  it('are found for fetch, undici and node:http, and not outside a transaction', async () => {
    const before = networkCallsInTransaction().length;
    const outbound = createOutboundHttp({ allowPrivate: true });
    await fetch(`${url}/outside`);
    await nodeGet(`${url}/outside-http`);
    expect(networkCallsInTransaction().length).toBe(before);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await fetch(`${url}/fetch-inside`);
      await outbound.get(`${url}/undici-inside`);
      await nodeGet(`${url}/http-inside`);
      // A savepoint is inside too.
      await tx.transaction(async () => {
        await fetch(`${url}/nested-inside`);
      });
    });
    const calls = networkCallsInTransaction().slice(before);
    expect(calls.map((c) => c.target).join('\n')).toMatch(/fetch-inside/);
    expect(calls.map((c) => c.target).join('\n')).toMatch(/undici-inside/);
    expect(calls.map((c) => c.target).join('\n')).toMatch(/nested-inside/);
    expect(calls.some((c) => c.channel === 'http.client.request.start')).toBe(true);
    expect(found.length).toBeGreaterThanOrEqual(4);
    // After the commit the work is outside again.
    await fetch(`${url}/after`);
    expect(networkCallsInTransaction().length).toBe(before + calls.length);
    await outbound.close();
  });

  it('a call without HTTP (the sandbox gateway, SMTP) refuses inside a transaction', async () => {
    expect(() => assertOutsideTransaction('x')).not.toThrow();
    await expect(
      database.db.transaction(async () => {
        assertOutsideTransaction('the sandbox gateway');
      }),
    ).rejects.toBeInstanceOf(NetworkInTransactionError);
  });
});
