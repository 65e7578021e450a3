import type { ProjectRole } from '../constants.js';

/** A project-membership record (spec §3): who it belongs to and, for depth2, their team lead. */
export interface MembershipRecord {
  memberInProjectIdx: number;
  depth1Idx?: number | null;
}

export interface PermissionActor {
  role: ProjectRole | '' | null | undefined;
  /** The actor's own memberInProjectIdx in this project (spec: selfProjectIdx). */
  selfProjectIdx: number | string | null | undefined;
}

/**
 * Spec §5 "Permission check": may the actor edit what this membership record owns (its assigned
 * stories, its time entries)? No record: no. Admin: yes. Otherwise one's own record, and a depth1
 * lead also the records of the team whose depth1Idx is the lead.
 */
export function hasPermission(record: MembershipRecord | null | undefined, actor: PermissionActor): boolean {
  if (!record) return false;
  if (actor.role === 'admin') return true;
  const self =
    actor.selfProjectIdx == null || actor.selfProjectIdx === '' ? null : Number(actor.selfProjectIdx);
  if (self === null) return false;
  if (record.memberInProjectIdx === self) return true;
  return actor.role === 'depth1' && record.depth1Idx != null && record.depth1Idx === self;
}

/** Professionals are every project role but client (spec §6). */
export const isProfessionalRole = (role: ProjectRole | '' | null | undefined): boolean =>
  role === 'admin' || role === 'depth1' || role === 'depth2';
