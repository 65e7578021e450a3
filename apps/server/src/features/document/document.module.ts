import { unitOfWork } from '../../platform/events/unit-of-work.js';
import { defineModule } from '../../platform/module.js';
import { createDocumentRepository } from './document.repository.js';
import { createDataFixRepository } from '../../platform/jobs/data-fix.repository.js';
import { binPurgeJob } from './bin-purge.job.js';
import { CONTENT_CLEANUP_JOB, CONTENT_FIXES, contentCleanupJob } from './content-cleanup.job.js';
import { collaborationRoutes } from './collaboration.js';
import { documentRoutes } from './document.routes.js';
import { createDocumentService, type DocumentService } from './document.service.js';
import { createFolderService, type FolderService } from './folder.service.js';

declare module '../../platform/services.js' {
  interface Services {
    documents: DocumentService;
    folders: FolderService;
  }
}

/** Folders and documents of a project (issue 15): editing, versions, sharing, public links, export. */
export const documentModule = defineModule({
  name: 'document',
  services: ({ ctx, services }) => {
    const repo = createDocumentRepository(ctx.database.db);
    const transaction = unitOfWork(ctx.database.db, ctx, createDocumentRepository);
    const documents = createDocumentService(ctx, {
      repo,
      files: services.file,
      fileUrls: services.file,
      memberships: services.membershipRepo,
      authz: services.authz,
      transaction,
    });
    const folders = createFolderService(ctx, {
      repo,
      authz: services.authz,
      memberships: services.membershipRepo,
      transaction,
      accessChanged: (documentIdxs) => documents.accessChanged(documentIdxs),
    });
    return { documents, folders };
  },
  jobs: ({ ctx, services }) => [
    binPurgeJob(ctx, createDocumentRepository(ctx.database.db)),
    contentCleanupJob({
      repo: createDocumentRepository(ctx.database.db),
      fixes: createDataFixRepository(ctx.database.db),
      documents: services.documents,
    }),
  ],
  // Documents stored before the content rules are cleaned once, in the background, after start.
  setup: (app) => {
    app.addHook('onReady', async () => {
      const fixes = createDataFixRepository(app.ctx.database.db);
      const done =
        (await fixes.isDone(CONTENT_FIXES.documents)) && (await fixes.isDone(CONTENT_FIXES.versions));
      if (!done) await app.ctx.jobs.send(CONTENT_CLEANUP_JOB, {}, { singletonKey: CONTENT_CLEANUP_JOB });
    });
  },
  routes: async (app) => {
    await documentRoutes(app);
    await collaborationRoutes(app);
  },
});
