import { unitOfWork } from '../../platform/events/unit-of-work.js';
import { createAuthorization, type Authorization } from '../../platform/authorization/authorization.js';
import { defineModule } from '../../platform/module.js';
import {
  type MembershipRow,
  createMembershipCache,
  MEMBERSHIP_CHANGED,
} from '../membership/membership.port.js';
import { createProjectRepository, type ProjectRepository } from './project.repository.js';
import { projectRoutes } from './project.routes.js';
import { createProjectService, type ProjectService } from './project.service.js';

declare module '../../platform/services.js' {
  interface Services {
    project: ProjectService;
    projectRepo: ProjectRepository;
    /** The one decision point of project actions (platform/authorization). */
    authz: Authorization<MembershipRow>;
  }
}

export const projectModule = defineModule({
  name: 'project',
  services: ({ ctx }) => {
    const projectRepo = createProjectRepository(ctx.database.db);
    // Membership's cache of the lookup every authorization makes (embedded database only).
    const membershipCache = ctx.projectCaches?.hear('membership', createMembershipCache(), [
      MEMBERSHIP_CHANGED,
    ]);
    const findMembership = membershipCache
      ? membershipCache.lookup(projectRepo.findMembership)
      : projectRepo.findMembership;
    const authz = createAuthorization({ findMembership, table: ctx.actionRules });
    return {
      project: createProjectService(
        ctx,
        projectRepo,
        authz,
        unitOfWork(ctx.database.db, ctx, createProjectRepository),
      ),
      projectRepo,
      authz,
    };
  },
  routes: projectRoutes,
});
