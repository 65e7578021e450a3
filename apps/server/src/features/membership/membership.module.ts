import { unitOfWork } from '../../platform/events/unit-of-work.js';
import { defineModule } from '../../platform/module.js';
import { createMemberRepository } from '../account-store/member.repository.js';
import { invitationRoutes } from './invitation.routes.js';
import { createInvitationService, type InvitationService } from './invitation.service.js';
import { memberRoutes } from './member.routes.js';
import { createMembershipRepository, type MembershipRepository } from './membership.repository.js';
import { createMembershipService, type MembershipService } from './membership.service.js';

declare module '../../platform/services.js' {
  interface Services {
    membership: MembershipService;
    invitation: InvitationService;
    membershipRepo: MembershipRepository;
  }
}

/**
 * Membership: members of projects, their roles, team leads and admin authority, removal, leaving,
 * the project part of an account withdrawal, invitations, and the last-admin rule.
 */
export const membershipModule = defineModule({
  name: 'membership',
  services: ({ ctx, services: { project, projectRepo, authz, auth } }) => {
    const db = ctx.database.db;
    const membershipRepo = createMembershipRepository(db);
    const transaction = unitOfWork(db, ctx, (h) => ({
      ...createMembershipRepository(h),
      accounts: createMemberRepository(h),
    }));
    return {
      membership: createMembershipService(ctx, membershipRepo, project, transaction, authz),
      invitation: createInvitationService(
        ctx,
        membershipRepo,
        projectRepo,
        createMemberRepository(db),
        transaction,
        authz,
        (email) => auth.issueEmailToken(email, 'joinVerified'),
      ),
      membershipRepo,
    };
  },
  routes: async (api) => {
    await api.register(memberRoutes);
    await api.register(invitationRoutes);
  },
});
