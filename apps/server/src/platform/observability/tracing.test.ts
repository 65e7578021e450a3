import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp, mailsSent, signUp } from '../../test/test-app.js';

interface ExportedSpan {
  name: string;
  traceId: string;
  spanId: string;
  kind: number;
  parentSpanId?: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

/** A stand-in OpenTelemetry collector: OTLP/HTTP JSON on /v1/traces, as the collector answers it. */
async function startCollector() {
  const spans: ExportedSpan[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.url === '/v1/traces' && request.method === 'POST') {
        const parsed = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
        };
        for (const resource of parsed.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, close: () => server.close() };
}

describe('OpenTelemetry traces', () => {
  it('one server span per request, named by route pattern, child of the caller’s traceparent', async () => {
    const collector = await startCollector();
    const t = await createTestApp({
      config: { tracing: { endpoint: collector.url, serviceName: 'teamline-test' } },
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/project/12345',
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      // Close flushes the batch to the collector.
      await t.close();
      collector.close();
    }
    const span = collector.spans.find((s) => s.name === 'GET /api/project/:projectIdx');
    expect(span).toBeDefined();
    expect(span!.traceId).toBe(traceId);
    expect(span!.parentSpanId).toBe('00f067aa0ba902b7');
    expect(span!.attributes).toContainEqual({ key: 'http.response.status_code', value: { intValue: 401 } });
  }, 60_000);

  it('statements, Redis commands and job attempts get spans under the request or job that ran them', async () => {
    const collector = await startCollector();
    const redisUrl = process.env.TEST_REDIS_URL;
    const t = await createTestApp({
      config: {
        tracing: { endpoint: collector.url, serviceName: 'teamline-test' },
        // With Redis, the sign-up's rate-limit counters are Redis commands of the app's own connection.
        ...(redisUrl ? { redisUrl, rateLimit: true } : {}),
      },
    });
    try {
      await signUp(t, 'traced@example.com');
      await mailsSent(t.config);
    } finally {
      await t.close();
      collector.close();
    }
    const byId = new Map(collector.spans.map((span) => [span.spanId, span]));
    const attribute = (span: ExportedSpan, key: string) =>
      span.attributes.find((a) => a.key === key)?.value.stringValue;
    const parentOf = (span: ExportedSpan) => (span.parentSpanId ? byId.get(span.parentSpanId) : undefined);

    // A statement the join request sent: a client span (kind 3) in the request's trace, under its span.
    const joinSpan = collector.spans.find((s) => s.name === 'POST /api/member/join/general');
    expect(joinSpan).toBeDefined();
    const statements = collector.spans.filter(
      (s) => attribute(s, 'db.system.name') === 'postgresql' && s.parentSpanId === joinSpan!.spanId,
    );
    expect(statements.length).toBeGreaterThan(0);
    const insert = statements.find((s) => s.name === 'INSERT');
    expect(insert).toBeDefined();
    expect(insert!.kind).toBe(3);
    expect(insert!.traceId).toBe(joinSpan!.traceId);
    expect(attribute(insert!, 'db.query.text')).toMatch(/^insert into "member"/i);
    // Statement text is parametrised: the e-mail address is not in it.
    for (const s of statements) expect(attribute(s, 'db.query.text')).not.toContain('traced@example.com');

    // The sign-up's mail went through the durable job: its attempt is a span of its own.
    const job = collector.spans.find((s) => s.name === 'job mail.send');
    expect(job).toBeDefined();
    expect(attribute(job!, 'messaging.destination.name')).toBe('mail.send');

    if (redisUrl) {
      const command = collector.spans.find((s) => attribute(s, 'db.system.name') === 'redis');
      expect(command).toBeDefined();
      expect(parentOf(command!)?.kind).toBe(2);
    }
    // Statements outside any request or job (the outbox sweep) make no root spans of their own.
    expect(collector.spans.filter((s) => !s.parentSpanId && attribute(s, 'db.system.name'))).toEqual([]);
  }, 60_000);
});
