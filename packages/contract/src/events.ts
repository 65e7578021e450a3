import { z } from 'zod';
import { link } from './schemas/link.js';
import { epic, memberInProject, milestone, story, storyComment, timekeeping } from './schemas/planning.js';
import { importRun } from './schemas/import.js';
import { projectOfMember } from './schemas/project.js';
import { contractStatuses } from './schemas/contract.js';
import { applicationStatuses } from './schemas/recruitment.js';
import { requestKinds, requestStatuses } from './schemas/request.js';
import { settlementStatuses } from './schemas/settlement.js';
import { currencies } from './rules/settlement.js';
import { projectSettings } from './schemas/settings.js';
import { webhookTypes } from './schemas/webhook.js';

/**
 * The catalogue of domain events: what happened, in the past tense, with a versioned payload.
 * Services record them in the transaction of the change (the outbox); after the commit they reach
 * their consumers at least once: the realtime socket today, webhooks, notifications and e-mails as
 * those features arrive. Later features add their events here (request, contract, settlement,
 * subscription, document). A payload change that breaks consumers is a new version, not an edit.
 */
const id = z.number().int();

const applicationRef = z.object({
  applicationIdx: id,
  recruitmentIdx: id,
  projectIdx: id,
  applicantIdx: id,
  posterIdx: id,
  actorIdx: id,
  status: z.enum(applicationStatuses),
});

/** A story changed by the delay job: only what changed, no actor. */
const storyDelayed = z.object({
  storyIdx: id,
  milestoneIdx: id.nullable(),
  status: z.literal('delayed'),
  automatic: z.literal(true),
});

/**
 * Request events (category `request`: the part of the name before the dot) carry ids and states
 * only, never the title, description or a comment's text: the realtime socket reaches every member
 * of the project, and a request is for its parties. Readers fetch it with their own rights.
 */
const requestRef = z.object({
  requestIdx: id,
  projectIdx: id,
  kind: z.enum(requestKinds),
  senderIdx: id,
  receiverIdx: id,
  status: z.enum(requestStatuses),
});

/**
 * Settlement events carry ids, the month and statuses, never an amount: the realtime socket reaches
 * every member of the project. Readers fetch the settlement with their own rights.
 */
const settlementRef = z.object({
  settlementIdx: id,
  contractIdx: id,
  memberInProjectIdx: id,
  month: z.string(),
  status: z.enum(settlementStatuses),
  from: z.enum(settlementStatuses),
  /** Who moved it; null for the automatic job. */
  actorIdx: id.nullable(),
});

/**
 * Contract events (category `contract`) carry ids and statuses only, never the rate, scope or a
 * decline reason: the realtime socket reaches every member, and terms are the parties' business.
 */
const contractRef = z.object({
  contractIdx: id,
  projectIdx: id,
  memberInProjectIdx: id,
  requestIdx: id,
  status: z.enum(contractStatuses),
});

