import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../infra/clock.js';
import type { Database } from '../../infra/db.js';
import { repoRoot } from '../../paths.js';
import { durableDatabase, openDataFolder } from '../../test/test-app.js';
import { createAuditTrail } from '../../platform/audit/audit-trail.js';

/** `npm run audit:verify` as an operator runs it, against the database in DATA_DIR or DATABASE_URL. */
function runVerify(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'audit:verify'], {
      cwd: repoRoot,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** A database another process can open after this one closes it: a PGlite folder or a PostgreSQL database. */
async function sharedDatabase(): Promise<{
  database: Database;
  env: Record<string, string>;
  reopen: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  if (process.env.TEST_DATABASE_URL) {
    const store = await durableDatabase();
    const database = await store.open();
    const url = (database.connection as { url: string }).url;
    return { database, env: { DATABASE_URL: url }, reopen: () => store.open(), drop: () => store.drop() };
  }
  const dir = await mkdtemp(join(tmpdir(), 'teamline-audit-verify-'));
  const open = () => openDataFolder(join(dir, 'db'));
  return {
    database: await open(),
    env: { DATA_DIR: dir },
    reopen: open,
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

describe('npm run audit:verify', () => {
  it('says the chain is whole, then names the record an attacker edited', async () => {
    const shared = await sharedDatabase();
    let database: Database = shared.database;
    try {
      await createAuditTrail(systemClock).record(
        database.db,
        Array.from({ length: 5 }, (_, i) => ({
          kind: 'card.registered' as const,
          actorIdx: 1,
          memberIdx: 1,
          target: { type: 'card' as const, idx: i + 1 },
          changes: { brand: 'VISA', last4: '4242' },
        })),
      );
      await database.close();
      const whole = await runVerify(shared.env);
      expect(whole.out).toContain('audit chain OK: 5 records, #1–#5');
      expect(whole.code).toBe(0);

      database = await shared.reopen();
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger audit_log_no_change`);
        await tx.execute(
          sql`update audit_log set changes = '{"brand":"VISA","last4":"0000"}' where audit_idx = 3`,
        );
        await tx.execute(sql`alter table audit_log enable trigger audit_log_no_change`);
      });
      await database.close();
      const broken = await runVerify(shared.env);
      expect(broken.out).toContain('audit chain BROKEN at record #3: its content does not match its hash');
      expect(broken.code).toBe(1);
    } finally {
      await database.close().catch(() => undefined);
      await shared.drop();
    }
  }, 120_000);
});
