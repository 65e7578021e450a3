/**
 * `npm run restore -- <archive> [--force]`: brings a backup of `npm run backup` back into DATA_DIR,
 * which must be empty (or is replaced with --force). Refused while a server or command holds the
 * data folder, and for an archive that does not match its manifest. The next server start runs any
 * migrations the archive's release did not have.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import {
  BackupInvalidError,
  backupSummary,
  bucketNotice,
  RestoreRefusedError,
  restoreBackup,
} from '../features/backup/backup.js';
import { DataFolderLockedError } from '../infra/data-folder-lock.js';

const args = process.argv.slice(2);
const archive = args.find((arg) => !arg.startsWith('-'));
const usage = 'usage: npm run restore -- <archive.tar> [--force]';
if (!archive || args.some((arg) => arg.startsWith('-') && arg !== '--force')) {
  console.error(usage);
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'npm run restore is for the embedded install (PGlite in DATA_DIR). With DATABASE_URL set, restore the ' +
      'PostgreSQL database with its own tools: see docs/deploy.md, "Backups".',
  );
  process.exit(2);
}
try {
  const { manifest } = await restoreBackup({
    archive: resolve(process.env.INIT_CWD ?? process.cwd(), archive),
    dataDir: config.dataDir,
    force: args.includes('--force'),
  });
  const { tables, rows, files } = backupSummary(manifest);
  console.error(
    `Restored the backup of ${manifest.createdAt} (release ${manifest.app.version}, migration ${manifest.migrations.last}): ` +
      `${tables} tables, ${rows} rows, ${files} files into ${config.dataDir}.`,
  );
  if (manifest.files?.in === 'bucket') {
    console.error(bucketNotice(manifest.files.bucket));
    if (config.s3?.bucket !== manifest.files.bucket)
      console.error(
        `Set S3_BUCKET=${manifest.files.bucket} (and its endpoint and keys) before starting the server: ` +
          (config.s3
            ? `it is ${config.s3.bucket} now.`
            : 'it is unset now, so the server would look in the local folder.'),
      );
  }
  if (manifest.secretKey === 'environment')
    console.error(
      'The backed-up install used SECRET_KEY: set the same SECRET_KEY before starting the server.',
    );
} catch (error) {
  if (
    error instanceof DataFolderLockedError ||
    error instanceof RestoreRefusedError ||
    error instanceof BackupInvalidError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
