import { defineModule } from '../../platform/module.js';
import { createJobRepository } from './job.repository.js';
import { jobRoutes } from './job.routes.js';
import { createJobService, type JobService } from './job.service.js';

declare module '../../platform/services.js' {
  interface Services {
    job: JobService;
  }
}

/** What admins see of the durable jobs (`platform/jobs`) that concern their project. */
export const jobModule = defineModule({
  name: 'job',
  services: ({ ctx, services }) => ({
    job: createJobService(createJobRepository(ctx.database.db), services.project),
  }),
  routes: jobRoutes,
});
