/**
 * `npm run bench:member-ratio`: why an authenticated light read (`GET /api/member`, 200 connections)
 * is a different share of bare Fastify in `npm run bench` (in-process, no logger, no rate limits) and
 * against a server started as in production. Each server here is its own process (bare Fastify, then
 * the app as `npm start` configures it, with its request log and rate limits on or off); the load
 * comes from this process. Rounds alternate the servers so a noisy machine affects each alike;
 * the ratios to bare Fastify are the figures.
 *
 * Both servers run as `npm start` runs the app: compiled by esbuild as `scripts/build.mjs` does
 * (tsx would add its `keepNames` helper to every closure the app makes), under plain Node with the
 * start script's environment and flags (`--max-semi-space-size`, `--expose-gc`, …), read from
 * package.json so they follow it. `BENCH_TSX=1` runs them through tsx as before.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { bundleServer } from '../scripts/bundle-options.mjs';
import { load, type LoadResult } from './http-load.js';

const CONNECTIONS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

interface Server {
  child: ChildProcess;
  url: string;
  headers: Record<string, string>;
}

const serverDir = join(import.meta.dirname, '..');
const viaTsx = process.env.BENCH_TSX === '1';

/** `npm start`'s environment and Node flags: `A=1 B=2 node --flag … dist/server.js`. */
function startCommand(): { env: Record<string, string>; flags: string[] } {
  const manifest = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, node).map((w) => w.split('=') as [string, string]));
  return { env, flags: words.slice(node + 1, -1) };
}

/** The bench's servers compiled as the app's bundle is, beside it in dist/ (its imports resolve from there). */
async function compiled(script: string): Promise<string> {
  const outfile = join(serverDir, 'dist', `bench-${script.replace(/\.ts$/, '.js')}`);
  await bundleServer(join(import.meta.dirname, script), outfile);
  return outfile;
}

const started = startCommand();
const servers = new Map<string, string[]>();
for (const script of ['bare-hello-server.ts', 'app-server.ts'])
  servers.set(
    script,
    viaTsx
      ? ['--import', 'tsx', join(import.meta.dirname, script)]
      : [...started.flags, await compiled(script)],
  );

async function start(script: string, env: Record<string, string>): Promise<Server> {
  const ready = join(mkdtempSync(join(tmpdir(), 'teamline-ratio-')), 'ready.json');
  const child = spawn(process.execPath, servers.get(script)!, {
    env: { ...process.env, ...(viaTsx ? {} : started.env), ...env, BENCH_READY_FILE: ready },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; !existsSync(ready); waited += 100) {
    if (waited > 60_000 || child.exitCode !== null) throw new Error(`${script} did not start`);
    await sleep(100);
  }
  await sleep(200);
  const { port, key } = JSON.parse(readFileSync(ready, 'utf8')) as { port: number; key?: string };
  return {
    child,
    url: `http://127.0.0.1:${port}${key ? '/api/member' : '/hello'}`,
    headers: key ? { authorization: `Bearer ${key}` } : {},
  };
}

async function measure(server: Server): Promise<LoadResult> {
  await load({
    url: server.url,
    headers: server.headers,
    connections: CONNECTIONS,
    maxRequests: 3_000,
    maxMs: 3_000,
  });
  return load({
    url: server.url,
    headers: server.headers,
    connections: CONNECTIONS,
    maxRequests: 1_000_000,
    maxMs: SECONDS * 1_000,
  });
}

const variants: { name: string; script: string; env: Record<string, string> }[] = [
  { name: 'bare Fastify GET /hello', script: 'bare-hello-server.ts', env: {} },
  {
    name: 'app, as npm start (log info, limits on)',
    script: 'app-server.ts',
    env: { LOG_LEVEL: 'info', RATE_LIMITS: 'on' },
  },
  {
    name: 'app, log info, limits off',
    script: 'app-server.ts',
    env: { LOG_LEVEL: 'info', RATE_LIMITS: 'off' },
  },
  {
    name: 'app, log silent, limits on',
    script: 'app-server.ts',
    env: { LOG_LEVEL: 'silent', RATE_LIMITS: 'on' },
  },
  {
    name: 'app, log silent, limits off (npm run bench)',
    script: 'app-server.ts',
    env: { LOG_LEVEL: 'silent', RATE_LIMITS: 'off' },
  },
];

const results = new Map<string, LoadResult[]>();
for (let round = 1; round <= ROUNDS; round++)
  for (const v of variants) {
    const server = await start(v.script, v.env);
    try {
      const r = await measure(server);
      results.set(v.name, [...(results.get(v.name) ?? []), r]);
      console.log(
        `round ${round}  ${v.name.padEnd(46)} ${Math.round(r.rps)} req/s  p95 ${r.p95.toFixed(1)} ms  errors ${r.errors}`,
      );
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const bare = median(results.get(variants[0]!.name)!.map((r) => r.rps));
console.log(
  `\nGET /api/member, ${CONNECTIONS} connections, ${SECONDS} s a round, median of ${ROUNDS} rounds:`,
);
for (const v of variants) {
  const rps = median(results.get(v.name)!.map((r) => r.rps));
  console.log(
    `  ${v.name.padEnd(46)} ${String(Math.round(rps)).padStart(6)} req/s = ${(rps / bare).toFixed(2)} of bare Fastify`,
  );
}
