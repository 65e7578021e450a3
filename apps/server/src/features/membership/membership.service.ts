import { accountEntry } from '../../platform/audit/audit-trail.js';
import {
  authorityComesWithRole,
  hasAdminAuthorityOf,
  hasTeamLead,
  leadsTeam,
  type MemberInProject,
  type UpdateMemberInProjectRequest,
} from '@teamline/contract';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { MemberRepository } from '../account-store/member.repository.js';
import { assertAdminRemains, leavesProjectWithoutAdmin } from './last-admin.js';
import type { MembershipRepository, MembershipRow } from './membership.repository.js';

/** The audit record's `{ field: { from, to } }` of a role change: only what moved. */
function changesOf(
  before: Pick<MembershipRow, 'role' | 'isAdmin' | 'depth1Idx'>,
  after: Pick<MembershipRow, 'role' | 'isAdmin' | 'depth1Idx'>,
) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of ['role', 'isAdmin', 'depth1Idx'] as const)
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  return changes;
}

/** The unit of work of membership changes; `accounts` lets a withdrawal anonymise the account in it. */
export type MembershipStore = MembershipRepository & { accounts: MemberRepository };

/**
 * Members of a project: the member list, role, team lead and admin authority changes, removal and
 * leaving, and the project part of an account withdrawal. A project keeps at least one member with
 * admin authority (docs/product/projects-and-membership.md#last-admin, `last-admin.ts`): LAST_ADMIN otherwise. Every change records its
 * `member.*` event in its transaction; the outbox delivers it (realtime sockets) after the commit.
 */
/**
 * What membership asks of the project module (its `membershipOf`: the caller's record, or the
 * project's not-found): named here so membership, below project, imports nothing of it.
 */
export interface ProjectMembershipOf {
  membershipOf(actor: Actor, projectIdx: number): Promise<MembershipRow>;
}

