import { hasAdminAuthorityOf, type ProjectRole } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { MembershipRow } from './membership.repository.js';

export { holdsAdminAuthority } from '../../db/admin-authority.js';

/** The active members of a project besides one record, and how many of them hold admin authority. */
export interface OtherMembers {
  members: number;
  admins: number;
}

/** What the rule needs from the repository, read in the transaction of the change. */
export interface LastAdminReader {
  otherMembers(projectIdx: number, memberInProjectIdx: number): Promise<OtherMembers>;
}

/**
 * docs/product/projects-and-membership.md#last-admin, the one place it is decided: a project keeps at least one member with admin authority.
 * `target` loses it by a role change (`after` is its new role and flag) or by leaving the project
 * (`after` null: removal, leaving, withdrawal); the change is refused when nobody else holds it.
 * An account withdrawal may still empty a project nobody else is in: no one is left to orphan.
 *
 * Call it inside the transaction of the change, after `lockProject(target.projectIdx)`: the lock
 * makes concurrent changes of one project wait for each other, so each counts what the previous
 * one committed (two admins stepping down at once: the second gets LAST_ADMIN).
 */
export async function leavesProjectWithoutAdmin(
  r: LastAdminReader,
  target: MembershipRow,
  after: { role: ProjectRole; isAdmin: boolean } | null,
  change: 'member' | 'withdrawal' = 'member',
): Promise<boolean> {
  if (!hasAdminAuthorityOf(target) || (after && hasAdminAuthorityOf(after))) return false;
  const others = await r.otherMembers(target.projectIdx, target.memberInProjectIdx);
  if (others.admins > 0) return false;
  return change === 'member' || others.members > 0;
}

/** LAST_ADMIN when the change would leave the target's project without admin authority. */
export async function assertAdminRemains(
  r: LastAdminReader,
  target: MembershipRow,
  after: { role: ProjectRole; isAdmin: boolean } | null,
): Promise<void> {
  if (await leavesProjectWithoutAdmin(r, target, after)) throw new AppError('LAST_ADMIN');
}
