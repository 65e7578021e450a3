// Compiles the server to one ES module, dist/server.js, which `npm start` runs with plain Node
// (options in bundle-options.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { bundleServer } from './bundle-options.mjs';

await bundleServer(
  new URL('../src/server.ts', import.meta.url).pathname,
  new URL('../dist/server.js', import.meta.url).pathname,
);

// `npm start` maps stack traces (`--enable-source-maps`), and Node holds the map decoded in memory
// once the first trace is written: one array per mapped token, ~130,000 of them, ~15 MB. A trace
// needs the original file and line, so only the first mapping of each generated line is kept (the
// bundle keeps one statement per line), a fifth of them (docs/decisions.md "Server memory").
const mapFile = new URL('../dist/server.js.map', import.meta.url);
const map = JSON.parse(readFileSync(mapFile, 'utf8'));
map.mappings = encode(decode(map.mappings).map((line) => line.slice(0, 1)));
writeFileSync(mapFile, JSON.stringify(map));
console.log('server: dist/server.js');
