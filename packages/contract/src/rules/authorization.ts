import type { ProjectRole } from '../constants.js';

/**
 * Every action on a project, decided by one table (docs/permissions.md, generated from it). The
 * server's `authorize` enforces it; `GET /project/{projectIdx}/roles` sends the caller's allowed
 * actions (`abilities`) so the web app shows only what the server will accept. Actions marked
 * `record: 'own'` are narrowed per record by `mayActOnRecord` (docs/product/projects-and-membership.md#permission-check permission check); the server
 * sends the per-record answer with the record (`can`), the web app never computes it.
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
  'file.download',
  'file.delete',
  'file.usage',
  'planning.view',
  'planning.edit',
  'story.comment',
  'story.edit',
  'milestone.edit',
  'milestone.delete',
  'milestone.requestApproval',
  'milestone.decide',
  'time.log',
  'time.delete',
  'time.edit',
  'webhook.manage',
  'github.manage',
  'billing.manage',
  'job.view',
  'audit.view',
  'request.list',
  'request.view',
  'request.create',
  'request.update',
  'request.delete',
  'request.comment',
  'contract.list',
  'contract.view',
  'contract.offer',
  'contract.accept',
  'contract.decline',
  'contract.end',
  'settlement.list',
  'settlement.view',
  'settlement.submit',
  'settlement.decide',
  'settlement.pay',
  'budget.view',
  'budget.manage',
  'recruitment.manage',
  'review.view',
  'review.create',
  'review.update',
  'review.delete',
  'document.view',
  'document.edit',
  'document.share',
  'ai.document',
  'ai.timeline',
] as const;
export type ProjectAction = (typeof projectActions)[number];

/**
 * Who may: any member, professionals (admin, depth1, depth2), admin authority, the client side, or
 * either of the last two (`adminOrClient`: the side that hires, e.g. offers and ends contracts).
 */
export type AccessRule = 'member' | 'professional' | 'adminAuthority' | 'client' | 'adminOrClient';

/**
 * One row of the table: the role rule and, for actions on one record, `record: 'own'` — the caller
 * must also pass `mayActOnRecord` on that record (admin authority; own; a depth1 lead's team).
 */
export interface ActionPolicy {
  rule: AccessRule;
  record?: 'own';
}
export type ActionTable = Record<ProjectAction, ActionPolicy>;

export const actionRules: ActionTable = {
  'project.view': { rule: 'member' },
  'project.update': { rule: 'adminAuthority' },
  'project.delete': { rule: 'adminAuthority' },
  'project.restore': { rule: 'adminAuthority' },
  'member.list': { rule: 'member' },
  'member.update': { rule: 'adminAuthority' },
  'member.remove': { rule: 'adminAuthority' },
  'member.leave': { rule: 'member' },
  'invite.manage': { rule: 'adminAuthority' },
  'epic.view': { rule: 'member' },
  'epic.manage': { rule: 'professional' },
  'link.view': { rule: 'member' },
  'link.create': { rule: 'professional' },
  'link.delete': { rule: 'professional' },
  'file.upload': { rule: 'member' },
  'file.download': { rule: 'member' },
  // The uploader, admin authority and the uploader's depth1 lead (the record rule); the file must be attached to nothing.
  'file.delete': { rule: 'member', record: 'own' },
  'file.usage': { rule: 'adminAuthority' },
  'planning.view': { rule: 'member' },
  'planning.edit': { rule: 'professional' },
  'story.comment': { rule: 'member' },
  'story.edit': { rule: 'member', record: 'own' },
  'milestone.edit': { rule: 'professional', record: 'own' },
  'milestone.delete': { rule: 'professional', record: 'own' },
  'milestone.requestApproval': { rule: 'professional' },
  'milestone.decide': { rule: 'client' },
  'time.log': { rule: 'professional', record: 'own' },
  'time.delete': { rule: 'member', record: 'own' },
  'time.edit': { rule: 'professional', record: 'own' },
  'webhook.manage': { rule: 'adminAuthority' },
  // GitHub sync: admins connect and configure; every member reads the key and a story's links (planning.view).
  'github.manage': { rule: 'adminAuthority' },
  'billing.manage': { rule: 'adminAuthority' },
  'job.view': { rule: 'adminAuthority' },
  // The project's audit log (security and money events, with addresses): admin authority only.
  'audit.view': { rule: 'adminAuthority' },
  // Requests (requestRecord): the caller's own boxes; one request per record, its parties.
  'request.list': { rule: 'member' },
  'request.view': { rule: 'member', record: 'own' },
  'request.create': { rule: 'member' },
  'request.update': { rule: 'member', record: 'own' },
  'request.delete': { rule: 'member', record: 'own' },
  'request.comment': { rule: 'member', record: 'own' },
  // Contracts (contractRecord): the professional's own, their depth1 lead's team, and the hiring side
  // (admin authority, clients) the whole project's. The offer's answer is the professional's alone.
  'contract.list': { rule: 'member' },
  'contract.view': { rule: 'member', record: 'own' },
  'contract.offer': { rule: 'adminOrClient' },
  'contract.accept': { rule: 'professional', record: 'own' },
  'contract.decline': { rule: 'professional', record: 'own' },
  'contract.end': { rule: 'adminOrClient' },
  // Settlements (contractRecord of their contract): seen like the contract; submitted by its
  // professional alone; approved, returned and paid by the hiring side, never by its professional.
  'settlement.list': { rule: 'member' },
  'settlement.view': { rule: 'member', record: 'own' },
  'settlement.submit': { rule: 'professional', record: 'own' },
  'settlement.decide': { rule: 'adminOrClient' },
  'settlement.pay': { rule: 'adminOrClient' },
  // Spend and budgets (docs/product/spending-and-budgets.md): the side that pays the settlements
  // (approves and pays them) sees the project's money and sets its budgets; professionals do not.
  'budget.view': { rule: 'adminOrClient' },
  'budget.manage': { rule: 'adminOrClient' },
  // Job posts: read by any signed-in account (no project action); the hiring side of the post's
  // project posts, edits, closes and deletes them, sees the applicants and decides on them.
  'recruitment.manage': { rule: 'adminOrClient' },
  // Reviews are between members: decided in a project the caller shares with the reviewed member
  // (reading, writing: the named or newest shared one), and a review is its author's alone
  // (reviewRecord). docs/decisions.md "Reviews".
  'review.view': { rule: 'member' },
  'review.create': { rule: 'member' },
  'review.update': { rule: 'member', record: 'own' },
  'review.delete': { rule: 'member', record: 'own' },
  // Documents (issue 15): every member reads the project's documents, professionals write them; a
  // share gives one member edit (a client too), a private document is hidden from members it is not
  // shared with (docs/decisions.md "Documents"). Sharing, public links and deleting: the author or
  // admin authority (or the author's depth1 lead).
  'document.view': { rule: 'member' },
  'document.edit': { rule: 'professional' },
  'document.share': { rule: 'member', record: 'own' },
  // AI: drafting a document or a timeline is the work of those who write documents and plans.
  'ai.document': { rule: 'professional' },
  'ai.timeline': { rule: 'professional' },
};

