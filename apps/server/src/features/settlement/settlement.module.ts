import { defineModule } from '../../platform/module.js';
import { scheduleAutoApproval, settlementJobs } from './settlement.jobs.js';
import { mailAutoApproveNotice } from './settlement-notice.js';
import { createSettlementRepository, type SettlementRepository } from './settlement.repository.js';
import { settlementRoutes } from './settlement.routes.js';
import {
  createSettlementService,
  createSettlementStore,
  type SettlementService,
} from './settlement.service.js';

declare module '../../platform/services.js' {
  interface Services {
    settlement: SettlementService;
    /** The project's decided pay by month, for the dashboard's spend (read-only, authorized by the caller). */
    settlementSpend: Pick<SettlementRepository, 'decidedInMonths'>;
  }
}

/** Settlements: a contract's pay per month from logged time, its review, and the automatic approval. */
export const settlementModule = defineModule({
  name: 'settlement',
  services: ({ ctx, services: { authz } }) => {
    const settlements = createSettlementRepository(ctx.database.db);
    return {
      settlement: createSettlementService(ctx, createSettlementStore(ctx.database.db, ctx), authz),
      settlementSpend: { decidedInMonths: (...args) => settlements.decidedInMonths(...args) },
    };
  },
  routes: settlementRoutes,
  consumers: ({ ctx, services }) => [
    scheduleAutoApproval(services.settlement, ctx.jobs),
    mailAutoApproveNotice(createSettlementRepository(ctx.database.db), ctx.jobs, ctx.config.publicUrl),
  ],
  jobs: ({ services }) => settlementJobs(services.settlement),
});
