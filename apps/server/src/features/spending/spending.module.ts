import { defineModule } from '../../platform/module.js';
import { budgetAlertConsumer } from './spending.consumer.js';
import { spendingRoutes } from './spending.routes.js';
import { createSpendingService, createSpendingStore, type SpendingService } from './spending.service.js';

declare module '../../platform/services.js' {
  interface Services {
    /** Spend across projects and budgets with their alerts (issue 34 "Money across projects"). */
    spending: SpendingService;
  }
}

/** The client's spend across projects, budgets per project and milestone, and the 80/100 % alerts. */
export const spendingModule = defineModule({
  name: 'spending',
  services: ({ ctx, services: { authz } }) => ({
    spending: createSpendingService(ctx, createSpendingStore(ctx.database.db, ctx), authz),
  }),
  routes: spendingRoutes,
  consumers: ({ services }) => [budgetAlertConsumer(services.spending)],
});
