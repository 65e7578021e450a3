import { defineModule } from '../../platform/module.js';
import { createFileRepository } from './file.repository.js';
import { fileRoutes } from './file.routes.js';
import { createFileDeletion } from './file-deletion.js';
import { createFileService, type FileService } from './file.service.js';
import { unattachedSweepJob } from './unattached-sweep.job.js';
import { uploadSweepJob } from './upload-sweep.job.js';

declare module '../../platform/services.js' {
  interface Services {
    file: FileService;
  }
}

export const fileModule = defineModule({
  name: 'file',
  services: ({ ctx, services }) => ({
    file: createFileService(
      ctx,
      createFileRepository(ctx.database.db),
      services.authz,
      createFileDeletion(ctx),
    ),
  }),
  routes: fileRoutes,
  jobs: ({ ctx }) => [
    uploadSweepJob(ctx, createFileDeletion(ctx)),
    unattachedSweepJob(ctx, createFileDeletion(ctx)),
  ],
});
