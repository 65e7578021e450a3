import { defineModule } from '../../platform/module.js';
import { createDashboardRepository } from './dashboard.repository.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { createDashboardService, type DashboardService } from './dashboard.service.js';

declare module '../../platform/services.js' {
  interface Services {
    dashboard: DashboardService;
  }
}

/**
 * Read-only: its own queries, the membership lookup, the planning module's version (for its cache)
 * and the settlement module's spend (so it comes after both).
 */
export const dashboardModule = defineModule({
  name: 'dashboard',
  services: ({ ctx, services }) => ({
    dashboard: createDashboardService(
      ctx,
      createDashboardRepository(ctx.database.db),
      services.projectRepo,
      services.authz,
      services.planningVersion,
      services.settlementSpend,
    ),
  }),
  routes: dashboardRoutes,
});