/** The error code a member gets when the rule refuses them (a non-member always gets PROJECT_ACCESS_DENIED). */
export const ruleDenial = {
  member: 'PROJECT_ACCESS_DENIED',
  professional: 'PROFESSIONAL_ONLY',
  adminAuthority: 'ADMIN_ONLY',
  client: 'CLIENT_ONLY',
  adminOrClient: 'ADMIN_OR_CLIENT_ONLY',
} as const satisfies Record<AccessRule, string>;

/** The code a caller gets when the record rule refuses them (the role rule passed). */
export const recordDenial = 'FORBIDDEN';

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
    case 'adminOrClient':
      return m.role === 'client' || hasAdminAuthorityOf(m);
  }
}

export const can = (
  m: AuthorizationSubject | null | undefined,
  action: ProjectAction,
  table: ActionTable = actionRules,
): boolean => satisfiesRule(m, table[action].rule);

/** Every action the member may take, in table order (per-record actions: on some record). */
export const abilitiesOf = (
  m: AuthorizationSubject | null | undefined,
  table: ActionTable = actionRules,
): ProjectAction[] => projectActions.filter((action) => can(m, action, table));

/** A membership record that owns something (docs/product/projects-and-membership.md#permission-check): who it is and, for depth2, their team lead. */
export interface OwnerRecord {
  memberInProjectIdx: number;
  depth1Idx?: number | null;
}

/**
 * One record as the record rule sees it: its project and the membership records that own it
 * (a milestone its creator, a time entry its member, a story its assignees or else its reporter).
 * `openTo`: whoever the rule admits acts on it whoever owns it (any professional triages a client's
 * proposal). `closedTo`: only callers the rule admits act on it at all, owners included (a story
 * past triage is the professionals').
 */
export interface RecordScope {
  projectIdx: number;
  owners: readonly (OwnerRecord | null | undefined)[];
  openTo?: AccessRule;
  closedTo?: AccessRule;
  /**
   * Only the owners themselves: neither admin authority nor a team lead acts for them (a request's
   * moves belong to its parties: the receiver takes it, the sender withdraws it).
   */
  ownersOnly?: boolean;
}

/** A member deciding on a record: the table's subject plus who they are in which project. */
export interface RecordSubject extends AuthorizationSubject {
  projectIdx: number;
  memberInProjectIdx: number;
}

/**
 * The record rule of docs/product/projects-and-membership.md#permission-check, written once: the record must belong to the caller's project; then
 * admin authority (of a professional; a client with it manages the project, not others' records)
 * always passes; otherwise one's own record, and a depth1 lead also their team's (`depth1Idx`).
 */
