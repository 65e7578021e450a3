import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request a piece of work runs for, without passing it down every call: the audit trail reads
 * the client's address (`request.ip`, which honours TRUST_PROXY), its User-Agent and the signed-in
 * actor (`request.actor`, set later by the auth hook) from here when it records.
 *
 * Set by a root `onRequest` hook that runs the rest of the request inside `AsyncLocalStorage.run`.
 * Fastify 5 keeps that context through body parsing to the handler (request-context.test.ts checks
 * it over a real connection with a large body, where inject() would not tell). Work started
 * outside a request (durable jobs, the event dispatcher's deliveries) sees no request.
 */
const storage = new AsyncLocalStorage<FastifyRequest>();

export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => storage.run(request, done));
}

/** What a record says about the request behind it; all null outside a request. */
export interface RequestMetadata {
  ip: string | null;
  userAgent: string | null;
  /** The signed-in caller's memberIdx, once the auth hook has run. */
  actorIdx: number | null;
}

/** User-Agent headers are capped: a client can send kilobytes. */
const USER_AGENT_MAX = 512;

export function currentRequest(): RequestMetadata {
  const request = storage.getStore();
  if (!request) return { ip: null, userAgent: null, actorIdx: null };
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip || null,
    userAgent: typeof agent === 'string' && agent ? agent.slice(0, USER_AGENT_MAX) : null,
    actorIdx: request.actor?.memberIdx ?? null,
  };
}

/** Runs `work` as if outside any request (the event dispatcher's deliveries belong to no one request). */
export const outsideRequest = <T>(work: () => T): T => storage.exit(work);

/** The logger of the request being served (its lines carry `reqId`), or null outside a request. */
export const currentRequestLog = (): FastifyBaseLogger | null => storage.getStore()?.log ?? null;

/**
 * A logger that writes through the current request's logger when there is one, so a service's line
 * carries the request id like Fastify's own request lines; outside a request, through `base`.
 */
export function requestAwareLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  const pick = () => storage.getStore()?.log ?? base;
  return {
    get level() {
      return base.level;
    },
    set level(value: string) {
      base.level = value;
    },
    fatal: (...args: Parameters<FastifyBaseLogger['fatal']>) => pick().fatal(...args),
    error: (...args: Parameters<FastifyBaseLogger['error']>) => pick().error(...args),
    warn: (...args: Parameters<FastifyBaseLogger['warn']>) => pick().warn(...args),
    info: (...args: Parameters<FastifyBaseLogger['info']>) => pick().info(...args),
    debug: (...args: Parameters<FastifyBaseLogger['debug']>) => pick().debug(...args),
    trace: (...args: Parameters<FastifyBaseLogger['trace']>) => pick().trace(...args),
    silent: (...args: Parameters<FastifyBaseLogger['silent']>) => pick().silent(...args),
    child: (...args: Parameters<FastifyBaseLogger['child']>) => pick().child(...args),
  };
}
