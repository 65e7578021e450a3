import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../infra/db.js';
import { repoRoot } from '../paths.js';
import { renderPermissions } from '../platform/authorization/permissions-doc.js';

/**
 * Writes docs/permissions.md from the action table and the policies the routes declare: the app is
 * built (its routes registered) on a throwaway in-memory database and a temporary folder, never started.
 */
const file = join(repoRoot, 'docs/permissions.md');
const dir = await mkdtemp(join(tmpdir(), 'teamline-permissions-'));
const database = await openDatabase({ dataDir: null });
try {
  const config = loadConfig({ DATA_DIR: dir, WEB_DIST: join(dir, 'no-web') });
  const app = await buildApp(config, { database, logger: false, dispatchEvents: false });
  writeFileSync(file, renderPermissions(app.registeredRoutes));
  await app.close();
} finally {
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
console.log(`wrote ${file}`);
