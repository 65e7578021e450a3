import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * The outbox: domain events written in the transaction of the change, dispatched after the commit.
 * `dispatched_at` is set once every consumer has handled the event; until then a dispatcher claims
 * it for a short lease (`claimed_until`), so several instances never dispatch one event at once.
 */
export const domainEvents = pgTable(
  'domain_event',
  {
    eventIdx: bigserial('event_idx', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    projectIdx: integer('project_idx').notNull(),
    payload: jsonb('payload').notNull(),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: ts('claimed_until'),
    lastError: text('last_error'),
    dispatchedAt: ts('dispatched_at'),
  },
  (t) => [
    index('domain_event_pending_idx')
      .on(t.eventIdx)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);

/** Which consumer has handled which event: a redelivered event skips the consumers already done. */
export const domainEventConsumptions = pgTable(
  'domain_event_consumption',
  {
    eventIdx: bigint('event_idx', { mode: 'number' }).notNull(),
    consumer: text('consumer').notNull(),
    consumedAt: ts('consumed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventIdx, t.consumer] })],
);
