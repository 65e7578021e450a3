import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { URL } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db.js';

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
    expect(await shown(32)).toBe('32MB');
    expect(await shown()).toBe('128MB');
  });
});
