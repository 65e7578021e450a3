/**
 * `npm run audit:verify`: walks the audit log's hash chain from the retention anchor to the head and
 * names the first record that breaks it (edited, re-linked, missing, or a head that does not match).
 * Exit code 0 when the chain is whole, 1 when it is broken. Uses the server's configuration
 * (DATA_DIR or DATABASE_URL); PGlite allows one process per data folder, so stop the server first
 * when it is embedded.
 */
import { loadConfig } from '../config.js';
import { createAuditRepository } from '../platform/audit/audit.repository.js';
import { describeChainReport, verifyAuditChain } from '../features/audit/audit-verify.js';
import { openDatabase } from '../infra/db.js';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? null : config.databaseDir,
});
try {
  const report = await verifyAuditChain(createAuditRepository(database.db));
  if (report.ok) console.log(describeChainReport(report));
  else console.error(describeChainReport(report));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
