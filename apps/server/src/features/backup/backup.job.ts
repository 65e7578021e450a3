import type { EmbeddedClient } from '../../infra/pglite-thread.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import { defineJob } from '../../platform/jobs/job.types.js';
import { reportBackupOutcome } from './backup-request.js';
import { backupSourceOf, backupSummary, pruneBackups, writeBackup } from './backup.js';

export const BACKUP_CREATE_JOB = 'backup.create';
export const BACKUP_SCHEDULED_JOB = 'backup.scheduled';

export interface BackupJobData {
  outDir: string;
  /** The `npm run backup` request waiting for its outcome, if one asked. */
  requestId?: string;
}

/**
 * Backups written by the server itself, on its own open database (it holds the data folder's lock):
 * `backup.create` for a request of `npm run backup`, and `backup.scheduled`, daily when BACKUP_DIR
 * is set, which then keeps the newest BACKUP_KEEP archives there. The snapshot holds PGlite's query
 * lock while the data folder is copied into memory (about a second per 100 MB of database): requests
 * wait that long.
 */
export function backupJobs(client: EmbeddedClient, config: AppConfig, log: FastifyBaseLogger) {
  const source = backupSourceOf(client, config);
  const create = defineJob<BackupJobData>({
    name: BACKUP_CREATE_JOB,
    // The command waiting reports a failure; its user runs it again.
    options: { retryLimit: 0, expireInSeconds: 3_600, deleteAfterSeconds: 86_400 },
    handler: async ({ data }) => {
      try {
        const { path, manifest } = await writeBackup(source, data.outDir);
        const result = { path, ...backupSummary(manifest) };
        if (data.requestId)
          await reportBackupOutcome(config.dataDir, data.requestId, { ok: true, ...result });
        log.info(result, 'backup written');
        return result;
      } catch (error) {
        if (data.requestId)
          await reportBackupOutcome(config.dataDir, data.requestId, {
            ok: false,
            error: (error as Error).message,
          });
        throw error;
      }
    },
  });
  const dir = config.backup.dir;
  if (!dir) return [create];
  const scheduled = defineJob<Record<string, never>>({
    name: BACKUP_SCHEDULED_JOB,
    // Daily at 02:43 UTC: a quiet hour, before the audit retention (03:17).
    cron: '43 2 * * *',
    options: { retryLimit: 2, retryDelay: 600, expireInSeconds: 3_600 },
    handler: async () => {
      const { path, manifest } = await writeBackup(source, dir);
      const pruned = await pruneBackups(dir, config.backup.keep);
      const result = { path, ...backupSummary(manifest), pruned };
      log.info(result, 'scheduled backup written');
      return result;
    },
  });
  return [create, scheduled];
}
