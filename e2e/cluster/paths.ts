import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder (this file is e2e/cluster/paths.ts). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
