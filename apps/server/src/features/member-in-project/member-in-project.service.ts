import type { MemberInProject } from '@teamline/contract';
import type { Actor } from '../../shared/context.js';
import { AppError } from '../../shared/app-error.js';
import type { ProjectService } from '../project/project.service.js';
import type { MemberInProjectRepository } from './member-in-project.repository.js';

export function createMemberInProjectService(repo: MemberInProjectRepository, projects: ProjectService) {
  return {
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
  };
}
export type MemberInProjectService = ReturnType<typeof createMemberInProjectService>;
