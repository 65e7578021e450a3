import type { Language } from '../constants.js';
import { formatMonth } from './format.js';

/**
 * The catalogue of notices (issue 13 "Notifications"): each kind, the category the profile page
 * groups it under, who receives it and whether it goes to the app and by e-mail unless the member
 * chose otherwise (`GET|PUT /member/notification-setting`). Texts live in `i18n/<lang>/ui-notification.ts`
 * under the same key; the server's mails and the web app's list render them with `notificationText`.
 */
export const notificationCategories = ['planning', 'request', 'contract', 'settlement', 'project'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

interface KindSpec {
  category: NotificationCategory;
  inApp: boolean;
  email: boolean;
  /** Who receives it, in words (the profile page and docs show it). */
  audience:
    | 'assignees'
    | 'storyPeople'
    | 'receiver'
    | 'sender'
    | 'otherParty'
    | 'clients'
    | 'requester'
    | 'professional'
    | 'offerer'
    | 'deciders'
    | 'invitee'
    | 'admins'
    | 'poster'
    | 'applicant';
}

export const notificationKinds = {
  storyAssigned: { category: 'planning', inApp: true, email: true, audience: 'assignees' },
  storyCommented: { category: 'planning', inApp: true, email: false, audience: 'storyPeople' },
  milestoneApprovalRequested: { category: 'planning', inApp: true, email: true, audience: 'clients' },
  milestoneApproved: { category: 'planning', inApp: true, email: true, audience: 'requester' },
  milestoneRejected: { category: 'planning', inApp: true, email: true, audience: 'requester' },
  requestAssigned: { category: 'request', inApp: true, email: true, audience: 'receiver' },
  requestCommented: { category: 'request', inApp: true, email: false, audience: 'otherParty' },
  // The receiver's moves: the sender hears that the work started (in the app) and that it is done.
  requestTaken: { category: 'request', inApp: true, email: false, audience: 'sender' },
  requestCompleted: { category: 'request', inApp: true, email: true, audience: 'sender' },
  contractOffered: { category: 'contract', inApp: true, email: true, audience: 'professional' },
  contractAccepted: { category: 'contract', inApp: true, email: true, audience: 'offerer' },
  contractDeclined: { category: 'contract', inApp: true, email: true, audience: 'offerer' },
  settlementSubmitted: { category: 'settlement', inApp: true, email: true, audience: 'deciders' },
  settlementReturned: { category: 'settlement', inApp: true, email: true, audience: 'professional' },
  settlementApproved: { category: 'settlement', inApp: true, email: true, audience: 'professional' },
  settlementPaid: { category: 'settlement', inApp: true, email: true, audience: 'professional' },
  // A budget reached 80 % or 100 %: the paying side (clients and admin authority).
  budgetThreshold: { category: 'settlement', inApp: true, email: true, audience: 'deciders' },
  // The invitation e-mail itself is the mail; the notice is for an invitee who already has an account.
  invited: { category: 'project', inApp: true, email: false, audience: 'invitee' },
  // Billing mails admins itself (warning, failed charge): by default these notices stay in the app.
  subscriptionWarning: { category: 'project', inApp: true, email: false, audience: 'admins' },
  projectInactive: { category: 'project', inApp: true, email: false, audience: 'admins' },
  chargeFailed: { category: 'project', inApp: true, email: false, audience: 'admins' },
  webhookDisabled: { category: 'project', inApp: true, email: true, audience: 'admins' },
  // Recruitment: the poster hears of applications and withdrawals, the applicant of each decision.
  recruitmentApplied: { category: 'project', inApp: true, email: true, audience: 'poster' },
  applicationWithdrawn: { category: 'project', inApp: true, email: false, audience: 'poster' },
  applicationShortlisted: { category: 'project', inApp: true, email: true, audience: 'applicant' },
  applicationRejected: { category: 'project', inApp: true, email: true, audience: 'applicant' },
  applicationHired: { category: 'project', inApp: true, email: true, audience: 'applicant' },
} as const satisfies Record<string, KindSpec>;

export type NotificationKind = keyof typeof notificationKinds;
export const notificationKindNames = Object.keys(notificationKinds) as NotificationKind[];

/** Values a notice's text is filled with (names and titles as they were when it was made). */
export type NotificationParams = Record<string, string | number>;

/** The shape of `ui.notification.kinds` each language provides. */
export type NotificationTexts = Record<NotificationKind, { title: string; body: string }>;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(values[key] ?? ''));

/**
 * A notice's title and body in one language; a `month` parameter (`YYYYMM`) is written the way
 * that language writes months. Unknown kinds (from a newer server) read as their key.
 */
export function notificationText(
  texts: NotificationTexts,
  kind: string,
  params: NotificationParams,
  lang: Language,
): { title: string; body: string } {
  const entry = (texts as Record<string, { title: string; body: string } | undefined>)[kind];
  if (!entry) return { title: kind, body: '' };
  const values = { ...params, ...(params.month ? { month: formatMonth(String(params.month), lang) } : {}) };
  return { title: fill(entry.title, values), body: fill(entry.body, values) };
}
