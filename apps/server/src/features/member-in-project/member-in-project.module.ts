import { defineModule } from '../../platform/module.js';
import { createMemberRepository } from '../member/member.repository.js';
import { createInvitationRepository } from '../invitation/invitation.repository.js';
import { invitationRoutes } from '../invitation/invitation.routes.js';
import { createInvitationService, type InvitationService } from '../invitation/invitation.service.js';
import { createProjectMemberRepository } from '../project-member/project-member.repository.js';
import { projectMemberRoutes } from '../project-member/project-member.routes.js';
import {
  createProjectMemberService,
  type ProjectMemberService,
} from '../project-member/project-member.service.js';
import { createMemberInProjectRepository } from './member-in-project.repository.js';
import { memberInProjectRoutes } from './member-in-project.routes.js';
import { createMemberInProjectService, type MemberInProjectService } from './member-in-project.service.js';

declare module '../../platform/services.js' {
  interface Services {
    memberInProject: MemberInProjectService;
    projectMember: ProjectMemberService;
    invitation: InvitationService;
  }
}

/** Members of a project: the member list, roles and removal, invitations. */
export const memberInProjectModule = defineModule({
  name: 'member-in-project',
  services: ({ ctx, services: { project, projectRepo } }) => {
    const db = ctx.database.db;
    const memberInProject = createMemberInProjectService(createMemberInProjectRepository(db), project);
    return {
      memberInProject,
      projectMember: createProjectMemberService(ctx, createProjectMemberRepository(db), memberInProject),
      invitation: createInvitationService(
        ctx,
        createInvitationRepository(db),
        projectRepo,
        createMemberRepository(db),
      ),
    };
  },
  routes: async (api) => {
    await api.register(memberInProjectRoutes);
    await api.register(projectMemberRoutes);
    await api.register(invitationRoutes);
  },
});
