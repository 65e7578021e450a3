/**
 * `npm run backup [-- <folder>]`: one archive of the embedded install (database, stored files,
 * secret.key, manifest) in <folder>, else BACKUP_DIR, else `backups/` at the repository root.
 * With no process on the data folder it takes the folder's lock and writes the archive itself; while
 * a server holds the folder it asks that server (features/backup/backup-request.ts) and waits.
 * With DATABASE_URL it only says where PostgreSQL's backups are described.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../infra/pglite-extensions.js';
import { loadConfig } from '../config.js';
import { awaitBackupOutcome, fileBackupRequest } from '../features/backup/backup-request.js';
import { backupSourceOf, backupSummary, bucketNotice, writeBackup } from '../features/backup/backup.js';
import { DataFolderLockedError, lockDataFolder } from '../infra/data-folder-lock.js';
import { repoRoot } from '../paths.js';

const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'npm run backup is for the embedded install (PGlite in DATA_DIR). With DATABASE_URL set, back up the ' +
      'PostgreSQL database with its own tools (pg_dump, or point-in-time recovery), the files folder and the ' +
      'secret key: see docs/deploy.md, "Backups".',
  );
  process.exit(2);
}
const argument = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
const outDir = argument
  ? resolve(process.env.INIT_CWD ?? process.cwd(), argument)
  : (config.backup.dir ?? resolve(repoRoot, 'backups'));
if (!existsSync(join(config.databaseDir, 'PG_VERSION'))) {
  console.error(
    `There is no embedded database in ${config.databaseDir} to back up (DATA_DIR=${config.dataDir}).`,
  );
  process.exit(1);
}

let lock;
try {
  lock = lockDataFolder(config.dataDir, 'backup command');
} catch (error) {
  if (!(error instanceof DataFolderLockedError)) throw error;
  if (error.holder?.holder !== 'server') {
    console.error(error.message);
    process.exit(1);
  }
  // The server has the folder: it writes the archive itself, as a durable job.
  console.error(
    `A Teamline server (pid ${error.holder.pid}) is running on ${config.dataDir}; asking it for a backup…`,
  );
  const request = await fileBackupRequest(config.dataDir, outDir);
  const outcome = await awaitBackupOutcome(config.dataDir, request.id, 30 * 60_000);
  if (!outcome) {
    console.error('The server did not answer within 30 minutes; see its log (job backup.create).');
    process.exit(1);
  }
  if (!outcome.ok) {
    console.error(`The backup failed: ${outcome.error}`);
    process.exit(1);
  }
  console.error(
    `${outcome.tables} tables, ${outcome.rows} rows, ${outcome.files} files, ${outcome.bytes} bytes.`,
  );
  if (outcome.filesBucket) console.error(bucketNotice(outcome.filesBucket));
  console.log(outcome.path);
  process.exit(0);
}

// No server: this command opens the database itself, as it is (no migrations), under the lock.
const client = new PGlite(config.databaseDir, { extensions: pgliteExtensions });
try {
  const { path, manifest } = await writeBackup(backupSourceOf(client, config), outDir);
  const { tables, rows, files, filesBucket } = backupSummary(manifest);
  console.error(`${tables} tables, ${rows} rows, ${files} files.`);
  if (filesBucket) console.error(bucketNotice(filesBucket));
  if (manifest.secretKey === 'environment')
    console.error(
      'SECRET_KEY is set: it is not in the archive; keep it with the backup, it opens the stored secrets.',
    );
  console.log(path);
} finally {
  await client.close();
  lock.release();
}
