import { defineJob } from '../../platform/jobs/job.types.js';
import { unitOfWork } from '../../platform/events/unit-of-work.js';
import { defineModule } from '../../platform/module.js';
import { planningRepositories } from '../planning-store/planning-repositories.js';
import { createImportRepository } from './import.repository.js';
import { importRoutes } from './import.routes.js';
import {
  IMPORT_RUN_JOB,
  createImportService,
  type ImportRunData,
  type ImportService,
} from './import.service.js';

declare module '../../platform/services.js' {
  interface Services {
    /** Bringing work in from Jira, CSV, Trello and GitHub Issues (issue 34, docs/product/import.md). */
    imports: ImportService;
  }
}

export const importModule = defineModule({
  name: 'import',
  services: ({ ctx, services }) => ({
    imports: createImportService(ctx, {
      repo: createImportRepository(ctx.database.db),
      authz: services.authz,
      github: services.github,
      planning: unitOfWork(ctx.database.db, ctx, (db) => ({
        ...planningRepositories(db),
        imports: createImportRepository(db),
      })),
    }),
  }),
  routes: importRoutes,
  jobs: ({ services }) => [
    defineJob<ImportRunData>({
      name: IMPORT_RUN_JOB,
      // Each batch commits with its progress, so a retry continues where the last attempt stopped.
      options: { retryLimit: 3, retryDelay: 5, expireInSeconds: 900 },
      handler: ({ data }) => services.imports.run(data),
    }),
  ],
});