export function mayActOnRecord(m: RecordSubject | null | undefined, record: RecordScope): boolean {
  if (!m || m.projectIdx !== record.projectIdx) return false;
  if (record.closedTo && !satisfiesRule(m, record.closedTo)) return false;
  if (record.ownersOnly)
    return record.owners.some((o) => o != null && o.memberInProjectIdx === m.memberInProjectIdx);
  if (hasAdminAuthorityOf(m) && satisfiesRule(m, 'professional')) return true;
  if (record.openTo && satisfiesRule(m, record.openTo)) return true;
  return record.owners.some(
    (o) =>
      o != null &&
      (o.memberInProjectIdx === m.memberInProjectIdx ||
        (m.role === 'depth1' && o.depth1Idx != null && o.depth1Idx === m.memberInProjectIdx)),
  );
}

/** The whole decision for a known member: the table, then the record rule where the table asks. */
export function allows(
  m: RecordSubject | null | undefined,
  action: ProjectAction,
  record?: RecordScope,
  table: ActionTable = actionRules,
): boolean {
  if (!can(m, action, table)) return false;
  if (table[action].record === 'own') return !!record && mayActOnRecord(m, record);
  return !record || m!.projectIdx === record.projectIdx;
}

/**
 * The owners of a story for the record rule (docs/product/projects-and-membership.md#permission-check on stories): its assignees, or its reporter
 * when nobody is assigned. A proposal (considering) is owned by its reporter and open to any
 * professional for triage; once accepted it is the professionals' only.
 */
export function storyRecord(
  story: { projectIdx: number; status: string; assignees: readonly number[]; reporterIdx: number | null },
  records: readonly OwnerRecord[],
): RecordScope {
  const byIdx = new Map(records.map((r) => [r.memberInProjectIdx, r]));
  const reporter = story.reporterIdx != null ? byIdx.get(story.reporterIdx) : undefined;
  if (story.status === 'considering')
    return { projectIdx: story.projectIdx, owners: [reporter], openTo: 'professional' };
  const assignees = story.assignees.map((idx) => byIdx.get(idx)).filter((r) => r !== undefined);
  return {
    projectIdx: story.projectIdx,
    owners: assignees.length > 0 ? assignees : [reporter],
    closedTo: 'professional',
  };
}

/**
 * A request as the record rule sees it, for one part of it:
 * - `parties` (view, comment): its sender and receiver, and through the rule of docs/product/projects-and-membership.md#permission-check whoever
 *   answers for them (admin authority, the depth1 lead of either);
 * - `receiver` (take, complete) and `sender` (edit, withdraw): that party alone.
 * Records of members who left still count (their team), as for stories.
 */
export function requestRecord(
  request: { projectIdx: number; senderIdx: number; receiverIdx: number },
  records: readonly OwnerRecord[],
  part: 'parties' | 'receiver' | 'sender' = 'parties',
): RecordScope {
  const byIdx = new Map(records.map((r) => [r.memberInProjectIdx, r]));
  const of = (memberInProjectIdx: number) => byIdx.get(memberInProjectIdx) ?? { memberInProjectIdx };
  if (part === 'receiver')
    return { projectIdx: request.projectIdx, owners: [of(request.receiverIdx)], ownersOnly: true };
  if (part === 'sender')
    return { projectIdx: request.projectIdx, owners: [of(request.senderIdx)], ownersOnly: true };
  return { projectIdx: request.projectIdx, owners: [of(request.senderIdx), of(request.receiverIdx)] };
}

/**
 * A contract as the record rule sees it, for one part of it:
 * - `view`: its professional, their depth1 lead, and the hiring side (admin authority, any client:
 *   `openTo`), who answer for the project's contracts;
 * - `professional` (accept, decline): the professional alone.
 * Records of members who left still count (their team), as for stories.
 */
export function contractRecord(
  contract: { projectIdx: number; memberInProjectIdx: number },
  records: readonly OwnerRecord[],
  part: 'view' | 'professional' = 'view',
): RecordScope {
  const owner = records.find((r) => r.memberInProjectIdx === contract.memberInProjectIdx) ?? {
    memberInProjectIdx: contract.memberInProjectIdx,
  };
  if (part === 'professional') return { projectIdx: contract.projectIdx, owners: [owner], ownersOnly: true };
  return { projectIdx: contract.projectIdx, owners: [owner], openTo: 'client' };
}

/**
 * A review as the record rule sees it: its author's record in the review's project, alone (neither
 * admin authority nor a team lead edits or deletes what someone else wrote about a colleague).
 */
export function reviewRecord(review: {
  projectIdx: number;
  reviewerMemberInProjectIdx: number;
}): RecordScope {
  return {
    projectIdx: review.projectIdx,
    owners: [{ memberInProjectIdx: review.reviewerMemberInProjectIdx }],
    ownersOnly: true,
  };
}
