import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { API_BASE, DOCUMENT_CONTENT_MAX_BYTES, UPLOAD_MAX_BYTES, type ActionTable } from '@teamline/contract';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { systemClock, type Clock } from './infra/clock.js';
import { openDatabase, type Database } from './infra/db.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './infra/mail.js';
import { createLocalPubSub, createRedisPubSub, type PubSub } from './infra/pubsub.js';
import { createLocalStorage, createS3Storage } from './infra/storage.js';
import { appModules } from './modules.js';
import { membershipTransactionPorts } from './features/membership/membership.port.js';
import { createEventDispatcher, type EventConsumer } from './platform/events/event-dispatcher.js';
import { createOutboxRepository } from './platform/events/outbox.repository.js';
import { createJobRunner } from './platform/jobs/job-runner.js';
import type { JobDefinition } from './platform/jobs/job.types.js';
import { databaseMaintenanceJob } from './platform/jobs/database-maintenance.job.js';
import { mailJob, queuedMailer } from './platform/jobs/mail.job.js';
import { assembleModules } from './platform/module.js';
import { createOutboundHttp } from './platform/outbound-http/outbound-http.js';
import { installNetworkGuard } from './platform/network-guard/network-guard.js';
import { registerAuthHook } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { createMemoryCounters, createRedisCounters } from './platform/rate-limit/counters.js';
import { createLimiter, noLimits } from './platform/rate-limit/limiter.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStepUp } from './plugins/step-up.js';
import { registerIdleMemoryRelease } from './platform/memory/idle-memory-release.js';
import { registerWeb } from './plugins/web.js';
import { registerRequestContext, requestAwareLogger } from './platform/request-context.js';
import { createMetrics, noMetrics } from './platform/observability/metrics.js';
import { closeSocketsForRestart, drain, registerMetrics } from './platform/observability/observability.js';
import { startTracing } from './platform/observability/tracing.js';
import { batchedStandardOutput } from './platform/observability/log-destination.js';
import { logRequestCompleted } from './platform/observability/request-log-line.js';
import { createAuditTrail } from './platform/audit/audit-trail.js';
import type { AppContext } from './shared/context.js';
import { collectRoutePolicies } from './platform/authorization/route-policy.js';
import { createProjectCaches } from './platform/cache/project-cache.js';
import './shared/fastify.js';

