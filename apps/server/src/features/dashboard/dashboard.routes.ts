import { apiPaths, dashboardQuery, dashboardResponse } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';
import { project } from '../../platform/authorization/route-policy.js';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dashboard } = app.services;

  app.get(
    apiPaths.dashboard,
    {
      config: { policy: project('planning.view') },
      schema: {
        tags: ['dashboard'],
        security: [{ bearer: [] }],
        summary: 'Every dashboard section of one project (members only)',
        querystring: dashboardQuery,
        response: responds(200, dashboardResponse),
      },
    },
    async (request) => ({ data: await dashboard.get(actorOf(request), request.query.projectIdx) }),
  );
}
