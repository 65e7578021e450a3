import { z } from 'zod';
import { idx } from './common.js';
import { language } from './member.js';

/**
 * The audit log (issue 30 "Trust"): an append-only, hash-chained record of security and money
 * events. Every kind is listed here and has a sentence in `ui.audit.kinds.<kind>` in every language
 * (`auditSentence` in rules/audit.ts builds it); adding one is docs/decisions.md "Audit log".
 *
 * Account kinds concern one account (`member`) and have no project; the others are a project's.
 */
export const auditKinds = [
  'account.signed_in',
  'account.signed_in_new_browser',
  'account.sign_in_failed',
  'account.second_factor_added',
  'account.second_factor_removed',
  'account.recovery_codes_renewed',
  'account.sessions_signed_out',
  'account.data_exported',
  'account.password_changed',
  'account.password_reset',
  'account.withdrawn',
  'account.token_created',
  'account.token_revoked',
  'account.token_used',
  'account.calendar_created',
  'account.calendar_revoked',
  'member.invited',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'project.two_factor_changed',
  'card.registered',
  'card.removed',
  'subscription.subscribed',
  'subscription.sheets_added',
  'subscription.changed',
  'subscription.refunded',
  'settlement.approved',
  'settlement.paid',
  'settlement.exported',
  'budget.set',
  'budget.removed',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'github.connected',
  'github.disconnected',
  'document.link_created',
  'document.link_revoked',
  'audit.exported',
] as const;
export type AuditKind = (typeof auditKinds)[number];

/** The part of a kind before the dot: the filter accepts a whole category (`member`) or one kind. */
export const auditCategories = [...new Set(auditKinds.map((kind) => kind.split('.')[0]!))] as [
  string,
  ...string[],
];
export const auditCategoryOf = (kind: AuditKind) => kind.split('.')[0]!;

/** What a record is about, by id; names are looked up when it is read (so withdrawal reaches them). */
export const auditTargetTypes = [
  'account',
  'memberInProject',
  'invite',
  'card',
  'subscription',
  'payment',
  'settlement',
  'budget',
  'webhook',
  'github',
  'document',
  'audit',
  'accessToken',
  'calendarFeed',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** A person as the log shows them: the account id and its nickname now (`withdrawn` once withdrawn). */
export const auditPerson = z.object({ memberIdx: z.number().int(), nickname: z.string().nullable() });

export const auditRecord = z.object({
  auditIdx: z.number().int(),
  occurredAt: z.string(),
  kind: z.enum(auditKinds),
  /** Who did it; null for the system (a job) or an anonymous caller (a failed sign-in). */
  actor: auditPerson.nullable(),
  /** The account concerned: the one signed in, the member whose role changed, the invitee's account. */
  member: auditPerson.nullable(),
  projectIdx: z.number().int().nullable(),
  target: z.object({ type: z.enum(auditTargetTypes), idx: z.number().int() }).nullable(),
  /** What changed: `{ field: { from, to } }` pairs and the facts of the kind (plan, sheets, amount…). */
  changes: z.record(z.string(), z.unknown()),
  /** The client address and browser of the request that did it; null for jobs, and hidden in one's own log when someone else acted. */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

export const AUDIT_PAGE_SIZE = 50;

export const auditList = z.object({
  items: z.array(auditRecord),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditList = z.infer<typeof auditList>;

const instant = z.iso.datetime({ offset: true, message: 'dateFormat' });
const kindFilter = z.union([z.enum(auditKinds), z.enum(auditCategories)]);

/** The filters of both logs: a kind or category, and a time range (`from` inclusive, `to` exclusive). */
const filters = z.object({
  kind: kindFilter.optional(),
  from: instant.optional(),
  to: instant.optional(),
});

/** `GET /audit?projectIdx=&memberIdx=&kind=&from=&to=&page=`: a project's log (admin authority). */
export const auditListQuery = filters.extend({
  projectIdx: idx,
  /** Records this account did or concerned. */
  memberIdx: idx.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type AuditListQuery = z.output<typeof auditListQuery>;

/** `GET /audit/export?…&lang=`: the same filters, every matching record as CSV in `lang` (else the account's). */
export const auditExportQuery = auditListQuery.omit({ page: true }).extend({ lang: language.optional() });
export type AuditExportQuery = z.output<typeof auditExportQuery>;

/** `GET /audit/me?kind=&from=&to=&page=`: the caller's own account log. */
export const ownAuditQuery = filters.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type OwnAuditQuery = z.output<typeof ownAuditQuery>;
