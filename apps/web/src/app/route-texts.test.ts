import { uiAreas, type UiArea } from '@teamline/contract/i18n';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTable } from './route-meta';
import { chromeTexts, pageTexts } from './route-texts';

/**
 * The web texts of a feature area (`ui.<area>.*`) arrive with the routes that name the area
 * (route-texts.ts); a module that uses an area its route did not name would show raw keys. This walks
 * each page's modules (static and dynamic relative imports) from the router's table and compares.
 */
const src = resolve(import.meta.dirname, '..');

function resolveModule(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (path) => existsSync(path) && !path.endsWith('/') && /\.tsx?$/.test(path),
  );
}

/**
 * The modules an entry brings: what it imports, and with `lazy` also its `import('…')` (a page's own
 * lazy parts), stopping at modules in `skip`.
 */
function modulesOf(entry: string, lazy: boolean, skip = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const imports = lazy
    ? /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g
    : /(?:from|import)\s*'(\.{1,2}\/[^']+)'/g;
  const visit = (file: string) => {
    if (seen.has(file) || skip.has(file) || /\.test\.tsx?$/.test(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(imports)) {
      const next = resolveModule(file, match[1]!);
      if (next) visit(next);
    }
  };
  const start = resolveModule(join(src, 'entry.ts'), `./${entry}`);
  if (!start) throw new Error(`${entry} not found`);
  visit(start);
  return seen;
}

const areasLoadedBy = (code: string) =>
  [...code.matchAll(/loadUiAreas\(\[([^\]]*)\]/g)].flatMap((m) => m[1]!.match(/\w+/g) ?? []);

function areasIn(modules: Set<string>): UiArea[] {
  const pattern = new RegExp(`ui\\.(${uiAreas.join('|')})\\.`, 'g');
  const found = new Set<UiArea>();
  // An app/ slot that lazy-loads a feature together with its texts (app/ai-timeline-button.ts)
  // brings them for everything behind it: the route need not name them.
  const bySlots = new Set(
    [...modules]
      .filter((file) => file.includes('/app/'))
      .map((file) => readFileSync(file, 'utf8'))
      .filter((code) => code.includes('lazy('))
      .flatMap(areasLoadedBy),
  );
  for (const file of modules) {
    const code = readFileSync(file, 'utf8');
    // A module that fetches an area itself before using it (lib/project-inactive.ts) needs no route to.
    const own = new Set([...areasLoadedBy(code), ...bySlots]);
    for (const match of code.matchAll(pattern)) if (!own.has(match[1]!)) found.add(match[1] as UiArea);
  }
  return [...found];
}

/** Route name → the module its lazy route imports, read from router.tsx's table. */
function pageModules(): Map<string, string> {
  const router = readFileSync(join(src, 'app/router.tsx'), 'utf8');
  const consts = new Map(
    [...router.matchAll(/const (\w+) = \(\): PageModule =>\s*import\('([^']+)'\)/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
  const table = router.slice(
    router.indexOf('const pages'),
    router.indexOf('\n};', router.indexOf('const pages')),
  );
  const modules = new Map<string, string>();
  for (const m of table.matchAll(/\n {2}('[^']+'|\w+):\s*(?:\(\) =>\s*import\('([^']+)'\)|(\w+),)/g)) {
    const path = m[2] ?? consts.get(m[3]!);
    if (path) modules.set(m[1]!.replace(/'/g, ''), join('app', path));
  }
  return modules;
}

describe('feature texts arrive with the routes that use them', () => {
  const modules = pageModules();

  it('reads the router table', () => {
    expect(modules.get('Timeline')).toBe('features/timeline/components/TimelinePage');
    expect(modules.size).toBeGreaterThan(15);
  });

  /** Loaded before anything renders; its lazy parts (the header and left menu) are checked apart. */
  const eager = modulesOf('main.tsx', false);

  it('the eagerly loaded app (entry, root layout) uses no feature area', () => {
    expect(areasIn(eager)).toEqual([]);
  });

  it('the header and left menu name the areas they use', () => {
    expect(areasIn(modulesOf('app/AppChrome', true, eager)).filter((a) => !chromeTexts.includes(a))).toEqual(
      [],
    );
  });

  const withChrome = new Set(routeTable.filter((r) => r.header || r.leftMenu).map((r) => r.name));
  it.each([...modules])('%s names the areas of %s', (route, module) => {
    const named = new Set<UiArea>([
      ...(pageTexts[route as keyof typeof pageTexts] ?? []),
      ...(withChrome.has(route as never) ? chromeTexts : []),
    ]);
    expect(areasIn(modulesOf(module, true, eager)).filter((area) => !named.has(area))).toEqual([]);
  });
});
