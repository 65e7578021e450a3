import { defineModule } from '../../platform/module.js';
import { recruitmentRoutes } from './recruitment.routes.js';
import {
  createRecruitmentService,
  createRecruitmentStore,
  type RecruitmentService,
} from './recruitment.service.js';

declare module '../../platform/services.js' {
  interface Services {
    recruitment: RecruitmentService;
  }
}

/** Job posts and applications; a hire joins the project and offers a contract (issue #16). */
export const recruitmentModule = defineModule({
  name: 'recruitment',
  services: ({ ctx, services: { authz, contract } }) => ({
    recruitment: createRecruitmentService(ctx, createRecruitmentStore(ctx.database.db, ctx), authz, contract),
  }),
  routes: recruitmentRoutes,
});