export interface AppOverrides {
  /** An already open database (tests share one between two instances); the app will not close it. */
  database?: Database;
  pubsub?: PubSub;
  mailer?: Mailer;
  clock?: Clock;
  /** false: events are recorded but never dispatched, as if the process died after each commit (tests). */
  dispatchEvents?: boolean;
  /** Extra job definitions (tests register their own jobs beside the modules'). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each job has its own data type
  jobs?: JobDefinition<any>[];
  /** Pino options; tests pass `false` to keep output quiet. */
  logger?: boolean | object;
  /** A changed action table (tests flip a rule and watch the answers change). */
  actionRules?: ActionTable;
  /** Sees every route as it is registered (the fuzz test walks them all). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Query parameters that carry a secret (old socket clients sent `?key=`; mail links carry `token`; the
 * OpenID Connect callback carries the authorization `code`).
 */
const secretParameters = /([?&](?:key|token|refresh|verifiedToken|code)=)[^&#]*/gi;
/** A calendar feed's secret is its path (`/api/calendar/<secret>.ics`, issue 34). */
const calendarSecret = /(\/calendar\/)[^/?#]+(\.ics)/i;
export const redactUrl = (url: string) =>
  url.replace(secretParameters, '$1[REDACTED]').replace(calendarSecret, '$1[REDACTED]$2');

/** What a request log line says about the request: no headers, and no secret in the URL. */
function serializeRequest(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}

/** The OpenAPI page's introduction (`/api/docs`): the envelope, and how to call the API with a personal access token. */
const apiDescription = [
  'Envelope: `{data}` on success, `{error}` on failure (`error.code` is stable, see the error catalogue).',
  '',
  '## Personal access tokens',
  '',
  'Scripts and other tools call the API with a personal access token instead of a login. Make one in ' +
    'Profile › Access tokens (a name, scopes and an expiry of at most a year); its secret `tl_pat_…` is ' +
    'shown once. Send it as a bearer token:',
  '',
  '```sh',
  'curl -H "Authorization: Bearer tl_pat_…" "https://teamline.example/api/milestone/timeline?projectIdx=1"',
  '```',
  '',
  'A token acts as its member (the project roles still decide) on the routes of its scopes only: ' +
    '`planning` (milestones, stories, epics, history, the dashboard), `time` (time entries), `documents` ' +
    '(folders and documents), `settlement` (contracts and settlements), each `read` (GET) or `write` ' +
    '(every method; write implies read); `GET /api/project/list-of-member` takes any token. Other routes ' +
    '(account, tokens, two-factor, members and roles, billing, webhooks…) answer 403 `TOKEN_SCOPE_DENIED`; ' +
    'an unknown or revoked token 401 `ACCESS_TOKEN_INVALID`, an expired one 401 `ACCESS_TOKEN_EXPIRED`. ' +
    'A token makes at most 600 calls a minute (429 `RATE_LIMITED` with `Retry-After`); its writes are in ' +
    "the member's account activity.",
].join('\n');

/**
 * The request log: one line per answer, with the request, its status and its time. Fastify's own
 * also writes an "incoming request" line, which cost a share of a light read's throughput at `info`
 * (docs/decisions.md "Performance"). A socket's upgrade is logged when it comes (a hijacked answer
 * writes no completed line). Error lines are Fastify's.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (request.headers.upgrade) super.incomingRequest(request, reply);
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error(
        { req: request, res: reply, responseTime: reply.elapsedTime, err: error },
        'request errored',
      );
      return;
    }
    logRequestCompleted(reply.log, {
      ...serializeRequest(request),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    });
  }
}

/** A request id taken from a proxy: short, and nothing a log reader could mistake for structure. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(config: AppConfig, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      overrides.logger === false || overrides.logger === true
        ? overrides.logger
        : {
            level: config.logLevel,
            // Keys and refresh tokens travel in these headers; they must never reach the logs.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.key'],
            serializers: { req: serializeRequest },
            // A test that brings its own logger options brings its own stream (or pino's default).
            ...(overrides.logger ?? { stream: batchedStandardOutput() }),
          },
    logController: new OneLineRequestLog(),
    // Uploads have their own limit; JSON bodies stay small.
    bodyLimit: 1024 * 1024,
    // Only behind a proxy that sets X-Forwarded-For may the app believe it (rate limits key on the IP).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // A proxy's X-Request-Id is kept (one id across its log and ours); otherwise a random one, so ids
    // from several instances never collide. Every request log line carries it as `reqId`.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  if (overrides.onRoute) app.addHook('onRoute', overrides.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Clients send `Content-Type: application/json` with an empty body on refresh and logout.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('Invalid JSON body') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  // No network call inside a database transaction: every one found is logged (and fails tests).
  installNetworkGuard((call) => app.log.error(call, 'network call inside a database transaction'));
  const ownsDatabase = !overrides.database;
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : config.databaseDir,
      sharedBuffersMb: config.embeddedSharedBuffersMb,
      ...(config.embeddedThread ? { thread: config.embeddedThread } : {}),
      // The whole data folder (database, files, outbox) belongs to one server process.
      lock: { folder: config.dataDir, holder: 'server' },
    }));
  // OpenTelemetry only when OTEL_EXPORTER_OTLP_ENDPOINT is set: statements, Redis commands and jobs
  // get spans under their request (platform/observability/tracing.ts).
  const tracing = await startTracing(config.tracing);
  const stopTracingStatements = tracing
    ? database.observeStatements((text) => tracing.statement(text))
    : () => undefined;
  const redisTracing = tracing ? (name: string) => tracing.redisCommand(name) : undefined;
  const pubsub =
    overrides.pubsub ??
    (config.redisUrl
      ? await createRedisPubSub(config.redisUrl, config.pubsubChannel, redisTracing)
      : createLocalPubSub());
  const mailTransport =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.outboxDir, config.mailFrom, app.log));
  // Prometheus metrics only when asked for (METRICS_TOKEN or METRICS_PORT): otherwise no-ops.
  const metrics = config.metrics.token || config.metrics.port ? await createMetrics() : noMetrics;
  const jobs = createJobRunner({
    database,
    log: app.log,
    pollingSeconds: config.jobPollingSeconds,
    metrics,
    tracing,
  });
  // Services queue mails; the `mail.send` job hands them to the transport, with retries.
  const mailer = queuedMailer(jobs, mailTransport);
  jobs.register([mailJob(mailTransport, metrics)]);
  // PGlite has no autovacuum (single-user mode); a PostgreSQL server runs its own.
  if (database.connection.kind === 'pglite')
    jobs.register([databaseMaintenanceJob(database.connection.client, app.log)]);
  // Modules keep answers about projects in memory on the embedded database (membership's lookups
  // for authorization, the history lists), dropped on its notices (platform/cache/project-cache.ts);
  // a PostgreSQL server answers them cheaply.
  const projectCaches =
    database.connection.kind === 'pglite' ? createProjectCaches(database.connection.client) : undefined;
  const consumers: EventConsumer[] = [];
  const events = createEventDispatcher({
    outbox: createOutboxRepository(database.db),
    consumers: () => consumers,
    log: app.log,
    sweepMs: config.outboxSweepMs,
    enabled: overrides.dispatchEvents ?? true,
  });
  const clock = overrides.clock ?? systemClock;
  // With REDIS_URL every instance counts in one place; without it each counts its own clients.
  const counters = !config.rateLimit
    ? null
    : config.redisUrl
      ? createRedisCounters(config.redisUrl, config.redisPrefix, redisTracing)
      : createMemoryCounters(() => clock.now().getTime());
  const ctx: AppContext = {
    config,
    database,
    mailer,
    pubsub,
    storage: config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.filesDir),
    clock,
    // A service's log line written while serving a request carries its reqId.
    log: requestAwareLogger(app.log),
    events,
    audit: createAuditTrail(clock),
    transactionPorts: membershipTransactionPorts,
    jobs,
    actionRules: overrides.actionRules,
    projectCaches,
    outbound: createOutboundHttp({ allowPrivate: config.outboundAllowPrivate }),
    limiter: counters ? createLimiter(counters) : noLimits,
    metrics,
    lifecycle: { draining: false },
  };
  const modules = assembleModules(ctx, appModules);
  // The modules' caches hear their notices before any request is served.
  const stopHearing = (await projectCaches?.listening()) ?? [];
  consumers.push(...modules.consumers);
  jobs.register([...modules.jobs, ...(overrides.jobs ?? [])]);
  app.decorate('ctx', ctx);
  app.decorate('services', modules.services);
  app.decorate('drain', (options: { delayMs?: number } = {}) =>
    drain(app, { delayMs: options.delayMs ?? config.drainDelayMs, pauseJobs: () => jobs.pause() }),
  );
  app.addHook('onReady', async () => {
    await jobs.start();
    events.start();
  });
  app.addHook('onClose', async () => {
    // Workers first: a running job must finish (or be abandoned to its retry) while the database is open.
    await jobs.stop();
    await events.stop();
    await pubsub.close();
    await mailer.close();
    await ctx.outbound.close();
    await counters?.close();
    for (const stop of stopHearing) await stop();
    stopTracingStatements();
    if (ownsDatabase) await database.close();
  });

  // The request behind each piece of work (address, browser, actor), for the audit trail.
  registerRequestContext(app);
  // Security headers of every answer, API and web alike: CSP, no framing, no MIME sniffing, HSTS on https.
  await registerSecurityHeaders(app);
  registerErrorHandling(app);
  registerIdleMemoryRelease(app);
  registerMetrics(app, metrics);
  tracing?.register(app);
  // Before @fastify/websocket's own preClose (which closes them without a code): 1012, reconnect elsewhere.
  app.addHook('preClose', (done) => {
    closeSocketsForRestart(app);
    done();
  });
  for (const module of appModules) await module.setup?.(app);
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
  // One WebSocket message may carry a whole document: a live co-editing paste (one Yjs update) or a
  // provider's first sync after being offline. /api/ws reads only its first message.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: DOCUMENT_CONTENT_MAX_BYTES + 64 * 1024 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Teamline API',
        version: '0.1.0',
        description: apiDescription,
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A login's access key (30 minutes, from `POST /auth/login/general`) or a personal access token " +
              '(`tl_pat_…`, made in Profile › Access tokens), as `Authorization: Bearer <key>`. A token reaches ' +
              'only the routes of its scopes (`planning`, `time`, `documents`, `settlement`; GET reads, other ' +
              'methods write); any other route answers 403 `TOKEN_SCOPE_DENIED`.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_BASE}/docs` });

  // Every API route with the policy it declares; one without a policy stops the start here.
  app.decorate('registeredRoutes', collectRoutePolicies(app, API_BASE));
  await app.register(
    async (api) => {
      registerInputGuard(api);
      await registerRateLimits(api);
      registerAuthHook(api);
      registerStepUp(api);
      for (const module of appModules) if (module.routes) await api.register(module.routes);
    },
    { prefix: API_BASE },
  );
  await registerWeb(app);
  return app;
}
