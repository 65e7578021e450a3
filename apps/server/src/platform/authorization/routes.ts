import type { ErrorCode, ProjectAction } from '@teamline/contract';

/** One API route as the app registered it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Fastify's route config, where `public: true` marks a route open to anonymous callers. */
  config?: unknown;
}

/**
 * What decides access to a route: `public` (no key), `authenticated` (any signed-in caller, acting
 * on their own account or by a secret such as an invitation token), or a project action of the
 * table. `by` says how the route addresses the project: by project id (a stranger gets 403
 * PROJECT_ACCESS_DENIED) or by a child record's id (a stranger gets that record's 404).
 */
export type RoutePolicy =
  | 'public'
  | 'authenticated'
  | { action: ProjectAction; by: 'project' }
  | { action: ProjectAction; by: 'record'; missing: ErrorCode };

const project = (action: ProjectAction): RoutePolicy => ({ action, by: 'project' });
const record = (action: ProjectAction, missing: ErrorCode): RoutePolicy => ({
  action,
  by: 'record',
  missing,
});

/**
 * Every API route and its policy, by `METHOD /api/url` as registered. A route missing here fails
 * `routes.test.ts`; the route × caller matrix (`matrix.test.ts`) is generated from the entries with
 * an action and expects each answer from the action table.
 */
