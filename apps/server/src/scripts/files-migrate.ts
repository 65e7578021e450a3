/**
 * `npm run files:migrate`: copies the local storage folder (DATA_DIR/files) into the S3 bucket the
 * configuration names (S3_BUCKET and the other S3_ variables), verifying each object's size and
 * SHA-256, and prints the counts. Safe to run again (objects already copied are checked, not
 * copied twice) and while the server runs; run it once more after switching the server to the
 * bucket, to catch files uploaded to the folder meanwhile. Exit code 1 when any object failed.
 */
import { loadConfig } from '../config.js';
import { createLocalStorage, createS3Storage } from '../infra/storage.js';
import { migrateStorage } from '../infra/storage-migrate.js';

const config = loadConfig();
if (!config.s3) {
  console.error(
    'files:migrate: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).',
  );
  process.exit(2);
}
const target = createS3Storage(config.s3);
console.log(
  `Copying ${config.filesDir} into bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}…`,
);
const report = await migrateStorage(createLocalStorage(config.filesDir), target, (line) => console.log(line));
target.client.destroy();
console.log(
  `${report.total} files: ${report.copied} copied and verified, ${report.alreadyThere} already in the bucket, ${report.failed.length} failed.`,
);
for (const { key, reason } of report.failed) console.error(`  ${key}: ${reason}`);
process.exitCode = report.failed.length > 0 ? 1 : 0;
