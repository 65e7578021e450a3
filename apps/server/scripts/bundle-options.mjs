// How the server is compiled to one ES module: by `scripts/build.mjs` (dist/server.js, which
// `npm start` runs) and by `bench/member-ratio.ts` (its servers, compiled the same way). The
// contract package (TypeScript source) is bundled in; every npm dependency stays an import resolved
// from node_modules at run time (PGlite loads its WebAssembly from its own package).
import { readFileSync } from 'node:fs';

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
