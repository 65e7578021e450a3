import { AsyncLocalStorage } from 'node:async_hooks';
import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the SDK is imported then and
 * only then (no start-up cost otherwise). Spans are made at the app's own seams, not by the SDK's
 * automatic instrumentations (docs/decisions.md "Traces at the app's seams"):
 * - one server span per HTTP request, named by method and route pattern, child of the caller's
 *   `traceparent` when it sends one; its trace id joins the request's log lines (`traceId`);
 * - one span per durable job attempt (`job <queue>`), a root of its own trace;
 * - a client span per database statement (`infra/db.ts` reports each one) and per Redis command of
 *   the app's own connections (rate limits, the live bus), under the request or job that sent it.
 *   Statements and commands outside any request or job (sweeps, pollers) make no span.
 * Exported over OTLP/HTTP (JSON) in batches and flushed on close.
 */
export interface Tracing {
  /** Starts a client span for one statement under the current request or job; null outside one. */
  statement(text: string): ((error?: unknown) => void) | null;
  /** Starts a client span for one Redis command under the current request or job; null outside one. */
  redisCommand(name: string): ((error?: unknown) => void) | null;
  /** Runs one job attempt inside its own span (statements it sends are its children). */
  job<T>(queue: string, jobId: string, run: () => Promise<T>): Promise<T>;
  /** Installs the request hooks on the app, and the flush on close. */
  register(app: FastifyInstance): void;
}

/** How long closing waits for the last spans to reach the collector. */
const FLUSH_LIMIT_MS = 2_000;
/** Statements are parametrised (no values in the text), but some are long: the span keeps the start. */
const QUERY_TEXT_MAX = 1_000;

export async function startTracing(tracing: {
  endpoint: string | undefined;
  serviceName: string;
}): Promise<Tracing | null> {
  const { endpoint, serviceName } = tracing;
  if (!endpoint) return null;
  const [api, core, resources, sdk, otlp] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const exporter = new otlp.OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new sdk.BasicTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new sdk.BatchSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('teamline');
  const propagator = new core.W3CTraceContextPropagator();
  // The span of the request or job being served: what a statement's span hangs under.
  const active = new AsyncLocalStorage<Span>();

  const ender =
    (span: Span) =>
    (error?: unknown): void => {
      if (error) {
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error).message?.slice(0, 200) });
      }
      span.end();
    };
  const child = (name: string, attributes: Record<string, string>) => {
    const parent = active.getStore();
    if (!parent) return null;
    const context = api.trace.setSpan(api.ROOT_CONTEXT, parent);
    return ender(tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes }, context));
  };

  return {
    statement(text) {
      const operation = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
      return child(operation, {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        'db.query.text': text.slice(0, QUERY_TEXT_MAX),
      });
    },
    redisCommand(name) {
      const operation = name.toUpperCase();
      return child(operation, { 'db.system.name': 'redis', 'db.operation.name': operation });
    },
    async job(queue, jobId, run) {
      const span = tracer.startSpan(`job ${queue}`, {
        kind: api.SpanKind.CONSUMER,
        attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue, 'job.id': jobId },
      });
      try {
        const result = await active.run(span, run);
        span.end();
        return result;
      } catch (err) {
        ender(span)(err);
        throw err;
      }
    },
    register(app) {
      const spans = new WeakMap<FastifyRequest, Span>();
      app.addHook('onRequest', (request, reply, done) => {
        const parent = propagator.extract(api.ROOT_CONTEXT, request.headers, api.defaultTextMapGetter);
        const route = request.routeOptions.url ?? 'unmatched';
        const span = tracer.startSpan(
          `${request.method} ${route}`,
          {
            kind: api.SpanKind.SERVER,
            attributes: {
              'http.request.method': request.method,
              'http.route': route,
              'request.id': request.id,
            },
          },
          parent,
        );
        spans.set(request, span);
        request.log = request.log.child({ traceId: span.spanContext().traceId });
        // Fastify's own "request completed" line is written through the reply's logger.
        reply.log = request.log;
        // The rest of the request runs with this span active (as the request context does).
        active.run(span, done);
      });
      app.addHook('onResponse', (request, reply, done) => {
        const span = spans.get(request);
        if (span) {
          span.setAttribute('http.response.status_code', reply.statusCode);
          if (reply.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
          span.end();
        }
        done();
      });
      app.addHook('onClose', async () => {
        // The exporter retries an unreachable collector for seconds: the drain does not wait past this.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          provider.shutdown().catch((err: unknown) => app.log.warn({ err }, 'trace export on close failed')),
          new Promise<void>((resolve) => {
            timer = setTimeout(() => {
              app.log.warn('trace export on close abandoned after 2 s');
              resolve();
            }, FLUSH_LIMIT_MS);
          }),
        ]);
        clearTimeout(timer);
      });
      app.log.info({ endpoint }, 'OpenTelemetry traces on');
    },
  };
}
