export {};
import type { ErrorCode } from '@teamline/contract';
import type { Services } from '../platform/services.js';
import type { Actor, AppContext } from './context.js';

import type { RegisteredRoute, RoutePolicy } from '../platform/authorization/route-policy.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route (platform/authorization/route-policy.ts); every API route declares one or the
     * app refuses to start. `'public'` is what the auth hook lets through without an access key.
     */
    policy?: RoutePolicy;
    /** A bad `email` field answers INVALID_EMAIL instead of VALIDATION_FAILED (join and recovery forms). */
    invalidEmailCode?: boolean;
    /** A bad field answers this code instead of VALIDATION_FAILED, with the same fieldErrors (a webhook's `url`). */
    invalidFieldCodes?: Readonly<Record<string, ErrorCode>>;
  }
  interface FastifyInstance {
    /** Every API route as registered (method, full url, policy), for the route tests, the matrix and the docs. */
    registeredRoutes: RegisteredRoute[];
    ctx: AppContext;
    services: Services;
    /** SIGTERM's graceful stop: readiness fails, jobs pause, the server closes (platform/observability). */
    drain(options?: { delayMs?: number }): Promise<void>;
  }
}
