import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.js';
import { bearer } from './test-app.js';
import { createAuditRepository } from '../platform/audit/audit.repository.js';
import { verifyAuditChain } from '../features/audit/audit-verify.js';

/** A browser and an address the tests' requests come from, to find them again in the records. */
export const CLIENT = { remoteAddress: '203.0.113.7', userAgent: 'AuditTest/1.0 (Teamline)' };

/** A request as a browser at CLIENT would send it. */
export function call(t: TestApp) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, key?: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      payload,
      remoteAddress: CLIENT.remoteAddress,
      headers: { 'user-agent': CLIENT.userAgent, ...(key ? bearer(key) : {}) },
    });
}

/** Every record of a kind, oldest first, straight from the table. */
export async function recordsOf(t: TestApp, kind: string) {
  const rows = await createAuditRepository(t.database.db).page({ kind }, 0, 1_000);
  return rows.reverse();
}

export const verify = (t: TestApp) => verifyAuditChain(createAuditRepository(t.database.db));

/**
 * Runs SQL on the audit log the way someone with database access would: with the append-only
 * trigger switched off for the statement (as the table's owner can).
 */
export async function tamper(t: TestApp, statement: ReturnType<typeof sql>) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_no_change`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_no_change`);
  });
}
