/**
 * A bounded HTTP load generator on loopback: `connections` keep-alive sockets, each sending one
 * request after another until `maxRequests` in total or `maxMs` have passed. The client
 * (`http-load.worker.mjs`) speaks HTTP/1.1 on raw sockets in a worker thread, so its work stays off
 * the server's event loop and costs less per request than the server it measures.
 */
import { URL } from 'node:url';
import { Worker } from 'node:worker_threads';

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
  /** Other paths (with their query) on the same server, asked in turn with the url's own. */
  morePaths?: string[];
  headers?: Record<string, string>;
  connections: number;
  maxRequests: number;
  maxMs: number;
  /** A request unanswered after this long counts as an error and is abandoned (10 s). */
  timeoutMs?: number;
}): Promise<LoadResult> {
  const { hostname, port, pathname, search } = new URL(options.url);
  // Loopback only: this never sends traffic anywhere else.
  if (hostname !== '127.0.0.1' && hostname !== 'localhost' && hostname !== '[::1]')
    throw new Error(`refusing to load a non-loopback address: ${hostname}`);
  // Like a browser: compressed answers are welcome (it inflates them in its own process).
  const headers = { 'accept-encoding': 'gzip', ...options.headers };
  const worker = new Worker(new URL('./http-load.worker.mjs', import.meta.url), {
    workerData: {
      host: hostname.replace(/^\[|\]$/g, ''),
      port: Number(port || 80),
      paths: [pathname + search, ...(options.morePaths ?? [])],
      headers,
      connections: options.connections,
      maxRequests: options.maxRequests,
      maxMs: options.maxMs,
      timeoutMs: options.timeoutMs ?? 10_000,
    },
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
