import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './paths.js';

/**
 * The layer rules of `.dependency-cruiser.cjs` (run by `npm run lint`) bite: a small tree laid out
 * like the repository, with one planted violation per rule, is cruised with the same rules and
 * each is reported; the same tree without the plants is clean.
 */
const config = createRequire(import.meta.url)(join(repoRoot, '.dependency-cruiser.cjs')) as IConfiguration;

/** Files of the fixture: path → its imports (relative specifiers, as the sources write them). */
const clean: Record<string, string[]> = {
  'apps/server/src/shared/context.ts': [],
  'apps/server/src/platform/module.ts': ['../shared/context.js'],
  'apps/server/src/features/low/low.repository.ts': ['../../shared/context.js'],
  'apps/server/src/features/low/low.port.ts': ['./low.repository.js'],
  'apps/server/src/features/high/high.service.ts': ['../low/low.port.js', '../../platform/module.js'],
  'apps/server/src/features/high/high.module.ts': ['./high.service.js'],
  'apps/server/src/features/membership/membership.repository.ts': ['../../shared/context.js'],
  'apps/server/src/features/membership/membership.port.ts': ['./membership.repository.js'],
  'apps/server/src/features/high/high.rules.ts': ['../membership/membership.port.js'],
  'apps/web/src/lib/api.ts': [],
  'apps/web/src/components/Modal.tsx': ['../lib/api.js'],
  'apps/web/src/app/router.tsx': ['../features/one/One.js', '../components/Modal.js'],
  'apps/web/src/features/one/One.tsx': ['../../lib/api.js', '../../app/router.js'],
  'apps/web/src/features/two/parts/Two.tsx': ['../../../components/Modal.js'],
};

const planted: Record<string, string[]> = {
  ...clean,
  // kernel-not-features
  'apps/server/src/platform/module.ts': ['../shared/context.js', '../features/high/high.module.js'],
  // no-feature-folder-cycles: no file cycle, a folder one (high → low → high)
  'apps/server/src/features/low/low.rules.ts': ['../high/high.module.js'],
  // membership-through-its-port
  'apps/server/src/features/high/high.jobs.ts': ['../membership/membership.repository.js'],
  // not-another-features-repository (a store folder's repository is allowed)
  'apps/server/src/features/high/high.presenter.ts': ['../low/low.repository.js'],
  // web-shared-not-app-or-features (a file outside the config's known list)
  'apps/web/src/lib/format.ts': ['../app/router.js'],
  // web-feature-not-other-feature, in the form that leaves features/ and comes back
  'apps/web/src/features/two/parts/Two.tsx': ['../../../components/Modal.js', '../../../features/one/One.js'],
};

function writeTree(root: string, files: Record<string, string[]>) {
  for (const [file, imports] of Object.entries(files)) {
    mkdirSync(join(root, dirname(file)), { recursive: true });
    const body = imports.map((spec, i) => `import * as m${i} from '${spec}';\nexport const u${i} = m${i};\n`);
    writeFileSync(join(root, file), body.join('') + 'export const here = 1;\n');
  }
}

async function violations(root: string) {
  const { tsConfig: _tsConfig, ...options } = config.options ?? {};
  const result = await cruise(['apps'], {
    ...options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('layer rules', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'layers-'));
    writeTree(join(dir, 'clean'), clean);
    writeTree(join(dir, 'planted'), planted);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('find nothing in a tree that keeps them', async () => {
    expect(await violations(join(dir, 'clean'))).toEqual([]);
  });

  it('report each planted violation', async () => {
    const found = await violations(join(dir, 'planted'));
    expect(found).toContain(
      'kernel-not-features: apps/server/src/platform/module.ts → apps/server/src/features/high/high.module.ts',
    );
    expect(found).toContain(
      'no-feature-folder-cycles: apps/server/src/features/low → apps/server/src/features/high',
    );
    expect(found).toContain(
      'membership-through-its-port: apps/server/src/features/high/high.jobs.ts → apps/server/src/features/membership/membership.repository.ts',
    );
    expect(found).toContain(
      'not-another-features-repository: apps/server/src/features/high/high.presenter.ts → apps/server/src/features/low/low.repository.ts',
    );
    expect(found).toContain(
      'web-shared-not-app-or-features: apps/web/src/lib/format.ts → apps/web/src/app/router.tsx',
    );
    expect(found).toContain(
      'web-feature-not-other-feature: apps/web/src/features/two/parts/Two.tsx → apps/web/src/features/one/One.tsx',
    );
  });
});
