import { defineModule } from '../../platform/module.js';
import { createEarningsRepository } from './earnings.repository.js';
import { earningsRoutes } from './earnings.routes.js';
import { createEarningsService, type EarningsService } from './earnings.service.js';

declare module '../../platform/services.js' {
  interface Services {
    /** The caller's earnings across projects and the yearly statements (issue 34). */
    earnings: EarningsService;
  }
}

/** A professional's earnings across projects, from the settlements (docs/product/earnings-and-spending.md#earnings). */
export const earningsModule = defineModule({
  name: 'earnings',
  services: ({ ctx }) => ({ earnings: createEarningsService(createEarningsRepository(ctx.database.db)) }),
  routes: earningsRoutes,
});
