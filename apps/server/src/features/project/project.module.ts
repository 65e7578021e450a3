import { unitOfWork } from '../../platform/events/unit-of-work.js';
import { defineModule } from '../../platform/module.js';
import { createProjectRepository, type ProjectRepository } from './project.repository.js';
import { projectRoutes } from './project.routes.js';
import { createProjectService, type ProjectService } from './project.service.js';

declare module '../../platform/services.js' {
  interface Services {
    project: ProjectService;
    projectRepo: ProjectRepository;
  }
}

export const projectModule = defineModule({
  name: 'project',
  services: ({ ctx }) => {
    const projectRepo = createProjectRepository(ctx.database.db);
    return {
      project: createProjectService(
        ctx,
        projectRepo,
        unitOfWork(ctx.database.db, ctx.events, createProjectRepository),
      ),
      projectRepo,
    };
  },
  routes: projectRoutes,
});
