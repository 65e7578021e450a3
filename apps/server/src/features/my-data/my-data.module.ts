import { defineModule } from '../../platform/module.js';
import { createMemberExportRepository } from './member-export.repository.js';
import { myDataExportJob } from './my-data-export.job.js';
import { myDataSweepJob } from './my-data-sweep.job.js';
import { createMyDataRepository } from './my-data.repository.js';
import { myDataRoutes } from './my-data.routes.js';
import { createMyDataService, type MyDataService } from './my-data.service.js';

declare module '../../platform/services.js' {
  interface Services {
    myData: MyDataService;
  }
}

/** "My data" (issue 30): a member's archive of everything of theirs, built by a durable job. */
export const myDataModule = defineModule({
  name: 'myData',
  services: ({ ctx }) => ({
    myData: createMyDataService(ctx, createMemberExportRepository(ctx.database.db)),
  }),
  routes: myDataRoutes,
  jobs: ({ ctx, services }) => [
    myDataExportJob(
      ctx,
      createMemberExportRepository(ctx.database.db),
      createMyDataRepository(ctx.database.db),
    ),
    myDataSweepJob(ctx, createMemberExportRepository(ctx.database.db), services.myData),
  ],
});
