import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { routeKey } from '../platform/authorization/route-policy.js';
import { stepUpRoutes } from '../platform/authorization/step-up.js';
import { AppError } from '../shared/app-error.js';
import { actorOf } from '../shared/http.js';

/**
 * The step-up of the routes in `platform/authorization/step-up.ts`: once the key is checked and
 * before the body is (preValidation), the login's last proof must be fresh, else 403
 * STEP_UP_REQUIRED with the methods this account can prove it with; so the web app asks for the
 * factor first and then sends the same call again. Attached through `onRoute` like the rate
 * limits, so route files carry no step-up code.
 */
export function registerStepUp(api: FastifyInstance) {
  const listed = new Set(stepUpRoutes);
  const stepUpHook = async (request: FastifyRequest) => {
    const actor = actorOf(request);
    // A personal access token proves no factor: these calls are a signed-in browser's (and no token area lists them).
    if (actor.token) throw new AppError('TOKEN_SCOPE_DENIED', { needed: null });
    await api.services.signInFactor.requireFreshProof(actor);
  };
  api.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => listed.has(routeKey({ method, url: route.url })))) return;
    route.preValidation = [...[route.preValidation ?? []].flat(), stepUpHook];
  });
}
