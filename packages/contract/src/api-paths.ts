/**
 * Every API path, relative to the base address `/api` (PRODUCT.md "API conventions"). The server
 * registers these and the web app calls these, so a renamed path breaks the type check, not users.
 */
export const apiPaths = {
  health: '/health',
  docs: '/docs',
  region: '/common/region',
  authConfig: '/auth/config',
  authEmail: '/auth/email',
  authEmailVerify: '/auth/email/verify',
  authLoginGeneral: '/auth/login/general',
  authRefresh: '/auth/refresh',
  authLogout: '/auth/logout',
  memberJoinGeneral: '/member/join/general',
  member: '/member',
  memberProfile: '/member/profile',
  memberFindId: '/member/find/id',
  memberFindPassword: '/member/find/password',
  memberPasswordReset: '/member/password/reset',
  memberPassword: '/member/password',
  file: '/file',
  project: '/project',
  projectListOfMember: '/project/list-of-member',
  projectRoles: (projectIdx: number | string) => `/project/${projectIdx}/roles`,
  link: '/link',
  linkOne: (linkIdx: number | string) => `/link/${linkIdx}`,
  ws: '/ws',
} as const;

export const API_BASE = '/api';
