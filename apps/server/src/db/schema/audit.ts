import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * The audit log (features/audit): append-only and hash-chained. `audit_idx` is given under the
 * chain's lock (`audit_chain`), so it counts up without gaps; `hash` is
 * sha256(prev_hash || canonical record) (platform/audit/audit-chain.ts). A trigger (migration, end of
 * the file) refuses UPDATE, DELETE and TRUNCATE except the retention job's deletes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    auditIdx: bigint('audit_idx', { mode: 'number' }).primaryKey(),
    occurredAt: ts('occurred_at').notNull(),
    kind: text('kind').notNull(),
    /** Who did it (memberIdx); null for a job or an anonymous caller. */
    actorIdx: integer('actor_idx'),
    /** The account concerned (memberIdx): the own-account log reads by it. */
    memberIdx: integer('member_idx'),
    projectIdx: integer('project_idx'),
    targetType: text('target_type'),
    targetIdx: integer('target_idx'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_project_idx').on(t.projectIdx, t.auditIdx),
    index('audit_log_member_idx').on(t.memberIdx, t.auditIdx),
    index('audit_log_actor_idx').on(t.actorIdx, t.auditIdx),
    index('audit_log_occurred_idx').on(t.occurredAt),
  ],
);

/**
 * The head of the chain, one row: every append locks it (FOR UPDATE), so concurrent appends take
 * turns and cannot fork the chain. `last_*` is the newest record; `anchor_*` the last record the
 * retention job deleted (the first remaining record's `prev_hash` must equal `anchor_hash`).
 */
export const auditChain = pgTable(
  'audit_chain',
  {
    id: smallint('id').primaryKey(),
    lastIdx: bigint('last_idx', { mode: 'number' }).notNull(),
    lastHash: text('last_hash').notNull(),
    anchorIdx: bigint('anchor_idx', { mode: 'number' }).notNull(),
    anchorHash: text('anchor_hash').notNull(),
  },
  (t) => [check('audit_chain_one_row', sql`${t.id} = 1`)],
);
