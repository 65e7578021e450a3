import { apiPaths, dashboardQuery, dashboardResponse } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';
import { createPlanningVersionRepository } from '../story/planning-version.repository.js';
import { createDashboardRepository } from './dashboard.repository.js';
import { createDashboardService } from './dashboard.service.js';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Read-only and self-contained: the database, the membership lookup and the planning version.
  const dashboard = createDashboardService(
    app.ctx,
    createDashboardRepository(app.ctx.database.db),
    app.services.projectRepo,
    createPlanningVersionRepository(app.ctx.database.db),
  );

  app.get(
    apiPaths.dashboard,
    {
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