export const routePolicies: Record<string, RoutePolicy> = {
  'GET /api/common/region': 'public',
  'GET /api/auth/config': 'public',
  'POST /api/auth/email': 'public',
  'POST /api/auth/email/verify': 'public',
  'POST /api/auth/login/general': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/logout': 'authenticated',
  // A mailed one-time sign-in link (issue 30): before any key exists.
  'POST /api/auth/login/link': 'public',
  'POST /api/auth/login/link/verify': 'public',
  // Outside sign-in (docs/decisions.md "Outside sign-in"): before any account or key exists.
  'GET /api/auth/oauth/:provider': 'public',
  'GET /api/auth/oauth/:provider/callback': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/oauth/link': 'public',
  'POST /api/member/join': 'public',
  // Two-factor sign-in (docs/decisions.md "Two-factor sign-in"): the second step holds a challenge
  // token instead of a key; passwordless passkey sign-in holds its WebAuthn ticket.
  'POST /api/auth/login/second-factor': 'public',
  'POST /api/auth/login/second-factor/passkey-options': 'public',
  'POST /api/auth/passkey/options': 'public',
  'POST /api/auth/login/passkey': 'public',
  'POST /api/auth/step-up': 'authenticated',
  'POST /api/auth/step-up/passkey-options': 'authenticated',
  'GET /api/two-factor': 'authenticated',
  'POST /api/two-factor/totp': 'authenticated',
  'POST /api/two-factor/totp/confirm': 'authenticated',
  'DELETE /api/two-factor/totp': 'authenticated',
  'POST /api/two-factor/recovery-codes': 'authenticated',
  'POST /api/two-factor/passkey/options': 'authenticated',
  'POST /api/two-factor/passkey': 'authenticated',
  'DELETE /api/two-factor/passkey/:passkeyIdx': 'authenticated',
  'POST /api/member/join/general': 'public',
  'POST /api/member/find/id': 'public',
  'POST /api/member/find/password': 'public',
  'POST /api/member/password/reset': 'public',
  'PATCH /api/member/password': 'authenticated',
  'GET /api/member': 'authenticated',
  'PATCH /api/member': 'authenticated',
  'DELETE /api/member': 'authenticated',
  'GET /api/member/profile': 'authenticated',
  // The devices page: the caller's own sessions only (another's sessionId is SESSION_NOT_FOUND).
  'GET /api/member/sessions': 'authenticated',
  'DELETE /api/member/sessions/others': 'authenticated',
  'DELETE /api/member/sessions/:sessionId': 'authenticated',
  'GET /api/ws': 'public',
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  // Creating a project and listing one's own need only an account.
  'POST /api/project': 'authenticated',
  'GET /api/project/list-of-member': 'authenticated',
  'GET /api/project/deleted': 'authenticated',
  'GET /api/project/:projectIdx/roles': project('project.view'),
  'GET /api/project/:projectIdx': project('project.view'),
  'PATCH /api/project/:projectIdx': project('project.update'),
  'DELETE /api/project/:projectIdx': project('project.delete'),
  'POST /api/project/:projectIdx/restore': project('project.restore'),
  'GET /api/project/:projectIdx/two-factor': project('project.view'),
  'PUT /api/project/:projectIdx/two-factor': project('project.update'),
  // An upload without projectIdx is the caller's own (an avatar); with one, file.upload in it.
  'POST /api/file': project('file.upload'),
  'GET /api/file': record('file.download', 'FILE_NOT_FOUND'),
  // A signed address: the HMAC over the id and expiry is the permission (GET /file/url hands it out).
  'GET /api/file/signed': 'public',
  // A signed address is for a file the caller may read (file.download), or an image of reviews the
  // caller may read (review.view in a shared project): docs/decisions.md "Reviews".
  'GET /api/file/url': record('file.download', 'FILE_NOT_FOUND'),
  // Files and my data (issue 30). A member's own file (no project) is its uploader's alone; a project
  // file by the record rule on its uploader's record. A file still used anywhere is 409 FILE_IN_USE.
  'DELETE /api/file/:fileIdx': record('file.delete', 'FILE_NOT_FOUND'),
  'GET /api/file/usage': 'authenticated',
  'GET /api/project/:projectIdx/storage': project('file.usage'),
  'POST /api/member/export': 'authenticated',
  'GET /api/member/export': 'authenticated',
  // A signed address handed to the archive's owner by GET /member/export: the HMAC is the permission.
  'GET /api/member/export/download': 'public',
  // Reviews are between members, decided in a project the caller shares with the reviewed member.
  'POST /api/file/:id/media': record('review.create', 'REVIEW_NOT_SHARED'),
  'POST /api/review-member': project('review.create'),
  'GET /api/review-member/of-member': record('review.view', 'MEMBER_NOT_FOUND'),
  'PATCH /api/review-member/:reviewIdx': record('review.update', 'REVIEW_NOT_FOUND'),
  'DELETE /api/review-member/:reviewIdx': record('review.delete', 'REVIEW_NOT_FOUND'),
  'GET /api/job': project('job.view'),
  // The audit log (issue 30): a project's log and its CSV for admin authority; one's own account log.
  'GET /api/audit': project('audit.view'),
  'GET /api/audit/export': project('audit.view'),
  'GET /api/audit/me': 'authenticated',
  'GET /api/link': project('link.view'),
  'POST /api/link': project('link.create'),
  'DELETE /api/link/:linkIdx': record('link.delete', 'LINK_NOT_FOUND'),
  'GET /api/member-in-project': project('member.list'),
  'GET /api/member-in-project/info': project('member.list'),
  'PATCH /api/member-in-project/:memberInProjectIdx': record('member.update', 'MEMBER_IN_PROJECT_NOT_FOUND'),
  'DELETE /api/member-in-project/:memberInProjectIdx': record('member.remove', 'MEMBER_IN_PROJECT_NOT_FOUND'),
  'POST /api/member-in-project/invite': project('invite.manage'),
  // Reading an invitation by its token needs no key: the token is the secret.
  'GET /api/member-in-project/invite': 'public',
  'POST /api/member-in-project/invite/accept': 'authenticated',
  // The invitation's token is the secret: it opens the join form of its address, before an account.
  'POST /api/member-in-project/invite/verify': 'public',
  'GET /api/member-in-project/invite/list': project('invite.manage'),
  'POST /api/member-in-project/invite/:inviteIdx/resend': record('invite.manage', 'NOT_FOUND'),
  'DELETE /api/member-in-project/invite/:inviteIdx': record('invite.manage', 'NOT_FOUND'),
  'GET /api/milestone/timeline': project('planning.view'),
  'POST /api/milestone': project('planning.edit'),
  'GET /api/milestone/stories': record('planning.view', 'MILESTONE_NOT_FOUND'),
  'PATCH /api/milestone/order': record('planning.edit', 'MILESTONE_NOT_FOUND'),
  // request: milestone.requestApproval; approve / reject: milestone.decide (by the body's action).
  'PATCH /api/milestone/approved/:id': record('milestone.requestApproval', 'MILESTONE_NOT_FOUND'),
  'PATCH /api/milestone/:id': record('milestone.edit', 'MILESTONE_NOT_FOUND'),
  'DELETE /api/milestone/:id': record('milestone.delete', 'MILESTONE_NOT_FOUND'),
  'GET /api/milestone/:milestoneIdx': record('planning.view', 'MILESTONE_NOT_FOUND'),
  'GET /api/story/awaiting-zone': project('planning.view'),
  'GET /api/story/no-epic/:id': project('planning.view'),
  'GET /api/story/by-epic/:id': record('epic.view', 'EPIC_NOT_FOUND'),
  // Who may not edit the plan proposes a story (considering) instead.
  'POST /api/story': project('planning.view'),
  'PATCH /api/story/order': record('planning.edit', 'STORY_NOT_FOUND'),
  'GET /api/story/:storyIdx': record('planning.view', 'STORY_NOT_FOUND'),
  'PATCH /api/story/:id': record('story.edit', 'STORY_NOT_FOUND'),
  'DELETE /api/story/:id': record('story.edit', 'STORY_NOT_FOUND'),
  'PATCH /api/assignee/:id': record('story.edit', 'STORY_NOT_FOUND'),
  'GET /api/story/:id/comment': record('planning.view', 'STORY_NOT_FOUND'),
  'POST /api/story/:id/comment': record('story.comment', 'STORY_NOT_FOUND'),
  'GET /api/epic/all-of-project': project('epic.view'),
  'POST /api/epic': project('epic.manage'),
  'PATCH /api/epic/:id': record('epic.manage', 'EPIC_NOT_FOUND'),
  'DELETE /api/epic/:id': record('epic.manage', 'EPIC_NOT_FOUND'),
  'GET /api/timekeeping': project('planning.view'),
  'POST /api/timekeeping': record('time.log', 'STORY_NOT_FOUND'),
  'DELETE /api/timekeeping/bulk': record('time.delete', 'TIMEKEEPING_NOT_FOUND'),
  'PATCH /api/timekeeping/:timekeepingIdx': record('time.edit', 'TIMEKEEPING_NOT_FOUND'),
  'GET /api/history/story': record('planning.view', 'STORY_NOT_FOUND'),
  'GET /api/history/milestone': record('planning.view', 'MILESTONE_NOT_FOUND'),
  'GET /api/history-data/by-history-idx': record('planning.view', 'HISTORY_NOT_FOUND'),
  'GET /api/dashboard': project('planning.view'),
  // Requests: the list is the caller's own boxes; one request is its parties' (requestRecord), and a
  // member it does not concern gets REQUEST_NOT_FOUND like a stranger.
  'GET /api/request': project('request.list'),
  'POST /api/request': project('request.create'),
  'GET /api/request/:requestIdx': record('request.view', 'REQUEST_NOT_FOUND'),
  'PATCH /api/request/:requestIdx': record('request.update', 'REQUEST_NOT_FOUND'),
  'DELETE /api/request/:requestIdx': record('request.delete', 'REQUEST_NOT_FOUND'),
  'POST /api/request/:requestIdx/comment': record('request.comment', 'REQUEST_NOT_FOUND'),
  // Contracts: the list is filtered by the record rule (contractRecord); one contract is seen by its
  // professional, their lead and the hiring side, and anyone else gets CONTRACT_NOT_FOUND.
  'GET /api/contract': project('contract.list'),
  'POST /api/contract': project('contract.offer'),
  'GET /api/contract/:contractIdx': record('contract.view', 'CONTRACT_NOT_FOUND'),
  'POST /api/contract/:contractIdx/accept': record('contract.accept', 'CONTRACT_NOT_FOUND'),
  'POST /api/contract/:contractIdx/decline': record('contract.decline', 'CONTRACT_NOT_FOUND'),
  'POST /api/contract/:contractIdx/end': record('contract.end', 'CONTRACT_NOT_FOUND'),
  // Job posts: any signed-in account browses the open ones and applies (the service hides closed
  // posts from all but their managers); the post's project's hiring side manages them and decides
  // on applications. The routes by a post's id answer a stranger PROJECT_ACCESS_DENIED, not a 404:
  // the open post itself is public. The applicant's own withdraw (PATCH with status withdrawn) is
  // theirs alone, decided before the table.
  'GET /api/recruitment': 'authenticated',
  'POST /api/recruitment': project('recruitment.manage'),
  'GET /api/recruitment/:recruitmentIdx': 'authenticated',
  'PATCH /api/recruitment/:recruitmentIdx': project('recruitment.manage'),
  'DELETE /api/recruitment/:recruitmentIdx': project('recruitment.manage'),
  'POST /api/recruitment/:recruitmentIdx/apply': 'authenticated',
  'GET /api/recruitment/:recruitmentIdx/application': project('recruitment.manage'),
  'PATCH /api/application/:applicationIdx': project('recruitment.manage'),
  // Settlements: seen like their contract (contractRecord), anyone else gets SETTLEMENT_NOT_FOUND;
  // submitted by the professional alone, decided and paid by the hiring side (never by the professional).
  'GET /api/settlement': project('settlement.list'),
  'GET /api/settlement/:settlementIdx': record('settlement.view', 'SETTLEMENT_NOT_FOUND'),
  'GET /api/settlement/:settlementIdx/export': record('settlement.view', 'SETTLEMENT_NOT_FOUND'),
  'POST /api/settlement/:settlementIdx/submit': record('settlement.submit', 'SETTLEMENT_NOT_FOUND'),
  'POST /api/settlement/:settlementIdx/approve': record('settlement.decide', 'SETTLEMENT_NOT_FOUND'),
  'POST /api/settlement/:settlementIdx/return': record('settlement.decide', 'SETTLEMENT_NOT_FOUND'),
  'POST /api/settlement/:settlementIdx/pay': record('settlement.pay', 'SETTLEMENT_NOT_FOUND'),
  // Subscriptions and billing: every member reads the subscription (the warning bar), admins manage
  // it; the price table and one's own cards need only an account.
  'GET /api/plan': 'authenticated',
  'GET /api/subscription': project('project.view'),
  'POST /api/subscription': project('billing.manage'),
  'PATCH /api/subscription/:subscriptionIdx': record('billing.manage', 'SUBSCRIPTION_NOT_FOUND'),
  'POST /api/subscription/:subscriptionIdx/sheets': record('billing.manage', 'SUBSCRIPTION_NOT_FOUND'),
  'POST /api/subscription/:subscriptionIdx/refund': record('billing.manage', 'SUBSCRIPTION_NOT_FOUND'),
  'GET /api/payment': project('billing.manage'),
  'GET /api/card': 'authenticated',
  'POST /api/card': 'authenticated',
  'DELETE /api/card/:cardIdx': 'authenticated',
  'GET /api/coupon': project('billing.manage'),
  'POST /api/coupon': project('billing.manage'),
  // Notifications: only the caller's own notices and preferences (queried by their memberIdx).
  'GET /api/notification': 'authenticated',
  'POST /api/notification/read': 'authenticated',
  'GET /api/member/notification-setting': 'authenticated',
  'PUT /api/member/notification-setting': 'authenticated',
  // Webhooks (issue 13): project admins only; another project's hook or delivery looks missing.
  'GET /api/webhook': project('webhook.manage'),
  'POST /api/webhook': project('webhook.manage'),
  'PATCH /api/webhook/:webhookIdx': record('webhook.manage', 'WEBHOOK_NOT_FOUND'),
  'DELETE /api/webhook/:webhookIdx': record('webhook.manage', 'WEBHOOK_NOT_FOUND'),
  'POST /api/webhook/:webhookIdx/test': record('webhook.manage', 'WEBHOOK_NOT_FOUND'),
  'GET /api/webhook/:webhookIdx/delivery': record('webhook.manage', 'WEBHOOK_NOT_FOUND'),
  'POST /api/webhook/delivery/:deliveryIdx/retry': record('webhook.manage', 'WEBHOOK_DELIVERY_NOT_FOUND'),
  // The image chat tools fetch for the messages' sender (no key: they fetch it themselves).
  'GET /api/webhook/icon.png': 'public',
  // GitHub sync (issue 14): members read the key and a story's links; admins manage the rest.
  'GET /api/github': project('planning.view'),
  'POST /api/github/token': project('github.manage'),
  'POST /api/github/oauth': project('github.manage'),
  'GET /api/github/oauth/callback': 'public',
  'GET /api/github/repos': project('github.manage'),
  'GET /api/github/branches': project('github.manage'),
  'PUT /api/github': project('github.manage'),
  'DELETE /api/github': project('github.manage'),
  'GET /api/github/sync-log': project('github.manage'),
  'POST /api/github/sync': project('github.manage'),
  'GET /api/github/story-links': record('planning.view', 'STORY_NOT_FOUND'),
  // GitHub's deliveries: signed with the project's secret, not a key.
  'POST /api/github/webhook': 'public',
  // Documents (issue 15): members read, professionals write; the author or admin authority shares,
  // links and deletes. The document service narrows further per document (private, shares).
  'GET /api/folder': project('document.view'),
  'POST /api/folder': project('document.edit'),
  'PATCH /api/folder/:folderIdx': record('document.edit', 'FOLDER_NOT_FOUND'),
  'DELETE /api/folder/:folderIdx': record('document.edit', 'FOLDER_NOT_FOUND'),
  'POST /api/folder/:folderIdx/share': record('document.share', 'FOLDER_NOT_FOUND'),
  'DELETE /api/folder/share/:shareIdx': record('document.share', 'DOCUMENT_SHARE_NOT_FOUND'),
  'GET /api/document': project('document.view'),
  'POST /api/document': project('document.edit'),
  'GET /api/document/:documentIdx': record('document.view', 'DOCUMENT_NOT_FOUND'),
  'PATCH /api/document/:documentIdx': record('document.edit', 'DOCUMENT_NOT_FOUND'),
  'DELETE /api/document/:documentIdx': record('document.share', 'DOCUMENT_NOT_FOUND'),
  'POST /api/document/:documentIdx/restore': record('document.share', 'DOCUMENT_NOT_FOUND'),
  'GET /api/document/:documentIdx/version': record('document.view', 'DOCUMENT_NOT_FOUND'),
  'GET /api/document/:documentIdx/version/:versionNo': record('document.view', 'DOCUMENT_NOT_FOUND'),
  'GET /api/document/:documentIdx/export': record('document.view', 'DOCUMENT_NOT_FOUND'),
  'POST /api/document/:documentIdx/share': record('document.share', 'DOCUMENT_NOT_FOUND'),
  'DELETE /api/document/share/:shareIdx': record('document.share', 'DOCUMENT_SHARE_NOT_FOUND'),
  'POST /api/document/:documentIdx/public-link': record('document.share', 'DOCUMENT_NOT_FOUND'),
  'DELETE /api/document/:documentIdx/public-link': record('document.share', 'DOCUMENT_NOT_FOUND'),
  // AI (issue 15): drafting and applying are professionals' work; another project's job looks missing.
  'POST /api/project/:projectIdx/timeline-by-ai': project('ai.timeline'),
  'POST /api/document/ai': project('ai.document'),
  'GET /api/ai-job/:jobIdx': record('ai.timeline', 'AI_JOB_NOT_FOUND'),
  'POST /api/ai-job/:jobIdx/apply': record('ai.timeline', 'AI_JOB_NOT_FOUND'),
  'POST /api/ai-job/:jobIdx/cancel': record('ai.timeline', 'AI_JOB_NOT_FOUND'),
  // Live co-editing: a WebSocket whose Hocuspocus token is the access key (checked per document).
  'GET /api/document/collab': 'public',
  // A read-only public link: the token is the permission.
  'GET /api/public/document/:token': 'public',
};

export const routeKey = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;
