import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/app-error.js';
import { bearerOf } from '../shared/http.js';

/**
 * Every /api route needs `Authorization: Bearer <access key>` unless its policy is `'public'`.
 * Runs on request (before body validation) so an anonymous caller learns nothing from validation.
 */
export function registerAuthHook(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config?.policy === 'public') return;
    const actor = await app.services.auth.authenticate(bearerOf(request));
    if (!actor) throw new AppError('UNAUTHENTICATED');
    request.actor = actor;
  });
}
