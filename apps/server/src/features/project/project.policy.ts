import {
  actionRules,
  abilitiesOf,
  can,
  hasAdminAuthorityOf,
  ruleDenial,
  type ProjectAction,
} from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { MembershipRow } from './project.repository.js';

/**
 * The one decision point for actions on a project (docs/permissions.md). `membership` is the
 * caller's active record in a live project, or null. A non-member always gets PROJECT_ACCESS_DENIED,
 * whether the project exists or not: outsiders learn nothing about other projects' ids. A member
 * whose role the action table refuses gets the rule's own code (PROFESSIONAL_ONLY, ADMIN_ONLY, ...).
 * Per-record rules (spec §5 hasPermission: own records, a depth1 lead's team) come after this.
 */
export function authorize(membership: MembershipRow | null, action: ProjectAction): MembershipRow {
  if (!membership) throw new AppError('PROJECT_ACCESS_DENIED');
  if (!can(membership, action)) throw new AppError(ruleDenial[actionRules[action]]);
  return membership;
}

/** The caller's allowed actions, sent to the web app with the roles. */
export const abilities = (membership: MembershipRow | null): ProjectAction[] => abilitiesOf(membership);

/** Any member of the project. */
export const requireMembership = (membership: MembershipRow | null): MembershipRow =>
  authorize(membership, 'project.view');

/** Spec §6: only professionals (admin, depth1, depth2) add or delete links. */
export const requireProfessional = (membership: MembershipRow | null): MembershipRow =>
  authorize(membership, 'link.create');

export const hasAdminAuthority = (m: MembershipRow): boolean => hasAdminAuthorityOf(m);