export function createMembershipService(
  ctx: AppContext,
  repo: MembershipRepository,
  projects: ProjectMembershipOf,
  transaction: UnitOfWork<MembershipStore>,
  authz: Authorization<MembershipRow>,
) {
  /**
   * The target record and the caller's own record in its project, read after locking the project
   * (so concurrent changes of its members wait here). A record the caller cannot see (missing,
   * removed, another project's) is MEMBER_IN_PROJECT_NOT_FOUND alike.
   */
  async function lockedTargetAndCaller(r: MembershipRepository, actor: Actor, memberInProjectIdx: number) {
    const first = await r.findActiveRecord(memberInProjectIdx);
    if (first) await r.lockProject(first.projectIdx);
    const target = await r.findActiveRecord(memberInProjectIdx);
    const caller = target ? await r.findMembershipInAnyState(target.projectIdx, actor.memberIdx) : null;
    if (!target || !caller) throw new AppError('MEMBER_IN_PROJECT_NOT_FOUND');
    return { target, caller };
  }

  return {
    /** The members, each with what the caller may do with them (`can`), by the rules `update` and `remove` apply. */
    async list(actor: Actor, projectIdx: number): Promise<MemberInProject[]> {
      const caller = await projects.membershipOf(actor, projectIdx);
      const members = await repo.listActive(projectIdx);
      const update = authz.allows(caller, 'member.update');
      const holders = members.filter(hasAdminAuthorityOf).length;
      return members.map((m) => {
        const self = m.memberInProjectIdx === caller.memberInProjectIdx;
        // LAST_ADMIN: the last holder of admin authority is not removed (nor leaves).
        const last = hasAdminAuthorityOf(m) && holders <= 1;
        return {
          ...m,
          can: {
            role: update,
            lead: update && hasTeamLead(m.role),
            authority: update && !authorityComesWithRole(m.role),
            remove: authz.allows(caller, self ? 'member.leave' : 'member.remove') && !last,
            beLead: leadsTeam(m.role),
          },
        };
      });
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
      return transaction(async (r) => {
        const { target, caller } = await lockedTargetAndCaller(r, actor, memberInProjectIdx);
        authz.decide(caller, 'member.update');

        const role = input.role ?? target.role;
        // Role admin always holds admin authority; leaving the admin role drops it unless kept explicitly.
        const isAdmin = authorityComesWithRole(role)
          ? true
          : (input.isAdmin ??
            (input.role !== undefined && authorityComesWithRole(target.role) ? false : target.isAdmin));
        let depth1Idx = input.depth1Idx === undefined ? target.depth1Idx : input.depth1Idx;
        if (!hasTeamLead(role)) depth1Idx = null;
        if (depth1Idx != null) {
          const lead = await r.findActiveRecord(depth1Idx);
          if (!lead || lead.projectIdx !== target.projectIdx || !leadsTeam(lead.role))
            throw fieldError('depth1Idx', 'invalid');
        }
        await assertAdminRemains(r, target, { role, isAdmin });
        if (target.role === 'depth1' && role !== 'depth1')
          await r.detachTeam(target.projectIdx, target.memberInProjectIdx);
        await r.update(memberInProjectIdx, { role, isAdmin, depth1Idx });
        const [result] = await r.findActive(target.projectIdx, [memberInProjectIdx]);
        await r.events.record('member.updated', target.projectIdx, result!);
        const changes = changesOf(target, { role, isAdmin, depth1Idx });
        if (Object.keys(changes).length > 0)
          r.audit.record({
            kind: 'member.role_changed',
            projectIdx: target.projectIdx,
            memberIdx: target.memberIdx,
            target: { type: 'memberInProject', idx: memberInProjectIdx },
            changes,
          });
        return result!;
      });
    },

    /** Admin authority removes anyone; every member may leave (remove their own record). */
    async remove(actor: Actor, memberInProjectIdx: number): Promise<{ memberInProjectIdx: number }> {
      await transaction(async (r) => {
        const { target, caller } = await lockedTargetAndCaller(r, actor, memberInProjectIdx);
        authz.decide(
          caller,
          caller.memberInProjectIdx === target.memberInProjectIdx ? 'member.leave' : 'member.remove',
        );
        await assertAdminRemains(r, target, null);
        await r.markRemoved(memberInProjectIdx, ctx.clock.now());
        if (target.role === 'depth1') await r.detachTeam(target.projectIdx, target.memberInProjectIdx);
        await r.events.record('member.removed', target.projectIdx, {
          memberInProjectIdx,
          memberIdx: target.memberIdx,
        });
        r.audit.record({
          kind: caller.memberInProjectIdx === target.memberInProjectIdx ? 'member.left' : 'member.removed',
          projectIdx: target.projectIdx,
          memberIdx: target.memberIdx,
          target: { type: 'memberInProject', idx: memberInProjectIdx },
          changes: { role: target.role },
        });
      });
      return { memberInProjectIdx };
    },

    /**
     * Account withdrawal, in one transaction: the member leaves every project, members of teams they
     * led lose their lead, and `account` (the member module's part: anonymising the account) runs on
     * the same transaction. LAST_ADMIN, naming the projects, when it would leave one with other
     * members but no admin; the projects are locked in ascending order first, so two withdrawals
     * sharing projects wait for each other instead of deadlocking, and the second sees the first.
     */
    async withdraw(memberIdx: number, account: (accounts: MemberRepository) => Promise<void>) {
      await transaction(async (r) => {
        for (const { projectIdx } of await r.recordsOfMember(memberIdx)) await r.lockProject(projectIdx);
        const records = await r.recordsOfMember(memberIdx);
        const orphaned: number[] = [];
        for (const record of records)
          if (await leavesProjectWithoutAdmin(r, record, null, 'withdrawal'))
            orphaned.push(record.projectIdx);
        if (orphaned.length > 0) throw new AppError('LAST_ADMIN', { projectIdxs: orphaned });
        const at = ctx.clock.now();
        for (const record of records) {
          await r.markRemoved(record.memberInProjectIdx, at);
          await r.detachTeam(record.projectIdx, record.memberInProjectIdx);
          await r.events.record('member.removed', record.projectIdx, {
            memberInProjectIdx: record.memberInProjectIdx,
            memberIdx,
          });
          r.audit.record({
            kind: 'member.left',
            projectIdx: record.projectIdx,
            memberIdx,
            target: { type: 'memberInProject', idx: record.memberInProjectIdx },
            changes: { role: record.role },
          });
        }
        await account(r.accounts);
        r.audit.record(accountEntry('account.withdrawn', memberIdx));
      });
    },
  };
}
export type MembershipService = ReturnType<typeof createMembershipService>;