export const domainEvents = {
  'project.created': { version: 1, payload: projectOfMember },
  'project.updated': { version: 1, payload: projectSettings },
  'project.deleted': { version: 1, payload: z.object({ projectIdx: id }) },
  'project.restored': { version: 1, payload: projectOfMember },

  'member.joined': { version: 1, payload: z.object({ memberInProjectIdx: id, memberIdx: id }) },
  'member.updated': { version: 1, payload: memberInProject },
  'member.removed': { version: 1, payload: z.object({ memberInProjectIdx: id, memberIdx: id }) },

  'milestone.created': { version: 1, payload: milestone },
  'milestone.updated': { version: 1, payload: milestone },
  'milestone.ordered': {
    version: 1,
    payload: z.object({ milestoneIdx: id, orderKey: z.string() }),
  },
  'milestone.deleted': {
    version: 1,
    payload: z.object({ milestoneIdx: id, movedStoryIdxs: z.array(id) }),
  },
  'milestone.approval_requested': { version: 1, payload: milestone },
  'milestone.approved': { version: 1, payload: milestone },
  'milestone.rejected': { version: 1, payload: milestone },

  'story.created': { version: 1, payload: story },
  /**
   * A person's change carries who made it (`actorIdx`, memberInProjectIdx) and, when the assignees
   * changed, the list before (`previousAssignees`), so notices reach only the newly assigned.
   */
  'story.updated': {
    version: 1,
    payload: z.union([
      story.extend({ actorIdx: id.optional(), previousAssignees: z.array(id).optional() }),
      storyDelayed,
    ]),
  },
  'story.ordered': {
    version: 1,
    payload: z.object({
      storyIdx: id,
      milestoneIdx: id.nullable(),
      fromMilestoneIdx: id.nullable(),
      orderKey: z.string(),
    }),
  },
  'story.deleted': { version: 1, payload: z.object({ storyIdx: id, milestoneIdx: id.nullable() }) },
  'comment.created': { version: 1, payload: storyComment },

  'epic.created': { version: 1, payload: epic },
  'epic.updated': { version: 1, payload: epic },
  'epic.deleted': { version: 1, payload: z.object({ epicIdx: id }) },

  'timekeeping.created': { version: 1, payload: timekeeping },
  'timekeeping.deleted': {
    version: 1,
    payload: z.object({ timekeepingIdxs: z.array(id) }),
  },

  'link.created': { version: 1, payload: link },
  'link.deleted': { version: 1, payload: z.object({ linkIdx: id, projectIdx: id }) },

  'request.created': { version: 1, payload: requestRef },
  /** The sender changed its content; `fields` names what changed (`fileIdxs`: the attached files). */
  'request.updated': {
    version: 1,
    payload: requestRef.extend({
      fields: z.array(z.enum(['title', 'description', 'dueDt', 'storyIdx', 'fileIdxs'])),
    }),
  },
  'request.status_changed': {
    version: 1,
    payload: requestRef.extend({ from: z.enum(requestStatuses) }),
  },
  /** The sender withdrew it while awaiting. */
  'request.deleted': { version: 1, payload: requestRef },
  'request.commented': {
    version: 1,
    payload: requestRef.extend({ commentIdx: id, memberInProjectIdx: id }),
  },

  /** Offered: the contract and its request (kind `contract`, awaiting) were created together. */
  'contract.offered': { version: 1, payload: contractRef.extend({ offeredByIdx: id }) },
  'contract.accepted': { version: 1, payload: contractRef },
  'contract.declined': { version: 1, payload: contractRef },
  'contract.ended': { version: 1, payload: contractRef.extend({ endedByIdx: id }) },

  /**
   * Recruitment events (category `recruitment`): ids and statuses only, never the note. The
   * applicant is an account (memberIdx), not yet a member of the post's project; `posterIdx` is
   * the poster's account; `actorIdx` the account that made the change.
   */
  'recruitment.applied': { version: 1, payload: applicationRef },
  'recruitment.application_changed': { version: 1, payload: applicationRef },

  'timekeeping.updated': { version: 1, payload: timekeeping },

  /** Settlement events (category `settlement`): ids, month and statuses only, never amounts. */
  'settlement.submitted': { version: 1, payload: settlementRef },
  'settlement.returned': { version: 1, payload: settlementRef },
  'settlement.approved': { version: 1, payload: settlementRef.extend({ automatic: z.boolean() }) },
  'settlement.paid': { version: 1, payload: settlementRef },
  /** A day before the automatic approval: a notice to the deciding side. */
  'settlement.auto_approve_due': {
    version: 1,
    payload: settlementRef.extend({ autoApproveAt: z.string() }),
  },

  /**
   * A budget's spend reached 80 % or 100 % of its amount (category `budget`), once per threshold,
   * budget period and budget revision (docs/product/spending-and-budgets.md#alerts). It carries the
   * amounts: only those who may see the project's money receive it (realtime-audience.ts `budget.view`).
   */
  'budget.threshold_reached': {
    version: 1,
    payload: z.object({
      budgetIdx: id,
      projectIdx: id,
      milestoneIdx: id.nullable(),
      threshold: z.union([z.literal(80), z.literal(100)]),
      /** `total` or the month `YYYYMM` of a monthly budget. */
      period: z.string(),
      /** Spend of the period when the threshold was reached, minor units. */
      spent: id,
      /** The budget's amount, minor units. */
      amount: id,
      currency: z.enum(currencies),
      /** The settlement whose approval crossed it; null when a budget change did. */
      settlementIdx: id.nullable(),
    }),
  },

  /**
   * Subscription events (categories `subscription`, `project`, `payment`): ids, counts and dates,
   * never an amount or a card (the realtime socket reaches every member).
   */
  'subscription.warned': {
    version: 1,
    payload: z.object({ projectIdx: id, totalMember: id, sheets: id, graceUntil: z.string() }),
  },
  /** The warning ended (sheets added or members removed) or the project became ACTIVE again. */
  'subscription.cleared': { version: 1, payload: z.object({ projectIdx: id, totalMember: id, sheets: id }) },
  'project.inactivated': { version: 1, payload: z.object({ projectIdx: id, reason: z.literal('sheets') }) },
  'payment.failed': {
    version: 1,
    payload: z.object({
      projectIdx: id,
      subscriptionIdx: id,
      paymentIdx: id,
      kind: z.enum(['subscribe', 'add', 'renewal', 'refund']),
      /** 1 for the first attempt; renewal retries count up. */
      attempt: id,
      reason: z.string(),
    }),
  },

  /**
   * An invitation was sent (category `invite`): ids only, never the address. `inviteeIdx` is the
   * account (memberIdx) the address belongs to, if any; `invitedByIdx` is the inviter's memberIdx.
   */
  'invite.created': {
    version: 1,
    payload: z.object({
      inviteIdx: id,
      projectIdx: id,
      invitedByIdx: id,
      inviteeIdx: id.nullable(),
      role: z.enum(['admin', 'depth1', 'depth2', 'client']),
    }),
  },

  /**
   * The server switched a webhook to INACTIVE because its receiver answered 404 or 410 (the channel
   * or hook is gone): a notice to the project's admins. `reason` is e.g. `404 channel_not_found`.
   */
  /**
   * An import moved on (category `import`): after each committed batch, and when it is done, failed
   * or undone. The payload is `GET /import/{importIdx}`'s answer, so the import page sets it as is;
   * only those who may import (`planning.edit`) receive it (realtime-audience.ts).
   */
  'import.updated': { version: 1, payload: importRun },

  'webhook.disabled': {
    version: 1,
    payload: z.object({
      webhookIdx: id,
      projectIdx: id,
      type: z.enum(webhookTypes),
      name: z.string().nullable(),
      statusCode: id,
      reason: z.string(),
    }),
  },
} as const satisfies Record<string, { version: number; payload: z.ZodType }>;

export type DomainEventName = keyof typeof domainEvents;
export type DomainEventPayload<N extends DomainEventName> = z.infer<(typeof domainEvents)[N]['payload']>;
export const domainEventNames = Object.keys(domainEvents) as DomainEventName[];

/**
 * An event as consumers receive it from the outbox. Without a name (or with several) it is the
 * union of one shape per name, discriminated by `name`: `switch (event.name)` or
 * `if (event.name === 'story.updated')` narrows `payload` to that event's, with no cast.
 */
export type DomainEvent<N extends DomainEventName = DomainEventName> = {
  [K in N]: {
    /** Unique and increasing: consumers use it to do their work once. */
    eventIdx: number;
    name: K;
    version: number;
    projectIdx: number;
    payload: DomainEventPayload<K>;
    occurredAt: string;
  };
}[N];

/** Narrows an event to the names listed (`if (isEventOf(event, storyEvents)) event.payload.storyIdx`). */
export const isEventOf = <N extends DomainEventName>(
  event: DomainEvent,
  names: readonly N[],
): event is Extract<DomainEvent, { name: N }> => (names as readonly DomainEventName[]).includes(event.name);
