import { defineJob } from '../../platform/jobs/job.types.js';
import { unitOfWork } from '../../platform/events/unit-of-work.js';
import { defineModule } from '../../platform/module.js';
import { planningRepositories } from '../planning-store/planning-repositories.js';
import { createActivityRepository } from './activity.repository.js';
import { createAiRepository } from './ai.repository.js';
import { aiRoutes } from './ai.routes.js';
import { AI_RUN_JOB, createAiService, type AiRunData, type AiService } from './ai.service.js';
import { aiProviderOf } from './provider.js';

declare module '../../platform/services.js' {
  interface Services {
    ai: AiService;
  }
}

/** AI timelines from files and AI documents from activity (issue 15), through one provider interface. */
export const aiModule = defineModule({
  name: 'ai',
  services: ({ ctx, services }) => ({
    ai: createAiService(ctx, {
      repo: createAiRepository(ctx.database.db),
      activity: createActivityRepository(ctx.database.db),
      provider: aiProviderOf(ctx.config.ai),
      authz: services.authz,
      documents: services.documents,
      planning: unitOfWork(ctx.database.db, ctx, (db) => ({
        ...planningRepositories(db),
        ai: createAiRepository(db),
      })),
    }),
  }),
  routes: aiRoutes,
  jobs: ({ services }) => [
    defineJob<AiRunData>({
      name: AI_RUN_JOB,
      options: { retryLimit: 1, retryDelay: 10, expireInSeconds: 900 },
      handler: ({ data }) => services.ai.run(data),
    }),
  ],
});
