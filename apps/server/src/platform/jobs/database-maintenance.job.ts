import type { EmbeddedClient } from '../../infra/pglite-thread.js';
import type { FastifyBaseLogger } from 'fastify';
import { maintainEmbeddedDatabase } from '../../infra/database-maintenance.js';
import { defineJob } from './job.types.js';

export const DATABASE_MAINTENANCE_JOB = 'database.maintain';

/**
 * Embedded PGlite only: autovacuum's work (statistics for the planner, dead rows reclaimed) every
 * five minutes, as autovacuum would on a server (see `infra/database-maintenance.ts`). A pass with
 * nothing past a threshold reads one statistics view and stops; a second run of the same tick finds
 * the counters reset and does nothing.
 */
export const databaseMaintenanceJob = (client: EmbeddedClient, log: FastifyBaseLogger) =>
  defineJob<Record<string, never>>({
    name: DATABASE_MAINTENANCE_JOB,
    cron: '*/5 * * * *',
    options: { retryLimit: 1, retryDelay: 60, expireInSeconds: 600, deleteAfterSeconds: 3_600 },
    async handler() {
      const report = await maintainEmbeddedDatabase(client);
      if (report.analyzed.length || report.vacuumed.length)
        log.info(report, 'embedded database: statistics and dead rows maintained');
      return {
        analyzed: report.analyzed.length,
        vacuumed: report.vacuumed.length,
        ms: Math.round(report.ms),
      };
    },
  });
