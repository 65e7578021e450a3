/**
 * The mixed-load part of `npm run bench` (issue 35): virtual users over real HTTP (keep-alive, one
 * socket each), each calling one after another, at random, the timeline, the dashboard, one story,
 * a new comment on a story and a new time entry, for a fixed time. Prints p50/p95 and errors per call.
 * The client runs in a worker thread, like `http-load.ts`, so its work stays off the server's loop.
 */
import { Worker } from 'node:worker_threads';

const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, headers, users, maxMs, timeoutMs, projectIdx, storyIdxs, days } = workerData;
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const calls = {
  timeline: () => ['GET', '/api/milestone/timeline?projectIdx=' + projectIdx],
  dashboard: () => ['GET', '/api/dashboard?projectIdx=' + projectIdx],
  story: () => ['GET', '/api/story/' + pick(storyIdxs)],
  comment: () => ['POST', '/api/story/' + pick(storyIdxs) + '/comment', { content: 'Looked at it under load' }],
  time: () => ['POST', '/api/timekeeping', { storyIdx: pick(storyIdxs), workDt: pick(days), minutes: 5 }],
};
const names = Object.keys(calls);
const results = Object.fromEntries(names.map((n) => [n, { latencies: [], errors: 0, statuses: {} }]));
const start = performance.now();
function one(agent, name) {
  const [method, path, body] = calls[name]();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const t0 = performance.now();
    let done = false;
    const finish = (status) => {
      if (done) return;
      done = true;
      const r = results[name];
      r.latencies.push(performance.now() - t0);
      if (status < 200 || status >= 300) { r.errors++; r.statuses[status] = (r.statuses[status] ?? 0) + 1; }
      resolve();
    };
    const req = http.request(base + path, {
      method, agent,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    }, (res) => { res.resume(); res.on('end', () => finish(res.statusCode)); });
    req.setTimeout(timeoutMs, () => { req.destroy(); finish(0); });
    req.on('error', () => finish(0));
    req.end(payload);
  });
}
async function user() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  while (performance.now() - start < maxMs) await one(agent, pick(names));
  agent.destroy();
}
Promise.all(Array.from({ length: users }, user)).then(() =>
  parentPort.postMessage({ results, elapsedMs: performance.now() - start }));
`;

export interface MixedCall {
  count: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p95: number;
}
export interface MixedLoad {
  users: number;
  seconds: number;
  calls: Record<string, MixedCall>;
}

export async function mixedLoad(options: {
  base: string;
  headers: Record<string, string>;
  users: number;
  maxMs: number;
  projectIdx: number;
  storyIdxs: number[];
  /** `YYYYMMDD` days the time entries may take (past, unlocked). */
  days: string[];
}): Promise<MixedLoad> {
  const worker = new Worker(workerSource, { eval: true, workerData: { timeoutMs: 10_000, ...options } });
  const out = await new Promise<{
    results: Record<string, { latencies: number[]; errors: number; statuses: Record<string, number> }>;
    elapsedMs: number;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const calls: Record<string, MixedCall> = {};
  for (const [name, r] of Object.entries(out.results)) {
    const sorted = r.latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
    calls[name] = {
      count: sorted.length,
      errors: r.errors,
      statuses: r.statuses,
      p50: pct(50),
      p95: pct(95),
    };
  }
  return { users: options.users, seconds: out.elapsedMs / 1000, calls };
}

export function formatMixed(label: string, m: MixedLoad): string {
  const lines = Object.entries(m.calls).map(
    ([name, c]) =>
      `    ${name.padEnd(10)} n=${String(c.count).padStart(6)}  p50 ${c.p50.toFixed(1).padStart(7)} ms  p95 ${c.p95.toFixed(1).padStart(7)} ms  errors ${c.errors}${c.errors ? ` ${JSON.stringify(c.statuses)}` : ''}`,
  );
  return [`  ${label}: ${m.users} virtual users for ${m.seconds.toFixed(0)} s`, ...lines].join('\n');
}
