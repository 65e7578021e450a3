import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/server-process.js';
import { bearer, createTestApp, mailsSent, signUp, type TestApp } from '../../test/test-app.js';
import { registerRequestContext, requestAwareLogger } from '../request-context.js';

const TOKEN = 'scrape-token-0123456789';

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metrics: { token: TOKEN, port: undefined, host: '127.0.0.1' } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are off without METRICS_TOKEN and METRICS_PORT', async () => {
    const off = await createTestApp({ database: t.database });
    try {
      expect(off.app.ctx.metrics.enabled).toBe(false);
      const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('answer GET /metrics only with the bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(`${TOKEN}x`) });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
  });

  it('count requests by route pattern, statements, queues, outbox lag, sockets and the process', async () => {
    const s = await signUp(t, 'metrics@example.com');
    await mailsSent(t.config);
    const project = await t.app.inject({
      method: 'POST',
      url: '/api/project',
      headers: bearer(s.key),
      payload: { name: 'Metered', isClient: false },
    });
    const projectIdx = project.json().data?.projectIdx as number | undefined;
    if (projectIdx) {
      await t.app.inject({ method: 'GET', url: `/api/project/${projectIdx}`, headers: bearer(s.key) });
      await t.app.inject({ method: 'GET', url: `/api/project/${projectIdx + 1000}`, headers: bearer(s.key) });
    }
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
    if (projectIdx) {
      // One series per route pattern and status: no project id in any label.
      expect(text).toMatch(
        /http_request_duration_seconds_count\{route="\/api\/project\/:projectIdx",method="GET",status="200"\} 1/,
      );
      expect(text).not.toMatch(new RegExp(`route="/api/project/${projectIdx}"`));
    }
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",route="\/api\/auth\/email"/);
    expect(Number(/db_statement_duration_seconds_count (\d+)/.exec(text)?.[1])).toBeGreaterThan(10);
    expect(text).toMatch(/^outbox_lag_seconds \d/m);
    expect(text).toMatch(/^job_queue_depth\{queue="mail.send"\} 0$/m);
    expect(text).toMatch(/^job_failed\{queue="mail.send"\} 0$/m);
    expect(text).toMatch(/^websocket_connections 0$/m);
    expect(text).toMatch(/^# TYPE job_failures_total counter$/m);
    expect(text).toMatch(/^# TYPE webhook_delivery_failures_total counter$/m);
    expect(text).toMatch(/^# TYPE mail_failures_total counter$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
    console.warn(
      `a scrape of /metrics (excerpt):\n${text
        .split('\n')
        .filter((line) =>
          /^(http_request_duration_seconds_count\{route="\/api\/project\/:projectIdx"|db_statement_duration_seconds_(sum|count)|outbox_lag_seconds|job_queue_depth|job_failed\{|websocket_connections|nodejs_eventloop_lag_p99|process_resident_memory_bytes)/.test(
            line,
          ),
        )
        .join('\n')}`,
    );
  });

  it('count a mail the transport refuses, and the failed attempt of its job', async () => {
    // A database of its own: on the shared one the other app's worker could take the mail job.
    const refusing = await createTestApp({
      config: { metrics: { token: TOKEN, port: undefined, host: '127.0.0.1' } },
      overrides: {
        mailer: {
          send: () => Promise.reject(new Error('SMTP 421 try later')),
          close: () => Promise.resolve(),
        },
      },
    });
    try {
      const sent = await refusing.app.inject({
        method: 'POST',
        url: '/api/auth/email',
        payload: { email: 'refused@example.com', purpose: 'join' },
      });
      expect(sent.statusCode).toBe(201);
      const scrape = async () =>
        (await refusing.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
      await expect.poll(scrape, { timeout: 10_000, interval: 100 }).toMatch(/^mail_failures_total [1-9]/m);
      expect(await scrape()).toMatch(/^job_failures_total\{queue="mail.send"\} [1-9]/m);
    } finally {
      await refusing.close();
    }
  });

  it('are served without a token on METRICS_PORT, and nothing else there', async () => {
    const port = await freePort();
    const own = await createTestApp({
      database: t.database,
      config: { metrics: { token: undefined, port, host: '127.0.0.1' } },
    });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^process_resident_memory_bytes /m);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
      // No token set: the app's own port has no /metrics.
      expect((await own.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await own.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is 200 when the database answers with every migration, 503 while draining', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ data: { status: 'ready' } });
    t.app.ctx.lifecycle.draining = true;
    try {
      const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json().error.details).toEqual({ reason: 'draining' });
      // Liveness is another question: the process still answers.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.ctx.lifecycle.draining = false;
    }
  });

  it('is 503 when the database lacks a migration this build carries, or does not answer', async () => {
    const behind = await createTestApp({ database: { ...t.database, migrated: async () => false } });
    const down = await createTestApp({
      database: {
        ...t.database,
        migrated: async () => {
          throw new Error('connect ECONNREFUSED');
        },
      },
    });
    try {
      const res = await behind.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.details).toEqual({ reason: 'migrations' });
      const gone = await down.app.inject({ method: 'GET', url: '/api/ready' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json().error.details).toEqual({ reason: 'database' });
      expect(gone.body).not.toContain('ECONNREFUSED');
    } finally {
      await behind.close();
      await down.close();
    }
  });

  it('every answer names its request id; a proxy id is kept when it is a plain token', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(given.headers['x-request-id']).toBe('lb-1234.abc');
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a"}\n{"level":60' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request ids', () => {
  it("a service's log line written while serving a request carries its reqId", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, genReqId: () => 'req-under-test' });
    registerRequestContext(app);
    const log = requestAwareLogger(app.log);
    app.get('/x', async () => {
      log.info({ what: 'inside' }, 'service line');
      return 'ok';
    });
    await app.ready();
    log.info('outside any request');
    await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    expect(lines.find((l) => l.msg === 'service line')?.reqId).toBe('req-under-test');
    expect(lines.find((l) => l.msg === 'outside any request')?.reqId).toBeUndefined();
  });
});
