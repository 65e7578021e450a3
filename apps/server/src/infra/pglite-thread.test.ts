import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMBEDDED_THREAD, embeddedThreadFromEnv } from './db.js';
import { pgliteExtensions } from './pglite-extensions.js';
import { PGliteThread } from './pglite-thread.js';

const SETUP = `
  create extension if not exists pg_trgm;
  create table thing (
    id bigint primary key,
    name text not null constraint thing_name_unique unique,
    amount numeric(12, 2),
    at timestamptz,
    day date,
    took interval,
    doc jsonb,
    bytes bytea,
    tags text[],
    days date[]
  );
  insert into thing values
    (1, 'one', 12.50, '2026-11-29 04:00:00+00', '2026-11-29', '1 day 2 hours', '{"a": [1, 2]}', '\\x0102',
     array['x', 'y'], array['2026-01-01'::date]),
    (9007199254740993, 'big', null, null, null, null, null, null, null, null);
`;

/**
 * The embedded database on its own thread must answer exactly as PGlite does on this one: the same
 * rows (drizzle's type handling included), the same errors, the same transactions and notices.
 */
describe('PGlite on its own thread', () => {
  let local: PGlite;
  let thread: PGliteThread;
  beforeAll(async () => {
    [local, thread] = await Promise.all([
      PGlite.create({ extensions: pgliteExtensions }),
      PGliteThread.open({
        dataDir: null,
        startParams: PGlite.defaultStartParams,
        extensionNames: Object.keys(pgliteExtensions),
      }),
    ]);
    await Promise.all([local.exec(SETUP), thread.exec(SETUP)]);
  });
  afterAll(async () => {
    await Promise.all([local?.close(), thread?.close()]);
  });

  it('reads the same rows as PGlite itself, raw and through drizzle (dates, numerics, json, bigint, bytea, arrays)', async () => {
    const text = 'select * from thing order by id';
    const plain = await thread.query(text);
    expect(plain.rows).toEqual((await local.query(text)).rows);
    expect(plain.fields).toEqual((await local.query(text)).fields);
    const arrays = await thread.query(text, [], { rowMode: 'array' });
    expect(arrays.rows).toEqual((await local.query(text, [], { rowMode: 'array' })).rows);

    const select = sql`select id, name, amount, at, day, took, doc, bytes, tags, days, similarity(name, ${'one'}) as near from thing where id > ${0} order by id`;
    const viaThread = await drizzle({ client: thread as unknown as PGlite }).execute(select);
    const viaLocal = await drizzle({ client: local }).execute(select);
    expect(viaThread.rows).toEqual(viaLocal.rows);
    // drizzle keeps dates as PostgreSQL's text; bigint past 2^53 stays exact.
    expect(viaThread.rows[0]).toMatchObject({
      at: '2026-11-29 04:00:00+00',
      day: '2026-11-29',
      doc: { a: [1, 2] },
    });
    expect(viaThread.rows[1]).toMatchObject({ id: 9007199254740993n });

    const params = [new Date('2026-01-02T03:04:05.000Z'), { k: 'v' }, new Uint8Array([7, 8]), 5n];
    const echo = 'select $1::timestamptz as at, $2::jsonb as doc, $3::bytea as bytes, $4::bigint as n';
    expect((await thread.query(echo, params)).rows).toEqual((await local.query(echo, params)).rows);
  });

  it('fails with the error PostgreSQL gave: code, constraint, detail', async () => {
    const insert = `insert into thing (id, name) values (2, 'one')`;
    const fromLocal = await local.query(insert).catch((error: unknown) => error);
    const fromThread = await thread.query(insert).catch((error: unknown) => error);
    expect(fromThread).toBeInstanceOf(Error);
    expect(fromThread).toMatchObject({
      code: '23505',
      constraint: 'thing_name_unique',
      table: 'thing',
      detail: (fromLocal as { detail: string }).detail,
      message: (fromLocal as Error).message,
    });
    // A parameter that cannot cross to the thread fails its call, not the next one.
    await expect(thread.query('select $1::text', [() => 'x'])).rejects.toThrow();
    expect((await thread.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    // drizzle wraps it as it wraps PGlite's own.
    const wrapped = await drizzle({ client: thread as unknown as PGlite })
      .execute(sql.raw(insert))
      .catch((error: unknown) => error);
    expect((wrapped as { cause?: unknown }).cause).toMatchObject({
      code: '23505',
      constraint: 'thing_name_unique',
    });
  });

  it('runs a transaction alone: others wait for it, a thrown callback rolls it back', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = thread.transaction(async (t) => {
      await t.query(`insert into thing (id, name) values (3, 'three')`);
      order.push('tx wrote');
      await held;
      await t.query(`update thing set name = 'three!' where id = 3`);
      order.push('tx done');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = thread.query<{ name: string }>('select name from thing where id = 3').then((r) => {
      order.push('outside read');
      return r.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await tx;
    expect(await outside).toEqual([{ name: 'three!' }]);
    expect(order).toEqual(['tx wrote', 'tx done', 'outside read']);

    const failed = await thread
      .transaction(async (t) => {
        await t.query(`insert into thing (id, name) values (4, 'four')`);
        throw new Error('changed my mind');
      })
      .catch((error: unknown) => error);
    expect((failed as Error).message).toBe('changed my mind');
    expect((await thread.query('select 1 from thing where id = 4')).rows).toEqual([]);
    // A failed statement inside ends it rolled back too, and the database serves the next call.
    await expect(
      thread.transaction(async (t) => {
        await t.query(`insert into thing (id, name) values (5, 'one')`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await thread.query('select count(*)::int as n from thing')).rows).toEqual([{ n: 3 }]);
  });

  it('delivers a notice before the answer of the statement that committed it', async () => {
    const heard: string[] = [];
    const unlisten = await thread.listen('thing_changed', (payload) => heard.push(payload));
    await thread.query(`select pg_notify('thing_changed', '42')`);
    expect(heard).toEqual(['42']);
    await thread.transaction(async (t) => {
      await t.query(`select pg_notify('thing_changed', '43')`);
    });
    expect(heard).toEqual(['42', '43']);
    await unlisten();
    await thread.query(`select pg_notify('thing_changed', '44')`);
    expect(heard).toEqual(['42', '43']);
  });

  it('says it is answering while busy, so health need not queue behind the busy statements', async () => {
    expect(thread.answeringWithin(1000)).toBe(false); // idle: health asks the database itself
    await thread.query('select 1');
    const slow = thread.query('select pg_sleep(0.4)');
    expect(thread.answeringWithin(1000)).toBe(true);
    await slow;
    expect(thread.answeringWithin(1000)).toBe(false);
  });

  it('dumps its data folder, which a new thread loads', async () => {
    const dump = await thread.dumpDataDir('gzip');
    const copy = await PGliteThread.open({
      dataDir: null,
      startParams: PGlite.defaultStartParams,
      extensionNames: Object.keys(pgliteExtensions),
      loadDataDir: dump,
    });
    try {
      expect((await copy.query('select name from thing order by id')).rows).toEqual(
        (await thread.query('select name from thing order by id')).rows,
      );
    } finally {
      await copy.close();
    }
    // Closed, it refuses instead of waiting forever.
    await expect(copy.query('select 1')).rejects.toThrow();
  });
});

describe('PGLITE_THREAD', () => {
  it('chooses the thread: unset the default (the main one), main or worker; anything else refused', () => {
    expect(DEFAULT_EMBEDDED_THREAD).toBe('main');
    expect(embeddedThreadFromEnv(undefined)).toBe('main');
    expect(embeddedThreadFromEnv('')).toBe('main');
    expect(embeddedThreadFromEnv('main')).toBe('main');
    expect(() => embeddedThreadFromEnv('both')).toThrow(/PGLITE_THREAD/);
  });
});
