import {
  isSubscriptionShort,
  type CreateProjectRequest,
  type ProjectOfMember,
  type ProjectRolesResponse,
} from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { hasAdminAuthority, requireMembership } from './project.policy.js';
import type { MembershipRow, ProjectRepository, ProjectRow } from './project.repository.js';

function toProjectOfMember(
  project: ProjectRow,
  membership: MembershipRow,
  totalMember: number,
): ProjectOfMember {
  return {
    projectIdx: project.projectIdx,
    name: project.name,
    status: project.status,
    totalMember,
    sheets: project.sheets,
    isClient: membership.role === 'client',
    isAdmin: hasAdminAuthority(membership),
    isWarningSubscription: isSubscriptionShort(totalMember, project.sheets),
    startDt: project.startDt,
    endDt: project.endDt,
    createdAt: project.createdAt.toISOString(),
    createdByIdx: project.createdByIdx,
    updatedAt: project.updatedAt.toISOString(),
    updatedByIdx: project.updatedByIdx,
    delYn: project.delYn,
    deletedAt: project.deletedAt?.toISOString() ?? null,
    deletedByIdx: project.deletedByIdx,
    companyInProject: project.companyInProject,
  };
}

export function createProjectService(ctx: AppContext, repo: ProjectRepository) {
  return {
    /** The creator is the first administrator; on the client side as a client with admin authority. */
    async create(actor: Actor, input: CreateProjectRequest): Promise<ProjectOfMember> {
      const { project, membership } = await repo.createWithMember(
        {
          name: input.name.trim(),
          startDt: input.startDt ?? null,
          endDt: input.endDt ?? null,
          createdByIdx: actor.memberIdx,
          updatedByIdx: actor.memberIdx,
        },
        { memberIdx: actor.memberIdx, role: input.isClient ? 'client' : 'admin', isAdmin: true },
      );
      const result = toProjectOfMember(project, membership, 1);
      await ctx.pubsub.publish({ type: 'project.updated', projectIdx: project.projectIdx, payload: result });
      return result;
    },

    async listOfMember(actor: Actor): Promise<ProjectOfMember[]> {
      const rows = await repo.listOfMember(actor.memberIdx);
      return rows.map((r) => toProjectOfMember(r.project, r.membership, r.totalMember));
    },

    async roles(actor: Actor, projectIdx: number): Promise<ProjectRolesResponse> {
      const m = await this.membershipOf(actor, projectIdx);
      return {
        roles: [{ role: { name: m.role } }],
        memberInProjectIdx: m.memberInProjectIdx,
        depth1Idx: m.depth1Idx,
      };
    },

    /** The caller's membership; 404 for a missing project, 403 for someone else's. */
    async membershipOf(actor: Actor, projectIdx: number): Promise<MembershipRow> {
      const project = await repo.findById(projectIdx);
      if (!project) throw new AppError('PROJECT_NOT_FOUND');
      return requireMembership(await repo.findMembership(projectIdx, actor.memberIdx));
    },
  };
}
export type ProjectService = ReturnType<typeof createProjectService>;
