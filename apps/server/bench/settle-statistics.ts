import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { maintainEmbeddedDatabase } from '../src/infra/database-maintenance.js';

/**
 * After a bulk seed, what a running server has done before its users read the data: PGlite's
 * `database.maintain` job (every 5 min) or PostgreSQL's autovacuum (within a minute) gathers the
 * planner's statistics. Without it the bench measured plans made for empty tables, which no server
 * keeps for longer than those minutes. Prints what it did.
 */
export async function settleStatistics(app: FastifyInstance, what: string, quiet = false): Promise<void> {
  const log = quiet ? () => undefined : console.log;
  const started = performance.now();
  const { connection, db } = app.ctx.database;
  if (connection.kind === 'pglite') {
    const report = await maintainEmbeddedDatabase(connection.client);
    log(
      `  statistics after ${what}: database.maintain analysed ${report.analyzed.length} tables, vacuumed ${report.vacuumed.length} in ${Math.round(report.ms)} ms`,
    );
  } else {
    await db.execute(sql`analyze`);
    log(
      `  statistics after ${what}: analyze (autovacuum's work) in ${Math.round(performance.now() - started)} ms`,
    );
  }
}
