import { defineModule } from '../../platform/module.js';
import { contractRoutes } from './contract.routes.js';
import { createContractService, createContractStore, type ContractService } from './contract.service.js';

declare module '../../platform/services.js' {
  interface Services {
    contract: ContractService;
  }
}

/** Contracts: offers to professionals as requests of kind `contract`, and their answers. */
export const contractModule = defineModule({
  name: 'contract',
  services: ({ ctx, services: { authz } }) => ({
    contract: createContractService(ctx, createContractStore(ctx.database.db, ctx), authz),
  }),
  routes: contractRoutes,
});
