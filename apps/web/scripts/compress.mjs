// Writes brotli (.br) and gzip (.gz) copies of the built text files next to them, once at build
// time at the highest levels, so the server sends them without compressing on each request
// (apps/server/src/plugins/web.ts picks one by Accept-Encoding). Fonts and images are already
// compressed; a copy that is not smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue; // .vite/manifest.json is for the bench, not served
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name)) yield path;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
for (const path of files(dist)) {
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length) writeFileSync(`${path}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
  count += 1;
  before += raw.length;
  afterBr += Math.min(br.length, raw.length);
}
console.log(
  `compress: ${count} files, ${Math.round(before / 1024)} KiB -> ${Math.round(afterBr / 1024)} KiB brotli (with .gz beside)`,
);
