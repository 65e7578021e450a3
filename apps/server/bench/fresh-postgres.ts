import { randomBytes } from 'node:crypto';
import { URL } from 'node:url';
import pg from 'pg';

/** A fresh database on the PostgreSQL server, or null when none answers. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const name = `teamline_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`create database "${name}"`);
  } catch (err) {
    console.log(`PostgreSQL at ${adminUrl}: skipped (${(err as Error).message})`);
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists "${name}" with (force)`);
      await again.end();
    },
  };
}
