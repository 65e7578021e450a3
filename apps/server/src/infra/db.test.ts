import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URL } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db.js';
import { bufferPoolMbFor, databaseOnDisk } from './pglite-buffer-pool.js';

async function admin(query: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('three instances starting together on an empty database migrate once, under the advisory lock', async () => {
    const name = `teamline_test_mig_${randomBytes(4).toString('hex')}`;
    await admin(`create database "${name}"`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    try {
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })));
      for (const instance of instances) await expect(instance.ping()).resolves.toBeUndefined();
      // Every pooled connection runs without JIT (its compile outlasted our statements).
      const settings = (await Promise.all(
        Array.from({ length: 4 }, () => instances[0]!.db.execute(sql`select current_setting('jit') as jit`)),
      )) as unknown as { rows: { jit: string }[] }[];
      expect(settings.map((r) => r.rows[0]!.jit)).toEqual(['off', 'off', 'off', 'off']);
      await Promise.all(instances.map((i) => i.close()));
    } finally {
      await admin(`drop database if exists "${name}" with (force)`);
    }
  });
});

describe('migrations on PGlite', () => {
  it('migrate an empty in-memory database', async () => {
    const database = await openDatabase({ dataDir: null });
    await expect(database.ping()).resolves.toBeUndefined();
    await database.close();
  });

  it('gives PGlite the buffer pool it is configured with (PGLITE_SHARED_BUFFERS_MB)', async () => {
    const shown = async (sharedBuffersMb?: number) => {
      const database = await openDatabase({ dataDir: null, sharedBuffersMb });
      try {
        const result: unknown = await database.db.execute(sql`show shared_buffers`);
        return (result as { rows: { shared_buffers: string }[] }).rows[0]!.shared_buffers;
      } finally {
        await database.close();
      }
    };
    expect(await shown(48)).toBe('48MB');
    // Unset: sized to the database, here an empty one in memory.
    expect(await shown()).toBe('32MB');
  });

  it('sizes the pool to the database on disk at each start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'teamline-pool-db-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      const shownBy = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
        const result: unknown = await database.db.execute(sql`show shared_buffers`);
        return (result as { rows: { shared_buffers: string }[] }).rows[0]!.shared_buffers;
      };
      expect(await shownBy(first)).toBe('32MB');
      // 20 MB of rows (random, so nothing compresses them), then a later start.
      await first.db.execute(
        sql`create table filler as select md5(random()::text) || repeat(md5(random()::text), 20) as text from generate_series(1, 30000)`,
      );
      await first.close();
      expect(databaseOnDisk(dir).bytes).toBeGreaterThan(20 * 2 ** 20);
      const later = await openDatabase({ dataDir: dir });
      try {
        expect(await shownBy(later)).toBe(`${bufferPoolMbFor(databaseOnDisk(dir))}MB`);
        expect(await shownBy(later)).not.toBe('32MB');
      } finally {
        await later.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
