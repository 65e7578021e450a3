/**
 * `npm run db:generate -w @teamline/server [-- --name <migration>]`: drizzle-kit resolves drizzle-orm
 * from the workspace root, but npm nests drizzle-orm under apps/server (its optional peers clash with the
 * web app's). A temporary link at the root lets drizzle-kit find it; the link is removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '../paths.js';

const serverDir = resolve(repoRoot, 'apps/server');
const link = resolve(repoRoot, 'node_modules/drizzle-orm');
const created = !existsSync(link);
if (created) symlinkSync(resolve(serverDir, 'node_modules/drizzle-orm'), link, 'dir');
try {
  const result = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], {
    cwd: serverDir,
    stdio: 'inherit',
  });
  process.exitCode = result.status ?? 1;
} finally {
  if (created) rmSync(link);
}
