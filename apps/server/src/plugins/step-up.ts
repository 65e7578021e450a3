import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { routeKey } from '../platform/authorization/routes.js';
import { stepUpRoutes } from '../platform/authorization/step-up.js';
import { actorOf } from '../shared/http.js';

/**
 * The step-up of the routes in `platform/authorization/step-up.ts`: before their handler (after the
 * key and the body are checked), the login's last proof must be fresh, else 403 STEP_UP_REQUIRED
 * with the methods this account can prove it with. Attached through `onRoute` like the rate
 * limits, so route files carry no step-up code.
 */
export function registerStepUp(api: FastifyInstance) {
  const listed = new Set(stepUpRoutes);
  const stepUpHook = async (request: FastifyRequest) => {
    await api.services.signInFactor.requireFreshProof(actorOf(request));
  };
  api.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => listed.has(routeKey({ method, url: route.url })))) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), stepUpHook];
  });
}
