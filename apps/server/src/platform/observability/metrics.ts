import type { Gauge } from 'prom-client';

/**
 * What the app counts for Prometheus (docs/decisions.md "Metrics, readiness and drain"). Off unless
 * METRICS_TOKEN or METRICS_PORT is set: then every call below is a no-op and no hook is installed.
 * Counters are bumped where things fail; gauges that need a look around (outbox lag, queue depth,
 * open sockets) are computed on scrape by `collect()`, so an idle instance pays nothing for them.
 */
export interface Metrics {
  readonly enabled: boolean;
  /** One HTTP request: its route pattern (not the URL), method, status and duration. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** One database statement's duration (infra/db.ts times them). */
  statement(seconds: number): void;
  /** A job's attempt threw (it will be retried or has failed for good). */
  jobFailed(queue: string): void;
  /** A webhook attempt that did not deliver: `retry` (5xx, 429, timeout), `refused` (4xx), `gone` (404, 410). */
  webhookFailed(outcome: string): void;
  /** A mail the transport refused (the `mail.send` job retries it). */
  mailFailed(): void;
  /** Adds a gauge source read at each scrape; returns its removal. */
  onScrape(read: () => Promise<void> | void): () => void;
  /** The Prometheus text of every metric. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

export const noMetrics: Metrics = {
  enabled: false,
  request: () => undefined,
  statement: () => undefined,
  jobFailed: () => undefined,
  webhookFailed: () => undefined,
  mailFailed: () => undefined,
  onScrape: () => () => undefined,
  scrape: () => Promise.resolve({ contentType: 'text/plain', body: '' }),
};

/** Gauges whose value is read from the app at scrape time. */
export interface ScrapedGauges {
  outboxLagSeconds: Gauge;
  jobQueueDepth: Gauge<'queue'>;
  jobsFailed: Gauge<'queue'>;
  websocketConnections: Gauge;
}

/** Imports prom-client only here, so an app without metrics does not load it (about 40 ms at start). */
export async function createMetrics(): Promise<Metrics & { gauges: ScrapedGauges }> {
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = await import('prom-client');
  // A registry per app (tests build several apps in one process), not prom-client's global one.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const sources = new Set<() => Promise<void> | void>();

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const statementDuration = new Histogram({
    name: 'db_statement_duration_seconds',
    help: 'Database statements sent by the app (the job runner on PostgreSQL has its own pool, not counted)',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Job attempts that threw in this process, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const webhookFailures = new Counter({
    name: 'webhook_delivery_failures_total',
    help: 'Webhook attempts that did not deliver, by outcome (retry, refused, gone)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'mail_failures_total',
    help: 'Mails the transport refused (each is retried by its job)',
    registers: [registry],
  });
  const scrapeAll = async () => {
    await Promise.all([...sources].map(async (read) => read()));
  };
  // One collect() runs every source before the first scraped gauge is read.
  let pending: Promise<void> | null = null;
  const collectOnce = () => (pending ??= scrapeAll().finally(() => setImmediate(() => (pending = null))));
  const gauges: ScrapedGauges = {
    outboxLagSeconds: new Gauge({
      name: 'outbox_lag_seconds',
      help: 'Age of the oldest domain event not yet dispatched (0 when none waits)',
      registers: [registry],
      collect: collectOnce,
    }),
    jobQueueDepth: new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting to run (created or retry, due now), by queue',
      labelNames: ['queue'] as const,
      registers: [registry],
      collect: collectOnce,
    }),
    jobsFailed: new Gauge({
      name: 'job_failed',
      help: 'Jobs that failed for good and are still kept, by queue',
      labelNames: ['queue'] as const,
      registers: [registry],
      collect: collectOnce,
    }),
    websocketConnections: new Gauge({
      name: 'websocket_connections',
      help: 'Open WebSocket connections (live events and co-editing)',
      registers: [registry],
      collect: collectOnce,
    }),
  };

  return {
    enabled: true,
    gauges,
    request(route, method, status, seconds) {
      httpDuration.observe({ route, method, status: String(status) }, seconds);
    },
    statement: (seconds) => statementDuration.observe(seconds),
    jobFailed: (queue) => jobFailures.inc({ queue }),
    webhookFailed: (outcome) => webhookFailures.inc({ outcome }),
    mailFailed: () => mailFailures.inc(),
    onScrape(read) {
      sources.add(read);
      return () => sources.delete(read);
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
