import type {
  Language,
  StandardWebhookEvent,
  WebhookCategory,
  WebhookDeliveryStatus,
  WebhookEvent,
  WebhookStatus,
  WebhookType,
} from '@teamline/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { projects } from './project.js';
import { ts } from './columns.js';

/**
 * Outgoing chat webhooks of a project (docs/product/notifications-and-webhooks.md#webhooks). `lease_until` is the per-hook sender
 * lease: whoever holds it sends this hook's deliveries one at a time, oldest first, so a hook's
 * messages arrive in order even with several workers or instances. `last_sent_at` spaces sends
 * (about one a second per hook).
 */
export const webhooks = pgTable(
  'webhook',
  {
    webhookIdx: serial('webhook_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    name: text('name'),
    type: text('type').$type<WebhookType>().notNull(),
    url: text('url').notNull(),
    categories: jsonb('categories').$type<WebhookCategory[]>().notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    /** A standard hook's catalogue events (issue 34); [] for chat tools. */
    eventNames: jsonb('event_names').$type<StandardWebhookEvent[]>().notNull().default([]),
    /**
     * A standard hook's signing secret (`whsec_…`), sealed like GitHub tokens (AES-256-GCM with
     * SECRET_KEY, features/github/token-cipher.ts); null for chat tools. After a rotation the one
     * before keeps signing until `previous_secret_until`.
     */
    secretCipher: text('secret_cipher'),
    previousSecretCipher: text('previous_secret_cipher'),
    previousSecretUntil: ts('previous_secret_until'),
    language: text('language').$type<Language>().notNull(),
    status: text('status').$type<WebhookStatus>().notNull().default('ACTIVE'),
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason'),
    leaseUntil: ts('lease_until'),
    lastSentAt: ts('last_sent_at'),
    createdByIdx: integer('created_by_idx').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_project_idx').on(t.projectIdx),
    check('webhook_type_check', sql`${t.type} in ('slack', 'teams', 'dooray', 'discord', 'standard')`),
    check('webhook_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
  ],
);

/**
 * The delivery log: one row per (domain event, hook), holding the message as rendered when the
 * event was handled (its language and content stay those of that moment, a retry sends the same
 * bytes). Rows older than 30 days are deleted by a daily job; deleting a hook deletes its log.
 */
export const webhookDeliveries = pgTable(
  'webhook_delivery',
  {
    deliveryIdx: serial('delivery_idx').primaryKey(),
    webhookIdx: integer('webhook_idx')
      .notNull()
      .references(() => webhooks.webhookIdx, { onDelete: 'cascade' }),
    projectIdx: integer('project_idx').notNull(),
    eventIdx: bigint('event_idx', { mode: 'number' }).notNull(),
    eventName: text('event_name').notNull(),
    body: jsonb('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    statusCode: integer('status_code'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    responseExcerpt: text('response_excerpt'),
    lastAttemptAt: ts('last_attempt_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_delivery_event_hook_idx').on(t.eventIdx, t.webhookIdx),
    index('webhook_delivery_hook_idx').on(t.webhookIdx, t.deliveryIdx),
    index('webhook_delivery_open_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'failed')`),
    index('webhook_delivery_created_idx').on(t.createdAt),
    check('webhook_delivery_status_check', sql`${t.status} in ('pending', 'delivered', 'failed', 'gaveUp')`),
  ],
);
