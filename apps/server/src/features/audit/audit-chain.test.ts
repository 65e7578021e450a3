import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tamper, verify } from '../../test/audit-support.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createAuditRepository } from '../../platform/audit/audit.repository.js';
import { AUDIT_RETENTION_JOB, retainAudit } from './audit-retention.job.js';
import type { AuditEntry } from '../../platform/audit/audit-trail.js';

const DAY_MINUTES = 24 * 60;

/** `count` records of webhook changes in project 1 (the chain does not care what they say). */
const entries = (count: number, from = 1): AuditEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    kind: 'webhook.updated',
    actorIdx: 1,
    projectIdx: 1,
    target: { type: 'webhook', idx: from + i },
    changes: { name: `hook ${from + i}`, url: { from: 'https://a.example', to: 'https://b.example' } },
  }));

/**
 * The tamper evidence of the audit log: the chain verifies, and `verify` names the first record an
 * edit or a deletion broke; the table refuses changes; retention deletes old records and the rest
 * still verifies from the anchor.
 */
describe('audit chain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  // Each test starts from an empty log at the genesis hash (bypassing the trigger, as a test may).
  beforeEach(async () => {
    await tamper(t, sql`delete from audit_log`);
    await t.database.db.execute(
      sql`update audit_chain set last_idx = 0, last_hash = repeat('0', 64), anchor_idx = 0, anchor_hash = repeat('0', 64)`,
    );
    t.clock.reset();
  });
  /** The database's message behind drizzle's "Failed query" wrapper. */
  const refusal = async (statement: ReturnType<typeof sql>) => {
    const error = await t.database.db.execute(statement).then(
      () => null,
      (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
    );
    return error;
  };
  const append = (list: AuditEntry[]) => t.app.ctx.audit.record(t.database.db, list);
  const rowsOf = () => createAuditRepository(t.database.db).after(0, 10_000);

  it('an empty log and a written one verify', async () => {
    expect(await verify(t)).toEqual({ ok: true, records: 0, firstIdx: null, lastIdx: null });
    await append(entries(5));
    await append(entries(3, 6));
    expect(await verify(t)).toEqual({ ok: true, records: 8, firstIdx: 1, lastIdx: 8 });
    const rows = await rowsOf();
    // Each record carries the hash of the one before it.
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
  });

  it('the table refuses UPDATE, DELETE and TRUNCATE', async () => {
    await append(entries(2));
    expect(await refusal(sql`update audit_log set ip = '10.0.0.1'`)).toMatch(
      /append-only \(UPDATE refused\)/,
    );
    expect(await refusal(sql`delete from audit_log where audit_idx = 1`)).toMatch(/DELETE refused/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/TRUNCATE refused/);
    expect(await verify(t)).toMatchObject({ ok: true, records: 2 });
  });

  it('an edited record is named by its id', async () => {
    await append(entries(10));
    await tamper(t, sql`update audit_log set changes = '{"name":"innocent"}' where audit_idx = 4`);
    expect(await verify(t)).toEqual({ ok: false, records: 3, auditIdx: 4, reason: 'edited' });
  });

  it('an edit that recomputes the record’s own hash still breaks the next link', async () => {
    await append(entries(10));
    const [row] = (await rowsOf()).filter((r) => r.auditIdx === 6);
    const { chainHash } = await import('../../platform/audit/audit-chain.js');
    const forged = chainHash(row!.prevHash, { ...row!, ip: '198.51.100.1' });
    await tamper(t, sql`update audit_log set ip = '198.51.100.1', hash = ${forged} where audit_idx = 6`);
    expect(await verify(t)).toEqual({ ok: false, records: 6, auditIdx: 7, reason: 'link' });
  });

  it('a record deleted in the middle is named as missing', async () => {
    await append(entries(10));
    await tamper(t, sql`delete from audit_log where audit_idx = 5`);
    expect(await verify(t)).toEqual({ ok: false, records: 4, auditIdx: 5, reason: 'missing' });
  });

  it('records deleted at the end are caught by the chain’s head', async () => {
    await append(entries(10));
    await tamper(t, sql`delete from audit_log where audit_idx >= 9`);
    expect(await verify(t)).toEqual({ ok: false, records: 8, auditIdx: 9, reason: 'head' });
  });

  it('a change that rolls back takes its records with it and leaves the chain whole', async () => {
    await append(entries(2));
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.ctx.audit.record(tx, entries(3, 3));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await append(entries(1, 9));
    expect(await verify(t)).toEqual({ ok: true, records: 3, firstIdx: 1, lastIdx: 3 });
  });

  it('retention deletes what is older than the limit, keeps the rest, and the chain still verifies', async () => {
    await append(entries(4));
    t.clock.advanceMinutes(200 * DAY_MINUTES);
    await append(entries(3, 5));
    t.clock.advanceMinutes(200 * DAY_MINUTES);
    // Day 400: the first four are 400 days old, the next three 200.
    expect(await retainAudit(t.database.db, t.clock, 365)).toEqual({ deleted: 4 });
    expect((await rowsOf()).map((r) => r.auditIdx)).toEqual([5, 6, 7]);
    expect(await verify(t)).toEqual({ ok: true, records: 3, firstIdx: 5, lastIdx: 7 });
    // Nothing more to do; later records chain on.
    expect(await retainAudit(t.database.db, t.clock, 365)).toEqual({ deleted: 0 });
    await append(entries(2, 8));
    expect(await verify(t)).toEqual({ ok: true, records: 5, firstIdx: 5, lastIdx: 9 });
    // A deletion past the anchor is still caught.
    await tamper(t, sql`delete from audit_log where audit_idx = 5`);
    expect(await verify(t)).toMatchObject({ ok: false, auditIdx: 5, reason: 'missing' });
  });

  it('retention runs as the daily durable job with AUDIT_RETENTION_DAYS', async () => {
    // The job reads the setting when it runs (config.auditRetentionDays, from AUDIT_RETENTION_DAYS).
    t.config.auditRetentionDays = 30;
    await append(entries(3));
    t.clock.advanceMinutes(31 * DAY_MINUTES);
    await append(entries(2, 4));
    const id = await t.app.ctx.jobs.send(AUDIT_RETENTION_JOB, {});
    await t.app.ctx.jobs.idle(AUDIT_RETENTION_JOB);
    const { rows } = (await t.database.db.execute(
      sql`select state::text as state, output from pgboss.job where id = ${id}`,
    )) as { rows: { state: string; output: unknown }[] };
    expect(rows[0]).toMatchObject({ state: 'completed', output: { deleted: 3 } });
    expect(await verify(t)).toEqual({ ok: true, records: 2, firstIdx: 4, lastIdx: 5 });
    const { rows: schedules } = (await t.database.db.execute(
      sql`select cron from pgboss.schedule where name = ${AUDIT_RETENTION_JOB}`,
    )) as { rows: { cron: string }[] };
    expect(schedules).toEqual([{ cron: '17 3 * * *' }]);
  });

  it('retention in batches keeps a consistent anchor between them', async () => {
    await append(entries(1_005));
    t.clock.advanceMinutes(400 * DAY_MINUTES);
    await append(entries(1, 2_000));
    expect(await retainAudit(t.database.db, t.clock, 365)).toEqual({ deleted: 1_005 });
    const head = await createAuditRepository(t.database.db).head();
    expect(head).toMatchObject({ anchorIdx: 1_005, lastIdx: 1_006 });
    expect(await verify(t)).toEqual({ ok: true, records: 1, firstIdx: 1_006, lastIdx: 1_006 });
  }, 60_000);
});
