import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up to its package.json, so paths are the same
 * whether the code runs as TypeScript from `src/` (tests, tsx) or compiled from `dist/server.js`.
 */
function findServerRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@teamline/server'
    )
      return dir;
  }
  throw new Error(`@teamline/server package.json not found above ${from}`);
}

export const serverRoot = findServerRoot(dirname(fileURLToPath(import.meta.url)));
/** The repository root: DATA_DIR and WEB_DIST defaults do not depend on the working directory. */
export const repoRoot = resolve(serverRoot, '../..');
/** SQL migrations are read from the source tree at start, compiled build or not. */
export const migrationsFolder = join(serverRoot, 'src/db/migrations');
