import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { actionRules } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../paths.js';
import { renderPermissions } from './permissions-doc.js';

describe('docs/permissions.md', () => {
  it('is the one generated from the action table and the route registry (npm run docs:permissions)', () => {
    expect(readFileSync(join(repoRoot, 'docs/permissions.md'), 'utf8')).toBe(renderPermissions());
  });

  it('changes when the table changes', () => {
    const flipped = { ...actionRules, 'link.create': { rule: 'client' as const } };
    expect(renderPermissions(flipped)).not.toBe(renderPermissions());
  });
});
