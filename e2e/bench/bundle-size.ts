/**
 * Initial JavaScript of the login and timeline pages (run from the repository root after
 * `npm run build`):
 *
 *   npx tsx e2e/bench/bundle-size.ts
 *
 * Reads the built app (apps/web/dist): the JavaScript index.html loads eagerly (the entry script
 * and its modulepreload links), plus, from Vite's manifest, the chunks of the route's lazy modules
 * with their static imports, plus the language chunk loaded before the first render and the chunks
 * of the feature texts the route fetches. Sizes are
 * gzip (level 9) of each file, counted once. Target (issue 10): 170 KB per page.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromeTexts, pageTexts } from '../../apps/web/src/app/route-texts.js';

const DIST = resolve(import.meta.dirname, '../../apps/web/dist');
const TARGET_KB = 170;

/**
 * Source modules (keys of the manifest) each page loads through its lazy route before it is usable,
 * and the feature areas of texts its route fetches (apps/web/src/app/route-texts.ts).
 */
const pages: Record<string, { modules: string[]; areas: readonly string[] }> = {
  login: { modules: ['src/features/auth/components/LoginPage.tsx'], areas: [] },
  timeline: {
    modules: ['src/features/timeline/components/TimelinePage.tsx', 'src/app/AppChrome.tsx'],
    areas: [...(pageTexts.Timeline ?? []), ...chromeTexts],
  },
};
const languages = ['en', 'kr', 'vi'] as const;
const i18nDir = '../../packages/contract/src/i18n';
/** The language's shell texts (before the first render) and the page's feature areas. */
const languageModules = (lang: string, areas: readonly string[]) => [
  `${i18nDir}/${lang}/web.ts`,
  ...areas.map((area) => `${i18nDir}/${lang}/ui-${area}.ts`),
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(dist = DIST): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The files index.html makes the browser fetch at once: the module script and modulepreload links. */
function eagerFiles(dist = DIST): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)];
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g)];
  return [...scripts, ...preloads].map((m) => m[1]!);
}

/** A module's chunk and every chunk it imports statically (what must arrive before it runs). */
function chunkClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest; update e2e/bench/bundle-size.ts`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkClosure(manifest, imported, into);
  return into;
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string, dist = DIST): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gzipSize(f), 0);

function main() {
  const manifest = readManifest();
  const eager = new Set(eagerFiles());
  console.log(`eager JavaScript of index.html: ${eager.size} files, ${kb(sum(eager))} KB gzip`);
  let allMet = true;
  for (const [page, { modules, areas }] of Object.entries(pages)) {
    const route = new Set<string>();
    for (const module of modules) chunkClosure(manifest, module, route);
    for (const file of eager) route.delete(file);
    const perLanguage = languages.map((lang) => {
      const files = new Set([...eager, ...route]);
      const texts = new Set<string>();
      for (const module of languageModules(lang, areas)) chunkClosure(manifest, module, texts);
      const language = [...texts].filter((f) => !files.has(f));
      return { lang, language: sum(language), total: sum(files) + sum(language) };
    });
    const worst = Math.max(...perLanguage.map((l) => l.total));
    const met = worst <= TARGET_KB * 1000;
    allMet &&= met;
    console.log(
      `${page} page initial JavaScript: ${kb(worst)} KB gzip (eager ${kb(sum(eager))} + route ${kb(sum(route))} in ${route.size} files + language ${perLanguage.map((l) => `${l.lang} ${kb(l.language)}`).join(' / ')}) — target ${TARGET_KB} KB: ${met ? 'MET' : 'MISSED'}`,
    );
  }
  if (!allMet) console.log('(a bench reports; it does not fail the run)');
}

main();
