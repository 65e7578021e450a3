import type { MemberExportState } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { members } from './member.js';

/**
 * "My data" (issue 30): an archive of everything of one member, built by the durable job
 * `my-data.export` into storage (`storage_key`), downloadable by its owner until `expires_at`, then
 * swept. At most one is queued or running per member (`member_export_active_uq`).
 */
export const memberExports = pgTable(
  'member_export',
  {
    exportIdx: serial('export_idx').primaryKey(),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    state: text('state').$type<MemberExportState>().notNull().default('queued'),
    /** 0–100: the share of the archive's parts written. */
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    uniqueIndex('member_export_active_uq')
      .on(t.memberIdx)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('member_export_member_idx').on(t.memberIdx, t.exportIdx),
    check('member_export_state', sql`${t.state} in ('queued', 'running', 'ready', 'failed', 'expired')`),
    check('member_export_progress', sql`${t.progress} between 0 and 100`),
  ],
);
