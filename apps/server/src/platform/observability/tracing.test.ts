import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

interface ExportedSpan {
  name: string;
  traceId: string;
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
  });
});
