import {
  hasPermission,
  isProfessionalRole,
  type MembershipRecord,
  type ProjectRole,
} from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import { hasAdminAuthority } from '../project/project.policy.js';
import type { MembershipRow } from '../project/project.repository.js';

/** The actor as the spec §5 check sees it; a professional with admin authority counts as admin. */
export function permissionActor(m: MembershipRow): { role: ProjectRole; selfProjectIdx: number } {
  const role = isProfessionalRole(m.role) && hasAdminAuthority(m) ? 'admin' : m.role;
  return { role, selfProjectIdx: m.memberInProjectIdx };
}

/**
 * May this member edit the story (fields, status, assignees, deletion)? Spec §5 on the story's
 * owners: its assignees' records, or, when nobody is assigned, its reporter's. So a depth2 member
 * edits stories assigned to them and unassigned ones they reported, a depth1 lead also their team's,
 * an admin all. A client edits only their own proposal while it is still being considered. Any
 * professional may triage a considering story (accept → pending, reject → rejected).
 */
export function canEditStory(
  m: MembershipRow,
  story: { status: string; reporterIdx: number | null },
  owners: { assignees: MembershipRecord[]; reporter: MembershipRecord | null },
): boolean {
  if (!isProfessionalRole(m.role))
    return story.status === 'considering' && story.reporterIdx === m.memberInProjectIdx;
  const actor = permissionActor(m);
  if (actor.role === 'admin' || story.status === 'considering') return true;
  if (owners.assignees.length > 0) return owners.assignees.some((record) => hasPermission(record, actor));
  return hasPermission(owners.reporter, actor);
}

export function requireStoryEdit(...args: Parameters<typeof canEditStory>): void {
  if (!canEditStory(...args)) throw new AppError('FORBIDDEN');
}
