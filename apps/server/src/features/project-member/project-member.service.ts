import {
  hasAdminAuthorityOf,
  type MemberInProject,
  type UpdateMemberInProjectRequest,
} from '@teamline/contract';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { MemberInProjectService } from '../member-in-project/member-in-project.service.js';
import { decide } from '../../platform/authorization/authorization.js';
import type { MembershipRow } from '../project/project.repository.js';
import type { ProjectMemberRepository } from './project-member.repository.js';

type Handle = Omit<ProjectMemberRepository, 'transaction'>;

/**
 * Member management in project settings: role, team lead and admin authority changes, removal.
 * A project keeps at least one member with admin authority (spec §5): LAST_ADMIN otherwise.
 */
export function createProjectMemberService(
  ctx: AppContext,
  repo: ProjectMemberRepository,
  memberInProject: Pick<MemberInProjectService, 'list'>,
) {
  /**
   * The target record and the caller's own record in its project. A record the caller cannot see
   * (missing, removed, another project's) is MEMBER_IN_PROJECT_NOT_FOUND alike.
   */
  async function targetAndCaller(r: Handle, actor: Actor, memberInProjectIdx: number) {
    const target = await r.findActiveRecord(memberInProjectIdx);
    const caller = target ? await r.findCaller(target.projectIdx, actor.memberIdx) : null;
    if (!target || !caller) throw new AppError('MEMBER_IN_PROJECT_NOT_FOUND');
    return { target, caller };
  }

  async function publicRecord(actor: Actor, row: MembershipRow): Promise<MemberInProject> {
    const list = await memberInProject.list(actor, row.projectIdx);
    return list.find((m) => m.memberInProjectIdx === row.memberInProjectIdx)!;
  }

  return {
    async update(
      actor: Actor,
      memberInProjectIdx: number,
      input: UpdateMemberInProjectRequest,
    ): Promise<MemberInProject> {
      const updated = await repo.transaction(async (r) => {
        const first = await r.findActiveRecord(memberInProjectIdx);
        if (first) await r.lockProject(first.projectIdx);
        const { target, caller } = await targetAndCaller(r, actor, memberInProjectIdx);
        decide(caller, 'member.update');

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
      const removed = await repo.transaction(async (r) => {
        const first = await r.findActiveRecord(memberInProjectIdx);
        if (first) await r.lockProject(first.projectIdx);
        const { target, caller } = await targetAndCaller(r, actor, memberInProjectIdx);
        decide(
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
  };
}
export type ProjectMemberService = ReturnType<typeof createProjectMemberService>;
