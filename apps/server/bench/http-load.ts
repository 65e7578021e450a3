/**
 * A bounded HTTP load generator on loopback: `connections` keep-alive sockets, each sending one
 * request after another until `maxRequests` in total or `maxMs` have passed. It runs in a worker
 * thread so the client's own work does not sit on the server's event loop.
 */
import { URL } from 'node:url';
import { Worker } from 'node:worker_threads';

const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, connections, maxRequests, maxMs, timeoutMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let sent = 0;
let errors = 0;
let timeouts = 0;
let bytes = 0;
const start = performance.now();
function one() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let done = false;
    const finish = () => { if (!done) { done = true; resolve(); } };
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', (chunk) => { bytes += chunk.length; });
      res.on('end', () => {
        if (res.statusCode !== 200) errors++;
        latencies.push(performance.now() - t0);
        finish();
      });
    });
    // Like a browser or a load balancer, a client gives up on an answer that takes too long.
    req.setTimeout(timeoutMs, () => { if (!done) { timeouts++; errors++; } req.destroy(); finish(); });
    req.on('error', () => { if (!done) errors++; finish(); });
  });
}
async function loop() {
  while (sent < maxRequests && performance.now() - start < maxMs) {
    sent++;
    await one();
  }
}
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, errors, timeouts, bytes, elapsedMs: performance.now() - start });
});
`;

export interface LoadResult {
  count: number;
  /** Non-200 answers, failed connections and timeouts. */
  errors: number;
  /** Requests without an answer within `timeoutMs` (counted in `errors` too). */
  timeouts: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  avgBytes: number;
}

export async function load(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  maxRequests: number;
  maxMs: number;
  /** A request unanswered after this long counts as an error and is abandoned (10 s). */
  timeoutMs?: number;
}): Promise<LoadResult> {
  const { hostname } = new URL(options.url);
  // Loopback only: this never sends traffic anywhere else.
  if (hostname !== '127.0.0.1' && hostname !== 'localhost' && hostname !== '[::1]')
    throw new Error(`refusing to load a non-loopback address: ${hostname}`);
  // Like a browser: compressed answers are welcome (it inflates them in its own process).
  const headers = { 'accept-encoding': 'gzip', ...options.headers };
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { timeoutMs: 10_000, ...options, headers },
  });
  const result = await new Promise<{
    latencies: number[];
    errors: number;
    timeouts: number;
    bytes: number;
    elapsedMs: number;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const sorted = result.latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return {
    count: sorted.length,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    rps: (sorted.length / result.elapsedMs) * 1000,
    avgBytes: sorted.length ? result.bytes / sorted.length : 0,
  };
}

export const formatLoad = (name: string, r: LoadResult) =>
  `${name.padEnd(34)} n=${String(r.count).padStart(5)}  p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95
    .toFixed(1)
    .padStart(
      7,
    )} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  ${Math.round(r.rps).toString().padStart(6)} req/s` +
  (r.errors ? `  errors ${r.errors}` : '') +
  (r.timeouts ? ` (${r.timeouts} timed out)` : '') +
  (r.avgBytes > 1000 ? `  ${Math.round(r.avgBytes / 1024)} KiB/resp on the wire` : '');
