import { z } from 'zod';
import { languages } from '../constants.js';
import type { DomainEventName } from '../events.js';
import { idx, singleLine } from './common.js';

/**
 * Outgoing chat webhooks (docs/product/notifications-and-webhooks.md#webhooks, issue 13). A project admin
 * points a hook of one `type` at a chat tool's incoming-webhook URL and chooses which `categories`
 * (milestone, story, request) and which `events` (new, edit, delete) it sends: a change is sent when
 * both its category and its event are chosen. Messages are written in the hook's `language`.
 *
 * Every matching change becomes one delivery (a row of the delivery log) sent by a durable job: in
 * order per hook, retried on network errors, 5xx and 429 on the schedule of `webhookRetrySchedule`,
 * then `gaveUp`. A 404 or 410 from the receiver switches the hook to INACTIVE (`disabledAt`,
 * `disabledReason`). The log is kept 30 days (`WEBHOOK_LOG_DAYS`).
 */
export const chatWebhookTypes = ['slack', 'teams', 'dooray', 'discord'] as const;
export type ChatWebhookType = (typeof chatWebhookTypes)[number];
/**
 * The chat tools, and `standard`: JSON signed per the Standard Webhooks specification
 * (docs/product/notifications-and-webhooks.md#standard-webhooks, issue 34) for any receiver. A standard hook
 * chooses `eventNames` of the event catalogue instead of categories × events, and has a signing
 * secret (`whsec_…`) shown once when it is made or rotated.
 */
export const webhookTypes = [...chatWebhookTypes, 'standard'] as const;
export type WebhookType = (typeof webhookTypes)[number];
export const isChatWebhookType = (type: WebhookType): type is ChatWebhookType => type !== 'standard';

/**
 * The events of the catalogue (events.ts) a standard hook may send: those about one project's work.
 * Left out: `project.created` (no hook exists yet), recruitment (applicants are not members of the
 * project yet), payments (billing is the owner's) and `webhook.disabled` (about hooks themselves).
 * Grouped for pickers by the part of the name before the dot.
 */
export const standardWebhookEvents = [
  'project.updated',
  'project.deleted',
  'project.restored',
  'project.inactivated',
  'member.joined',
  'member.updated',
  'member.removed',
  'invite.created',
  'milestone.created',
  'milestone.updated',
  'milestone.ordered',
  'milestone.deleted',
  'milestone.approval_requested',
  'milestone.approved',
  'milestone.rejected',
  'story.created',
  'story.updated',
  'story.ordered',
  'story.deleted',
  'comment.created',
  'epic.created',
  'epic.updated',
  'epic.deleted',
  'timekeeping.created',
  'timekeeping.updated',
  'timekeeping.deleted',
  'link.created',
  'link.deleted',
  'request.created',
  'request.updated',
  'request.status_changed',
  'request.deleted',
  'request.commented',
  'contract.offered',
  'contract.accepted',
  'contract.declined',
  'contract.ended',
  'settlement.submitted',
  'settlement.returned',
  'settlement.approved',
  'settlement.paid',
  'settlement.auto_approve_due',
  'budget.threshold_reached',
  'subscription.warned',
  'subscription.cleared',
] as const satisfies readonly DomainEventName[];
export type StandardWebhookEvent = (typeof standardWebhookEvents)[number];
/** The groups of `standardWebhookEvents` in order, each with its events (`story` → `story.created`…). */
export const standardWebhookEventGroups = standardWebhookEvents.reduce<
  { group: string; events: StandardWebhookEvent[] }[]
>((groups, name) => {
  const group = name.slice(0, name.indexOf('.'));
  const last = groups.at(-1);
  if (last?.group === group) last.events.push(name);
  else groups.push({ group, events: [name] });
  return groups;
}, []);
/** How long the secret before a rotation keeps signing beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
export const webhookCategories = ['milestone', 'story', 'request'] as const;
export type WebhookCategory = (typeof webhookCategories)[number];
export const webhookEvents = ['new', 'edit', 'delete'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
export const webhookStatuses = ['ACTIVE', 'INACTIVE'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];
/**
 * A delivery's state: `pending` waits for its first attempt or a retry (`nextAttemptAt`, `attempts`
 * and the last `statusCode` say which); `delivered` got a 2xx; `failed` was refused in a way a
 * retry cannot fix (400 and other 4xx, 404/410 which also switch the hook off, a private address);
 * `gaveUp` failed every attempt of the schedule. "Retry now" takes `failed` and `gaveUp` ones.
 */
export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed', 'gaveUp'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** How long the delivery log is kept. */
export const WEBHOOK_LOG_DAYS = 30;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_NAME_MAX = 100;
/** The response excerpt kept per attempt, in characters. */
export const WEBHOOK_EXCERPT_MAX = 500;
/**
 * Seconds to wait before each attempt, like Svix: now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h;
 * after the last one fails the delivery is `gaveUp`. A receiver's Retry-After wins when longer.
 */
