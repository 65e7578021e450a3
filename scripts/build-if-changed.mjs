// Builds the web app and the server (`npm run build`) only when what they are built from changed since
// the last build, so `npm start` and the end-to-end runs restart in seconds. What they are built from:
// the sources of the web app, the server and the contract package (test files aside), their build
// scripts and configs, and the lock file. Its fingerprint is kept beside the server bundle; a missing
// bundle, web page or fingerprint builds. `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const inputs = [
  'package-lock.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'apps/server/src',
  'apps/server/scripts',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
];
const outputs = ['apps/server/dist/server.js', 'apps/web/dist/index.html'];
const stampFile = join(root, 'apps/server/dist/.build-fingerprint');
const isTestFile = /\.test\.tsx?$/;

function* filesUnder(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (name === 'node_modules' || name === 'dist') continue;
    yield* filesUnder(join(path, name));
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(join(root, input))) {
      if (isTestFile.test(file)) continue;
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

const started = Date.now();
const current = fingerprint();
const built = outputs.every((output) => existsSync(join(root, output)));
const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (built && previous === current) {
  console.log(
    `build: up to date, sources unchanged since the last build (checked in ${Date.now() - started} ms)`,
  );
} else {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
}
