import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../paths.js';
import { renderPermissions } from '../platform/authorization/permissions-doc.js';

/** Writes docs/permissions.md from the action table and the route registry. */
const file = join(repoRoot, 'docs/permissions.md');
writeFileSync(file, renderPermissions());
console.log(`wrote ${file}`);
