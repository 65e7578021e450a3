import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the SDK is imported then and
 * only then (no start-up cost otherwise). One server span per HTTP request, named by method and
 * route pattern, child of the caller's `traceparent` when it sends one, exported over OTLP/HTTP
 * (JSON) in batches and flushed on close. Its trace id joins the request's log lines (`traceId`).
 * No automatic instrumentation of libraries: that needs a loader before the app's modules, and the
 * Prometheus histograms already time statements.
 */
/** How long closing waits for the last spans to reach the collector. */
const FLUSH_LIMIT_MS = 2_000;

export async function registerTracing(
  app: FastifyInstance,
  tracing: { endpoint: string | undefined; serviceName: string },
): Promise<void> {
  const { endpoint, serviceName } = tracing;
  if (!endpoint) return;
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
  const spans = new WeakMap<FastifyRequest, ReturnType<typeof tracer.startSpan>>();

  app.addHook('onRequest', (request, reply, done) => {
    const parent = propagator.extract(api.ROOT_CONTEXT, request.headers, api.defaultTextMapGetter);
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: api.SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route, 'request.id': request.id },
      },
      parent,
    );
    spans.set(request, span);
    request.log = request.log.child({ traceId: span.spanContext().traceId });
    // Fastify's own "request completed" line is written through the reply's logger.
    reply.log = request.log;
    done();
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
}