export const webhookRetrySchedule = [0, 5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/** An http(s) address with a host, no spaces, no user:password part (docs/product/notifications-and-webhooks.md#webhooks: must be valid). */
export function isValidWebhookUrl(value: string): boolean {
  if (!value || /\s/.test(value) || value.length > WEBHOOK_URL_MAX) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname.length > 0 &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** The URL field; a bad one answers 400 WEBHOOK_URL_INVALID with `fieldErrors.url = 'webhookUrl'`. */
export const webhookUrl = singleLine()
  .trim()
  .min(1, 'required')
  .max(WEBHOOK_URL_MAX, 'webhookUrl')
  .refine(isValidWebhookUrl, 'webhookUrl');

const categoryList = z
  .array(z.enum(webhookCategories))
  .max(webhookCategories.length)
  .transform((list) => webhookCategories.filter((c) => list.includes(c)));
const eventList = z
  .array(z.enum(webhookEvents))
  .max(webhookEvents.length)
  .transform((list) => webhookEvents.filter((e) => list.includes(e)));
const standardEventList = z
  .array(z.enum(standardWebhookEvents))
  .max(standardWebhookEvents.length)
  .transform((list) => standardWebhookEvents.filter((e) => list.includes(e)));

export const webhook = z.object({
  webhookIdx: z.number().int(),
  projectIdx: z.number().int(),
  /** A label for the list (optional); null shows the type and host. */
  name: z.string().nullable(),
  type: z.enum(webhookTypes),
  url: z.string(),
  /** Chosen categories, in the order of `webhookCategories`. */
  categories: z.array(z.enum(webhookCategories)),
  /** Chosen events, in the order of `webhookEvents`. */
  events: z.array(z.enum(webhookEvents)),
  /** A standard hook's chosen catalogue events, in the order of `standardWebhookEvents`; [] for chat tools. */
  eventNames: z.array(z.enum(standardWebhookEvents)),
  /**
   * A standard hook just rotated: the previous secret still signs, beside the new one, until then
   * (`WEBHOOK_SECRET_OVERLAP_HOURS` after the rotation); null otherwise. The secret itself is never here.
   */
  previousSecretUntil: z.string().nullable(),
  /** The language of the messages. */
  language: z.enum(languages),
  status: z.enum(webhookStatuses),
  /** When the server switched it to INACTIVE because the receiver answered 404 or 410; null otherwise. */
  disabledAt: z.string().nullable(),
  /** Why, e.g. `404 channel_not_found`; null when not disabled by the server. */
  disabledReason: z.string().nullable(),
  /** The newest delivery's time and status, for the list; null before the first. */
  lastDeliveryAt: z.string().nullable(),
  lastDeliveryStatus: z.enum(webhookDeliveryStatuses).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhook>;

export const webhookListQuery = z.object({ projectIdx: idx });
export const webhookIdxParams = z.object({ webhookIdx: idx });
export const webhookDeliveryIdxParams = z.object({ deliveryIdx: idx });

export const createWebhookRequest = z.object({
  projectIdx: idx,
  name: singleLine().trim().max(WEBHOOK_NAME_MAX, 'invalid').nullish(),
  type: z.enum(webhookTypes),
  url: webhookUrl,
  /** Chat tools only: a standard hook keeps none. */
  categories: categoryList.default([]),
  events: eventList.default([]),
  /** Standard hooks only: a chat tool keeps none. */
  eventNames: standardEventList.default([]),
  language: z.enum(languages).default('en'),
  status: z.enum(webhookStatuses).default('ACTIVE'),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequest>;

/**
 * What `POST /webhook` answers: the hook and, for a standard one, its signing secret — the only time
 * it is sent (null for chat tools).
 */
export const createdWebhook = webhook.extend({ secret: z.string().nullable() });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

/**
 * What `POST /webhook/{webhookIdx}/secret` answers: the new secret, shown once, and until when the
 * previous one keeps signing beside it.
 */
export const webhookSecret = z.object({ secret: z.string(), previousSecretUntil: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecret>;

/**
 * Any subset; switching to ACTIVE clears `disabledAt` and `disabledReason`. The type moves between
 * chat tools only: a standard hook stays standard (WEBHOOK_TYPE_LOCKED).
 */
export const updateWebhookRequest = z.object({
  name: singleLine().trim().max(WEBHOOK_NAME_MAX, 'invalid').nullish(),
  type: z.enum(webhookTypes).optional(),
  url: webhookUrl.optional(),
  categories: categoryList.optional(),
  events: eventList.optional(),
  eventNames: standardEventList.optional(),
  language: z.enum(languages).optional(),
  status: z.enum(webhookStatuses).optional(),
});
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequest>;

/** One row of a hook's delivery log (`GET /webhook/{webhookIdx}/delivery`), newest first. */
export const webhookDelivery = z.object({
  deliveryIdx: z.number().int(),
  webhookIdx: z.number().int(),
  /** The domain event sent, e.g. `story.updated`. */
  eventName: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  /** The last attempt's HTTP status; null before the first attempt or after a network error. */
  statusCode: z.number().int().nullable(),
  /** Attempts so far. */
  attempts: z.number().int(),
  /** When the next attempt is due (pending only); null otherwise. */
  nextAttemptAt: z.string().nullable(),
  /** The start of the last answer (or the network error), at most `WEBHOOK_EXCERPT_MAX` characters. */
  responseExcerpt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryList = z.object({ deliveries: z.array(webhookDelivery) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;

/**
 * What "send test" got back: `ok` when the receiver accepted it (2xx). Teams Workflows answer 202
 * and post later, so `asynchronous` is true then: accepted, not yet shown in the channel.
 * `statusCode` is null when no answer came (network error, timeout, refused private address).
 */
export const webhookTestResult = z.object({
  ok: z.boolean(),
  statusCode: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  asynchronous: z.boolean(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResult>;
