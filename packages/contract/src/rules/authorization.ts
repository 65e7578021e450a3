import type { ProjectRole } from '../constants.js';

/**
 * Every action on a project, decided by one table (docs/permissions.md). The server's `authorize`
 * enforces it; `GET /project/{projectIdx}/roles` sends the caller's allowed actions (`abilities`) so
 * the web app shows only what the server will accept. Per-record rules (spec §5 permission check:
 * own records, a depth1 lead's team) narrow `planning.edit` further in the planning services.
 */
export const projectActions = [
  'project.view',
  'project.update',
  'project.delete',
  'project.restore',
  'member.list',
  'member.update',
  'member.remove',
  'member.leave',
  'invite.manage',
  'epic.view',
  'epic.manage',
  'link.view',
  'link.create',
  'link.delete',
  'file.upload',
  'planning.view',
  'planning.edit',
  'milestone.requestApproval',
  'milestone.decide',
  'webhook.manage',
  'billing.manage',
  'job.view',
] as const;
export type ProjectAction = (typeof projectActions)[number];

/** Who may: any member, professionals (admin, depth1, depth2), admin authority, the client side. */
export type AccessRule = 'member' | 'professional' | 'adminAuthority' | 'client';

export const actionRules: Record<ProjectAction, AccessRule> = {
  'project.view': 'member',
  'project.update': 'adminAuthority',
  'project.delete': 'adminAuthority',
  'project.restore': 'adminAuthority',
  'member.list': 'member',
  'member.update': 'adminAuthority',
  'member.remove': 'adminAuthority',
  'member.leave': 'member',
  'invite.manage': 'adminAuthority',
  'epic.view': 'member',
  'epic.manage': 'professional',
  'link.view': 'member',
  'link.create': 'professional',
  'link.delete': 'professional',
  'file.upload': 'member',
  'planning.view': 'member',
  'planning.edit': 'professional',
  'milestone.requestApproval': 'professional',
  'milestone.decide': 'client',
  'webhook.manage': 'adminAuthority',
  'billing.manage': 'adminAuthority',
  'job.view': 'adminAuthority',
};

/** The error code a member gets when the rule refuses them (a non-member always gets PROJECT_ACCESS_DENIED). */
export const ruleDenial = {
  member: 'PROJECT_ACCESS_DENIED',
  professional: 'PROFESSIONAL_ONLY',
  adminAuthority: 'ADMIN_ONLY',
  client: 'CLIENT_ONLY',
} as const satisfies Record<AccessRule, string>;

/** A member as the table sees them: the project role and the admin authority flag (settings). */
export interface AuthorizationSubject {
  role: ProjectRole;
  isAdmin: boolean;
}

/** Role admin, or any role with the admin authority flag (a client-side creator is a client with it). */
export const hasAdminAuthorityOf = (m: AuthorizationSubject): boolean => m.role === 'admin' || m.isAdmin;

export function satisfiesRule(m: AuthorizationSubject | null | undefined, rule: AccessRule): boolean {
  if (!m) return false;
  const professional = m.role !== 'client';
  switch (rule) {
    case 'member':
      return true;
    case 'professional':
      return professional;
    case 'adminAuthority':
      return hasAdminAuthorityOf(m);
    case 'client':
      return m.role === 'client';
  }
}

export const can = (m: AuthorizationSubject | null | undefined, action: ProjectAction): boolean =>
  satisfiesRule(m, actionRules[action]);

/** Every action the member may take, in table order. */
export const abilitiesOf = (m: AuthorizationSubject | null | undefined): ProjectAction[] =>
  projectActions.filter((action) => can(m, action));
