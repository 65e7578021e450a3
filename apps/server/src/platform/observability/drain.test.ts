import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServer, type ServerProcess } from '../../test/server-process.js';
import { durableDatabase } from '../../test/test-app.js';

/**
 * SIGTERM on the real server process (docs/decisions.md "Metrics, readiness and drain"): readiness
 * fails first, a request already in flight still gets its answer, open sockets are told to
 * reconnect elsewhere (1012), and the process exits 0 well within its 30 s limit, its last log line
 * written.
 */
describe('graceful drain on SIGTERM', () => {
  let dir: string | null = null;
  let server: ServerProcess | null = null;
  let store: Awaited<ReturnType<typeof durableDatabase>> | null = null;
  afterAll(async () => {
    await server?.kill();
    if (dir) await rm(dir, { recursive: true, force: true });
    await store?.drop();
  });

  it('fails readiness, finishes the request in flight, closes sockets with 1012, exits 0', async () => {
    dir = await mkdtemp(join(tmpdir(), 'teamline-drain-'));
    const env: Record<string, string> = {
      DATA_DIR: dir,
      DRAIN_DELAY_MS: '1500',
      LOG_LEVEL: 'info',
      METRICS_TOKEN: 'drain-test-token-0123',
    };
    // On PostgreSQL in the TEST_DATABASE_URL pass (pg-boss then has its own pool to close).
    if (process.env.TEST_DATABASE_URL) {
      store = await durableDatabase();
      if ('url' in store.location) env.DATABASE_URL = store.location.url;
    }
    server = await startServer(env);
    const { url } = server;
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    // The log is written in batches (log-destination.ts): a quiet server's line still comes at once.
    await server.waitForLines(/"url":"\/api\/ready".*"request completed"/, 1, 2_000);

    // A request in flight: its body arrives slowly, half before SIGTERM and half after.
    const body = JSON.stringify({ email: 'drain@example.com', purpose: 'join' });
    const half = Math.floor(body.length / 2);
    let inFlight: ReturnType<typeof httpRequest> | null = null;
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        `${url}/api/auth/email`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      inFlight = req;
    });

    // An open socket (not yet signed in: it has 5 s before the server would close it with 4401).
    const socket = new WebSocket(`${url.replace('http', 'ws')}/api/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const scrape = await fetch(`${url}/metrics`, {
      headers: { authorization: 'Bearer drain-test-token-0123' },
    });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toMatch(/^websocket_connections 1$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{route="\/api\/ready",method="GET",status="200"\} 1$/m,
    );

    const signalledAt = Date.now();
    server.signal('SIGTERM');
    await server.waitForLines(/draining: readiness answers 503/, 1, 5_000);
    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { error: { details: unknown } }).error.details).toEqual({
      reason: 'draining',
    });
    // Liveness still holds: the process is healthy, only leaving.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    // The rest of the body, after the drain began: the request completes normally.
    await new Promise((resolve) => setTimeout(resolve, 300));
    inFlight!.end(body.slice(half));
    const done = await answer;
    expect(done.status).toBe(201);

    expect(await closed).toBe(1012);
    const code = await server.exited;
    const tookMs = Date.now() - signalledAt;
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(30_000);
    // The last line, written just before the exit, is not lost in the batch.
    expect(server.lines.at(-1)).toMatch(/"msg":"shut down"/);
    console.warn(`drain: exit ${code} ${tookMs} ms after SIGTERM (DRAIN_DELAY_MS=1500)`);
  }, 120_000);
});
