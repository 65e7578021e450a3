import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { actionRules } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../paths.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { renderPermissions } from './permissions-doc.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('docs/permissions.md', () => {
  it('is the one generated from the action table and the routes the app registers (npm run docs:permissions)', () => {
    expect(readFileSync(join(repoRoot, 'docs/permissions.md'), 'utf8')).toBe(
      renderPermissions(t.app.registeredRoutes),
    );
  });

  it('changes when the table changes', () => {
    const flipped = { ...actionRules, 'link.create': { rule: 'client' as const } };
    const routes = t.app.registeredRoutes;
    expect(renderPermissions(routes, flipped)).not.toBe(renderPermissions(routes));
  });
});
