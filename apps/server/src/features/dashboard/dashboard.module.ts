import { defineModule } from '../../platform/module.js';
import { createPlanningVersionRepository } from '../planning/planning-version.repository.js';
import { createDashboardRepository } from './dashboard.repository.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { createDashboardService, type DashboardService } from './dashboard.service.js';

declare module '../../platform/services.js' {
  interface Services {
    dashboard: DashboardService;
  }
}

/** Read-only: its own queries, the membership lookup and the planning version (for its cache). */
export const dashboardModule = defineModule({
  name: 'dashboard',
  services: ({ ctx, services }) => ({
    dashboard: createDashboardService(
      ctx,
      createDashboardRepository(ctx.database.db),
      services.projectRepo,
      services.authz,
      createPlanningVersionRepository(ctx.database.db),
    ),
  }),
  routes: dashboardRoutes,
});
