import type { EmbeddedClient } from './pglite-thread.js';

/**
 * Embedded PGlite runs PostgreSQL in single-user mode: no autovacuum worker ever starts. Without it
 * no table is ever analysed (the planner guesses one row per table: the dashboard's workload query
 * re-aggregated the week's time entries once per member) and dead rows of updated and deleted
 * records (pg-boss's job table above all) are never reclaimed. This does autovacuum's work with its
 * default thresholds, table by table, when asked (the `database.maintain` job, every few minutes).
 * PostgreSQL servers keep their own autovacuum; this is not used there.
 */

/** autovacuum's defaults: `autovacuum_{analyze,vacuum,vacuum_insert}_{threshold,scale_factor}`. */
export const MAINTENANCE_THRESHOLDS = {
  analyze: { base: 50, scale: 0.1 },
  vacuum: { base: 50, scale: 0.2 },
  vacuumInsert: { base: 1000, scale: 0.2 },
} as const;

export interface TableActivity {
  /** Rows the planner believes the table holds (-1 before the first ANALYZE or VACUUM). */
  reltuples: number;
  modifiedSinceAnalyze: number;
  deadRows: number;
  insertedSinceVacuum: number;
}

export interface MaintenanceWork {
  analyze: boolean;
  vacuum: boolean;
}

/** What autovacuum would do to one table now. */
export function maintenanceOf(t: TableActivity): MaintenanceWork {
  const rows = Math.max(0, t.reltuples);
  const over = (count: number, rule: { base: number; scale: number }) =>
    count > rule.base + rule.scale * rows;
  return {
    analyze: over(t.modifiedSinceAnalyze, MAINTENANCE_THRESHOLDS.analyze),
    vacuum:
      over(t.deadRows, MAINTENANCE_THRESHOLDS.vacuum) ||
      over(t.insertedSinceVacuum, MAINTENANCE_THRESHOLDS.vacuumInsert),
  };
}

export interface MaintenanceReport {
  analyzed: string[];
  vacuumed: string[];
  ms: number;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * One pass: flush the activity counters (single-user mode reports them lazily), read them, then
 * VACUUM and/or ANALYZE each table past a threshold, one statement at a time so requests queued on
 * the one connection get their turn between tables. Running it twice in a row does the work once:
 * the second pass finds the counters reset.
 */
export async function maintainEmbeddedDatabase(client: EmbeddedClient): Promise<MaintenanceReport> {
  const started = performance.now();
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{
    schema: string;
    table: string;
    reltuples: number;
    modified: string;
    dead: string;
    inserted: string;
  }>(
    `select s.schemaname as schema, s.relname as table, c.reltuples,
            s.n_mod_since_analyze as modified, s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      order by s.schemaname, s.relname`,
  );
  const analyzed: string[] = [];
  const vacuumed: string[] = [];
  for (const row of rows) {
    const work = maintenanceOf({
      reltuples: Number(row.reltuples),
      modifiedSinceAnalyze: Number(row.modified),
      deadRows: Number(row.dead),
      insertedSinceVacuum: Number(row.inserted),
    });
    if (!work.analyze && !work.vacuum) continue;
    const name = `${quoted(row.schema)}.${quoted(row.table)}`;
    const label = `${row.schema}.${row.table}`;
    if (work.vacuum) {
      await client.exec(`vacuum ${work.analyze ? '(analyze) ' : ''}${name}`);
      vacuumed.push(label);
    } else await client.exec(`analyze ${name}`);
    if (work.analyze) analyzed.push(label);
  }
  return { analyzed, vacuumed, ms: performance.now() - started };
}
