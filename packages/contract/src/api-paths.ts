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
  // Planning (spec §7 "Planning"); `{id}` paths keep the spec's names.
  milestone: '/milestone',
  milestoneTimeline: '/milestone/timeline',
  milestoneStories: '/milestone/stories',
  milestoneOrder: '/milestone/order',
  milestoneOne: (milestoneIdx: number | string) => `/milestone/${milestoneIdx}`,
  milestoneApproved: (milestoneIdx: number | string) => `/milestone/approved/${milestoneIdx}`,
  story: '/story',
  storyOne: (storyIdx: number | string) => `/story/${storyIdx}`,
  storyAwaitingZone: '/story/awaiting-zone',
  storyNoEpic: (projectIdx: number | string) => `/story/no-epic/${projectIdx}`,
  storyByEpic: (epicIdx: number | string) => `/story/by-epic/${epicIdx}`,
  storyOrder: '/story/order',
  storyComment: (storyIdx: number | string) => `/story/${storyIdx}/comment`,
  assignee: (storyIdx: number | string) => `/assignee/${storyIdx}`,
  epic: '/epic',
  epicOne: (epicIdx: number | string) => `/epic/${epicIdx}`,
  epicAllOfProject: '/epic/all-of-project',
  timekeeping: '/timekeeping',
  timekeepingBulk: '/timekeeping/bulk',
  memberInProject: '/member-in-project',
  memberInProjectInfo: '/member-in-project/info',
  // History (spec §7 "History")
  historyStory: '/history/story',
  historyMilestone: '/history/milestone',
  historyData: '/history-data/by-history-idx',
  // Dashboard: every section of one project in one call.
  dashboard: '/dashboard',
  ws: '/ws',
} as const;

export const API_BASE = '/api';
