// How the server is compiled to one ES module: by `scripts/build.mjs` (dist/server.js, which
// `npm start` runs) and by `bench/member-ratio.ts` (its servers, compiled the same way). The
// contract package (TypeScript source) is bundled in; every npm dependency stays an import resolved
// from node_modules at run time (PGlite loads its WebAssembly from its own package).
import { copyFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@teamline/'));

/** esbuild's options for one entry point compiled to `outfile`. */
export const bundleOptions = (entryPoint, outfile) => ({
  entryPoints: [entryPoint],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces need the mappings only.
  sourcesContent: false,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

/**
 * Compiles one entry point to `outfile`, with the embedded database's thread
 * (src/infra/pglite-thread.worker.mjs) beside it: the app starts it from its own file
 * (`new URL('./pglite-thread.worker.mjs', import.meta.url)`).
 */
export async function bundleServer(entryPoint, outfile) {
  await build(bundleOptions(entryPoint, outfile));
  copyFileSync(
    new URL('../src/infra/pglite-thread.worker.mjs', import.meta.url),
    join(dirname(outfile), 'pglite-thread.worker.mjs'),
  );
}
