import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainEmbeddedDatabase, maintenanceOf, type TableActivity } from './database-maintenance.js';

const activity = (over: Partial<TableActivity>): TableActivity => ({
  reltuples: -1,
  modifiedSinceAnalyze: 0,
  deadRows: 0,
  insertedSinceVacuum: 0,
  ...over,
});

describe('maintenanceOf: autovacuum default thresholds', () => {
  it.each([
    // never analysed: 50 changes are below the base threshold, 51 are past it
    [{ modifiedSinceAnalyze: 50 }, { analyze: false, vacuum: false }],
    [{ modifiedSinceAnalyze: 51 }, { analyze: true, vacuum: false }],
    // 10,000 rows: analyse past 50 + 1,000 changes
    [
      { reltuples: 10_000, modifiedSinceAnalyze: 1_050 },
      { analyze: false, vacuum: false },
    ],
    [
      { reltuples: 10_000, modifiedSinceAnalyze: 1_051 },
      { analyze: true, vacuum: false },
    ],
    // vacuum past 50 + 2,000 dead rows, or 1,000 + 2,000 inserts since the last vacuum
    [
      { reltuples: 10_000, deadRows: 2_050 },
      { analyze: false, vacuum: false },
    ],
    [
      { reltuples: 10_000, deadRows: 2_051 },
      { analyze: false, vacuum: true },
    ],
    [
      { reltuples: 10_000, insertedSinceVacuum: 3_001 },
      { analyze: false, vacuum: true },
    ],
  ])('%o → %o', (over, expected) => {
    expect(maintenanceOf(activity(over))).toEqual(expected);
  });
});

describe('maintainEmbeddedDatabase', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`create table entry (entry_idx int primary key, member_idx int not null, minutes int not null);
                   create table untouched (id int primary key)`);
  });
  afterAll(() => db.close());

  const plannerRows = async () =>
    Number(
      (await db.query<{ n: number }>(`select reltuples as n from pg_class where relname = 'entry'`)).rows[0]!
        .n,
    );
  const deadRows = async () => {
    await db.query('select pg_stat_force_next_flush()');
    return Number(
      (
        await db.query<{ n: string }>(
          `select n_dead_tup as n from pg_stat_user_tables where relname = 'entry'`,
        )
      ).rows[0]!.n,
    );
  };

  it('gives the planner statistics of a filled table, reclaims dead rows, and does the work once', async () => {
    await db.exec(`insert into entry select g, g % 20, 30 from generate_series(1, 5000) g`);
    expect(await plannerRows()).toBe(-1); // single-user mode: nothing ever analysed it

    const first = await maintainEmbeddedDatabase(db);
    expect(first.analyzed).toEqual(['public.entry']);
    expect(first.vacuumed).toEqual(['public.entry']); // 5,000 inserts since no vacuum
    expect(await plannerRows()).toBe(5000);
    const stats = await db.query(
      `select 1 from pg_stats where tablename = 'entry' and attname = 'member_idx'`,
    );
    expect(stats.rows).toHaveLength(1);

    const again = await maintainEmbeddedDatabase(db);
    expect(again).toMatchObject({ analyzed: [], vacuumed: [] });

    await db.exec(`update entry set minutes = 45 where entry_idx <= 2000`);
    expect(await deadRows()).toBe(2000);
    const afterUpdate = await maintainEmbeddedDatabase(db);
    expect(afterUpdate).toMatchObject({ analyzed: ['public.entry'], vacuumed: ['public.entry'] });
    expect(await deadRows()).toBe(0);
  });
});
