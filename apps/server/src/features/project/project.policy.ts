import { isProfessionalRole } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { MembershipRow } from './project.repository.js';

/** Outsiders learn nothing about a project, not even whether it exists beyond this code. */
export function requireMembership(membership: MembershipRow | null): MembershipRow {
  if (!membership) throw new AppError('PROJECT_ACCESS_DENIED');
  return membership;
}

/** Spec §6: only professionals (admin, depth1, depth2) add or delete links. */
export function requireProfessional(membership: MembershipRow | null): MembershipRow {
  const m = requireMembership(membership);
  if (!isProfessionalRole(m.role)) throw new AppError('PROFESSIONAL_ONLY');
  return m;
}

export const hasAdminAuthority = (m: MembershipRow): boolean => m.role === 'admin' || m.isAdmin;
