import { defineModule } from '../../platform/module.js';
import { scheduleAutoApproval, settlementJobs } from './settlement.jobs.js';
import { mailAutoApproveNotice } from './settlement-notice.js';
import { createSettlementRepository } from './settlement.repository.js';
import { settlementRoutes } from './settlement.routes.js';
import {
  createSettlementService,
  createSettlementStore,
  type SettlementService,
} from './settlement.service.js';

declare module '../../platform/services.js' {
  interface Services {
    settlement: SettlementService;
  }
}

/** Settlements: a contract's pay per month from logged time, its review, and the automatic approval. */
export const settlementModule = defineModule({
  name: 'settlement',
  services: ({ ctx, services: { authz } }) => ({
    settlement: createSettlementService(ctx, createSettlementStore(ctx.database.db, ctx), authz),
  }),
  routes: settlementRoutes,
  consumers: ({ ctx, services }) => [
    scheduleAutoApproval(services.settlement, ctx.jobs),
    mailAutoApproveNotice(createSettlementRepository(ctx.database.db), ctx.jobs, ctx.config.publicUrl),
  ],
  jobs: ({ services }) => settlementJobs(services.settlement),
});
