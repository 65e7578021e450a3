import { defineModule } from '../../platform/module.js';
import { claimBackupRequests } from './backup-request.js';
import { BACKUP_CREATE_JOB, backupJobs, type BackupJobData } from './backup.job.js';

/** How often a server on the embedded database looks for a request of `npm run backup`. */
const REQUEST_POLL_MS = 1_000;

/**
 * Backups of the embedded install (docs/decisions.md "Backups and upgrades"): durable jobs on the
 * server's own PGlite, asked for by `npm run backup` through a request file, and daily with
 * BACKUP_DIR. On PostgreSQL there is nothing here: its backups are PostgreSQL's (docs/deploy.md).
 */
export const backupModule = defineModule({
  name: 'backup',
  jobs: ({ ctx }) =>
    ctx.database.connection.kind === 'pglite'
      ? backupJobs(ctx.database.connection.client, ctx.config, ctx.log)
      : [],
  setup: (app) => {
    const { ctx } = app;
    if (ctx.database.connection.kind !== 'pglite') return;
    let timer: NodeJS.Timeout | null = null;
    let polling = false;
    const poll = async () => {
      if (polling) return;
      polling = true;
      try {
        for (const request of await claimBackupRequests(ctx.config.dataDir))
          await ctx.jobs.send<BackupJobData>(BACKUP_CREATE_JOB, {
            outDir: request.outDir,
            requestId: request.id,
          });
      } catch (error) {
        ctx.log.error({ err: error }, 'backup request not queued');
      } finally {
        polling = false;
      }
    };
    app.addHook('onReady', async () => {
      timer = setInterval(() => void poll(), REQUEST_POLL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
});
