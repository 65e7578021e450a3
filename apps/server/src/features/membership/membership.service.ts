import {
  hasAdminAuthorityOf,
  type MemberInProject,
  type UpdateMemberInProjectRequest,
} from '@teamline/contract';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { authorize } from '../project/project.policy.js';
import type { ProjectService } from '../project/project.service.js';
import type { MembershipRepository, MembershipRow } from './membership.repository.js';

/**
 * Members of a project: the member list, role, team lead and admin authority changes, removal and
 * leaving, and the project part of an account withdrawal. A project keeps at least one member with
 * admin authority (spec §5): LAST_ADMIN otherwise.
 */
export function createMembershipService(
  ctx: AppContext,
  repo: MembershipRepository,
  projects: ProjectService,
  transaction: UnitOfWork<MembershipRepository>,
) {
  /**
   * The target record and the caller's own record in its project. A record the caller cannot see
   * (missing, removed, another project's) is MEMBER_IN_PROJECT_NOT_FOUND alike.
   */
  async function targetAndCaller(r: MembershipRepository, actor: Actor, memberInProjectIdx: number) {
    const target = await r.findActiveRecord(memberInProjectIdx);
    const caller = target ? await r.findMembershipInAnyState(target.projectIdx, actor.memberIdx) : null;
    if (!target || !caller) throw new AppError('MEMBER_IN_PROJECT_NOT_FOUND');
    return { target, caller };
  }

  const service = {
    async list(actor: Actor, projectIdx: number): Promise<MemberInProject[]> {
      await projects.membershipOf(actor, projectIdx);
      return repo.listActive(projectIdx);
    },

    /** The caller's own record: its memberInProjectIdx is the spec's selfProjectIdx. */
    async info(actor: Actor, projectIdx: number): Promise<MemberInProject> {
      const m = await projects.membershipOf(actor, projectIdx);
      const [row] = await repo.findActive(projectIdx, [m.memberInProjectIdx]);
      if (!row) throw new AppError('MEMBER_IN_PROJECT_NOT_FOUND');
      return row;
    },

    async update(
      actor: Actor,
      memberInProjectIdx: number,
      input: UpdateMemberInProjectRequest,
    ): Promise<MemberInProject> {
      const updated = await transaction(async (r) => {
        const first = await r.findActiveRecord(memberInProjectIdx);
        if (first) await r.lockProject(first.projectIdx);
        const { target, caller } = await targetAndCaller(r, actor, memberInProjectIdx);
        authorize(caller, 'member.update');

        const role = input.role ?? target.role;
        // Role admin always holds admin authority; leaving the admin role drops it unless kept explicitly.
        const isAdmin =
          role === 'admin'
            ? true
            : (input.isAdmin ??
              (input.role !== undefined && target.role === 'admin' ? false : target.isAdmin));
        let depth1Idx = input.depth1Idx === undefined ? target.depth1Idx : input.depth1Idx;
        if (role !== 'depth2') depth1Idx = null;
        if (depth1Idx != null) {
          const lead = await r.findActiveRecord(depth1Idx);
          if (!lead || lead.projectIdx !== target.projectIdx || lead.role !== 'depth1')
            throw fieldError('depth1Idx', 'invalid');
        }
        if (hasAdminAuthorityOf(target) && !hasAdminAuthorityOf({ role, isAdmin })) {
          if ((await r.countAdminAuthority(target.projectIdx)) <= 1) throw new AppError('LAST_ADMIN');
        }
        if (target.role === 'depth1' && role !== 'depth1')
          await r.detachTeam(target.projectIdx, target.memberInProjectIdx);
        return r.update(memberInProjectIdx, { role, isAdmin, depth1Idx });
      });
      const result = await publicRecord(actor, updated);
      await ctx.pubsub.publish({ type: 'member.updated', projectIdx: updated.projectIdx, payload: result });
      return result;
    },

    /** Admin authority removes anyone; every member may leave (remove their own record). */
    async remove(actor: Actor, memberInProjectIdx: number): Promise<{ memberInProjectIdx: number }> {
      const removed = await transaction(async (r) => {
        const first = await r.findActiveRecord(memberInProjectIdx);
        if (first) await r.lockProject(first.projectIdx);
        const { target, caller } = await targetAndCaller(r, actor, memberInProjectIdx);
        authorize(
          caller,
          caller.memberInProjectIdx === target.memberInProjectIdx ? 'member.leave' : 'member.remove',
        );
        if (hasAdminAuthorityOf(target) && (await r.countAdminAuthority(target.projectIdx)) <= 1)
          throw new AppError('LAST_ADMIN');
        await r.markRemoved(memberInProjectIdx, ctx.clock.now());
        if (target.role === 'depth1') await r.detachTeam(target.projectIdx, target.memberInProjectIdx);
        return target;
      });
      await ctx.pubsub.publish({
        type: 'member.removed',
        projectIdx: removed.projectIdx,
        payload: { memberInProjectIdx, memberIdx: removed.memberIdx },
      });
      return { memberInProjectIdx };
    },

    /** Account withdrawal, project part: refused while the member is the last admin of a project. */
    async assertMayWithdraw(memberIdx: number) {
      const orphaned = await repo.projectsWhereSoleAdmin(memberIdx);
      if (orphaned.length > 0) throw new AppError('LAST_ADMIN', { projectIdxs: orphaned });
    },

    /** Account withdrawal, project part: the member leaves every project. */
    async leaveAllProjects(memberIdx: number) {
      await repo.removeFromAllProjects(memberIdx, ctx.clock.now());
    },
  };

  async function publicRecord(actor: Actor, row: MembershipRow): Promise<MemberInProject> {
    const list = await service.list(actor, row.projectIdx);
    return list.find((m) => m.memberInProjectIdx === row.memberInProjectIdx)!;
  }

  return service;
}
export type MembershipService = ReturnType<typeof createMembershipService>;
