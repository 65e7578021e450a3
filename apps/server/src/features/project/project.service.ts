import {
  hasAdminAuthorityOf,
  isSubscriptionShort,
  PROJECT_RESTORE_DAYS,
  PROJECTS_PER_ACCOUNT_MAX,
  type CreateProjectRequest,
  type DeletedProject,
  type ProjectAction,
  type ProjectOfMember,
  type ProjectRolesResponse,
  type ProjectSettings,
  type UpdateProjectRequest,
} from '@teamline/contract';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { ProjectRepository, ProjectRow } from './project.repository.js';

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
    isAdmin: hasAdminAuthorityOf(membership),
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

const DAY_MS = 24 * 60 * 60 * 1000;
const restoreWindowStart = (now: Date) => new Date(now.getTime() - PROJECT_RESTORE_DAYS * DAY_MS);

const toSettings = (p: ProjectRow, totalMember: number): ProjectSettings => ({
  projectIdx: p.projectIdx,
  name: p.name,
  description: p.description,
  startDt: p.startDt,
  endDt: p.endDt,
  status: p.status,
  sheets: p.sheets,
  totalMember,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

const toDeleted = (p: ProjectRow): DeletedProject => ({
  projectIdx: p.projectIdx,
  name: p.name,
  deletedAt: p.deletedAt!.toISOString(),
  deletedByIdx: p.deletedByIdx,
  restorableUntil: new Date(p.deletedAt!.getTime() + PROJECT_RESTORE_DAYS * DAY_MS).toISOString(),
});

export function createProjectService(
  ctx: AppContext,
  repo: ProjectRepository,
  authz: Authorization<MembershipRow>,
  transaction: UnitOfWork<ProjectRepository>,
) {
  return {
    /** The creator is the first administrator; on the client side as a client with admin authority. */
    async create(actor: Actor, input: CreateProjectRequest): Promise<ProjectOfMember> {
      return transaction(async (r) => {
        // Each project brings its own storage quota: an account's count of them is bounded (issue 31).
        if (
          (await r.lockAndCountCreatedBy(actor.memberIdx, restoreWindowStart(ctx.clock.now()))) >=
          PROJECTS_PER_ACCOUNT_MAX
        )
          throw new AppError('PROJECT_LIMIT_REACHED', { max: PROJECTS_PER_ACCOUNT_MAX });
        const { project, membership } = await r.createWithMember(
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
        await r.events.record('project.created', project.projectIdx, result);
        return result;
      });
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
        isAdmin: hasAdminAuthorityOf(m),
        abilities: authz.abilities(m),
      };
    },

    /**
     * The caller's membership; PROJECT_ACCESS_DENIED alike for a missing, deleted or someone else's
     * project, so an outsider cannot tell which ids exist.
     */
    async membershipOf(actor: Actor, projectIdx: number): Promise<MembershipRow> {
      return authz.authorize(actor, 'project.view', projectIdx);
    },

    /** The caller's membership, if the action table allows `action` on the project. */
    async authorizeIn(actor: Actor, projectIdx: number, action: ProjectAction): Promise<MembershipRow> {
      return authz.authorize(actor, action, projectIdx);
    },

    async settings(actor: Actor, projectIdx: number): Promise<ProjectSettings> {
      await this.authorizeIn(actor, projectIdx, 'project.view');
      const project = (await repo.findById(projectIdx))!;
      return toSettings(project, await repo.totalMember(projectIdx));
    },

    async update(actor: Actor, projectIdx: number, input: UpdateProjectRequest): Promise<ProjectSettings> {
      await this.authorizeIn(actor, projectIdx, 'project.update');
      const current = (await repo.findById(projectIdx))!;
      const startDt = input.startDt === undefined ? current.startDt : input.startDt;
      const endDt = input.endDt === undefined ? current.endDt : input.endDt;
      // Only one of the dates may be sent: check the pair as it will be stored.
      if (startDt && endDt && endDt < startDt) throw fieldError('endDt', 'endBeforeStart');
      return transaction(async (r) => {
        const row = await r.update(projectIdx, {
          ...(input.name !== undefined ? { name: input.name.trim() } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          startDt,
          endDt,
          updatedByIdx: actor.memberIdx,
        });
        const result = toSettings(row, await r.totalMember(projectIdx));
        await r.events.record('project.updated', projectIdx, result);
        return result;
      });
    },

    /**
     * Soft delete: the project leaves every member's list and every call answers as for a stranger;
     * its data stays for PROJECT_RESTORE_DAYS, during which an admin may restore it. After that it is
     * excluded for good (no restore, never listed); rows are kept, no purge job deletes them.
     */
    async remove(actor: Actor, projectIdx: number, confirmName: string): Promise<{ projectIdx: number }> {
      await this.authorizeIn(actor, projectIdx, 'project.delete');
      const project = (await repo.findById(projectIdx))!;
      if (confirmName.trim() !== project.name) throw fieldError('confirmName', 'nameMismatch');
      await transaction(async (r) => {
        await r.markDeleted(projectIdx, actor.memberIdx, ctx.clock.now());
        await r.events.record('project.deleted', projectIdx, { projectIdx });
      });
      return { projectIdx };
    },

    async listDeleted(actor: Actor): Promise<DeletedProject[]> {
      const rows = await repo.deletedWithAdminAuthority(actor.memberIdx, restoreWindowStart(ctx.clock.now()));
      return rows.map(({ project }) => toDeleted(project));
    },

    async restore(actor: Actor, projectIdx: number): Promise<ProjectOfMember> {
      const project = await repo.findAnyById(projectIdx);
      const membership = project ? await repo.findMembershipInAnyState(projectIdx, actor.memberIdx) : null;
      authz.decide(membership, 'project.restore');
      if (
        project!.delYn !== 'Y' ||
        !project!.deletedAt ||
        project!.deletedAt <= restoreWindowStart(ctx.clock.now())
      )
        throw new AppError('PROJECT_NOT_FOUND');
      return transaction(async (r) => {
        await r.markRestored(projectIdx, actor.memberIdx, ctx.clock.now());
        const restored = (await r.findById(projectIdx))!;
        const result = toProjectOfMember(restored, membership!, await r.totalMember(projectIdx));
        await r.events.record('project.restored', projectIdx, result);
        return result;
      });
    },
  };
}
export type ProjectService = ReturnType<typeof createProjectService>;
