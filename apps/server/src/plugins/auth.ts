import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/app-error.js';
import { bearerOf } from '../shared/http.js';
import { isAccessTokenSecret } from '../features/access-token/access-token.service.js';

/**
 * Every /api route needs `Authorization: Bearer <access key>` unless its policy is `'public'`.
 * Runs on request (before body validation) so an anonymous caller learns nothing from validation.
 *
 * A bearer starting `tl_pat_` is a personal access token (features/access-token): it acts as its
 * member on the routes of its scopes' areas only (platform/authorization/token-scope.ts, else 403
 * TOKEN_SCOPE_DENIED), within its own rate limit, and each write it makes lands in the member's audit
 * log once answered (and, when it succeeded in a project, in that project's log too). The policy and the project roles then decide as for the member.
 */
/** The project a call names (path, body or query `projectIdx`), for its audit record. */
function projectOf(request: FastifyRequest): number | null {
  for (const source of [request.params, request.body, request.query]) {
    const value = (source as { projectIdx?: unknown } | null | undefined)?.projectIdx;
    const idx = typeof value === 'string' ? Number(value) : value;
    if (typeof idx === 'number' && Number.isSafeInteger(idx) && idx > 0) return idx;
  }
  return null;
}

export function registerAuthHook(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config?.policy === 'public') return;
    const bearer = bearerOf(request);
    if (isAccessTokenSecret(bearer)) {
      const actor = await app.services.accessToken.authenticate(bearer, request.ip || null);
      request.actor = actor;
      await app.services.accessToken.admit(actor.token!, request.method, request.routeOptions.url ?? '');
      return;
    }
    const actor = await app.services.auth.authenticate(bearer);
    if (!actor) throw new AppError('UNAUTHENTICATED');
    request.actor = actor;
  });
  // Before the answer leaves, inside the request (the audit reads its address): writes made with a token.
  app.addHook('onSend', async (request, reply, payload) => {
    const actor = request.actor;
    if (!actor?.token || request.method === 'GET' || request.method === 'HEAD') return payload;
    // Like every rate-limited request, a 429 is not recorded (docs/decisions.md "Audit log").
    if (reply.statusCode === 429) return payload;
    try {
      await app.services.accessToken.recordCall(
        actor,
        request.method,
        request.routeOptions.url ?? request.url,
        reply.statusCode,
        reply.statusCode < 400 ? projectOf(request) : null,
      );
    } catch (err) {
      request.log.error({ err }, 'token call not recorded in the audit log');
    }
    return payload;
  });
}
