import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../plugins/errors.js';
import { JOB_SCHEMA } from '../jobs/job-runner.js';
import type { Metrics, ScrapedGauges } from './metrics.js';

/** WebSocket close code 1012 "Service Restart": the client reconnects, to another instance behind the balancer. */
export const SERVICE_RESTART = 1012;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Metrics of one app (docs/decisions.md "Metrics, readiness and drain"): the request timer, the
 * statement timer, the gauges read at scrape time, and where a scrape is answered — `GET /metrics`
 * behind the bearer token, and/or a listener of its own on METRICS_PORT without one.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics & { gauges?: ScrapedGauges }) {
  const { ctx } = app;
  const { gauges } = metrics;
  const { token, port, host } = ctx.config.metrics;
  // Without a token, /metrics on the app's port is a plain 404 (never the web page's fallback).
  if (!token)
    app.get('/metrics', { schema: { hide: true } }, (_request, reply) => sendError(reply, 'NOT_FOUND'));
  if (!metrics.enabled || !gauges) return;

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (`/api/story/:storyIdx`), never the URL: ids would make a series each.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const stopTiming = ctx.database.observeStatements(() => {
    const started = performance.now();
    return () => metrics.statement((performance.now() - started) / 1000);
  });

  const stopReading = metrics.onScrape(async () => {
    gauges.websocketConnections.set(app.websocketServer?.clients.size ?? 0);
    const db = ctx.database.db;
    try {
      // The outbox's pending index holds only undispatched events: the oldest is its first entry.
      const lag = (await db.execute<Record<string, unknown>>(
        sql`select extract(epoch from now() - occurred_at)::float8 as lag from domain_event where dispatched_at is null order by event_idx limit 1`,
      )) as { rows: { lag: number }[] };
      gauges.outboxLagSeconds.set(Math.max(0, Number(lag.rows[0]?.lag ?? 0)));
      const queues = (await db.execute<Record<string, unknown>>(
        sql.raw(`select name, count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as waiting,
                        count(*) filter (where state = 'failed')::int as failed
                   from ${JOB_SCHEMA}.job group by name`),
      )) as { rows: { name: string; waiting: number; failed: number }[] };
      gauges.jobQueueDepth.reset();
      gauges.jobsFailed.reset();
      for (const row of queues.rows) {
        if (row.name.startsWith('__pgboss__')) continue;
        gauges.jobQueueDepth.set({ queue: row.name }, Number(row.waiting));
        gauges.jobsFailed.set({ queue: row.name }, Number(row.failed));
      }
    } catch (err) {
      // A scrape while the database is away still answers the process's own figures.
      app.log.warn({ err }, 'metrics: database figures unavailable');
    }
  });

  const answer = async () => metrics.scrape();
  if (token) {
    const expected = digest(`Bearer ${token}`);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = request.headers.authorization ?? '';
      if (!timingSafeEqual(digest(given), expected))
        return sendError(reply.header('www-authenticate', 'Bearer'), 'UNAUTHENTICATED');
      const { contentType, body } = await answer();
      return reply.type(contentType).send(body);
    });
  }
  let listener: Server | null = null;
  if (port) {
    app.addHook('onReady', async () => {
      listener = createServer((request, response) => {
        if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
          response.writeHead(404).end();
          return;
        }
        answer().then(
          ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
          (err: unknown) => {
            app.log.error({ err }, 'metrics scrape failed');
            response.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((done, fail) => {
        listener!.once('error', fail);
        listener!.listen(port, host, () => done());
      });
      app.log.info({ host, port }, 'metrics listening');
    });
  }
  app.addHook('onClose', async () => {
    stopTiming();
    stopReading();
    const open = listener;
    listener = null;
    if (open) {
      open.closeAllConnections();
      await new Promise<void>((done) => open.close(() => done()));
    }
  });
}

/**
 * The drain (server.ts on SIGTERM): readiness answers 503 at once, the job workers take no new job,
 * after `delayMs` (load balancers see the 503) the listener closes, in-flight requests finish, open
 * WebSockets are closed with 1012 "Service Restart" (app.ts's preClose) and the shutdown hooks run.
 */
export async function drain(
  app: FastifyInstance,
  options: { delayMs: number; pauseJobs: () => Promise<void> },
): Promise<void> {
  if (app.ctx.lifecycle.draining) return;
  const { delayMs } = options;
  app.ctx.lifecycle.draining = true;
  app.log.info({ delayMs }, 'draining: readiness answers 503');
  const paused = options.pauseJobs().catch((err: unknown) => app.log.warn({ err }, 'pausing jobs failed'));
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  await paused;
  await app.close();
}

/** How long a socket may take to answer the close before it is cut (ws would wait 30 s). */
const SOCKET_CLOSE_GRACE_MS = 3_000;

/**
 * Closes every open WebSocket with 1012 before the server stops (a preClose hook). A client that
 * does not answer the close handshake is cut after SOCKET_CLOSE_GRACE_MS, so it cannot hold the
 * listener's close (and the drain) up to ws's own 30 s.
 */
export function closeSocketsForRestart(app: FastifyInstance) {
  for (const client of app.websocketServer?.clients ?? []) {
    client.close(SERVICE_RESTART, 'Service Restart');
    setTimeout(() => client.terminate(), SOCKET_CLOSE_GRACE_MS).unref();
  }
}
