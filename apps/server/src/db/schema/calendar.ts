import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { members } from './member.js';
import { projects } from './project.js';

/**
 * A calendar feed address of a member (issue 34, features/calendar): the SHA-256 of its secret (32
 * random bytes), never the secret; `project_idx` null is the member's own feed ("my calendar"),
 * else that project's. Revoked when made anew, revoked by its owner, or at withdrawal.
 */
export const calendarFeeds = pgTable(
  'calendar_feed',
  {
    calendarIdx: serial('calendar_idx').primaryKey(),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    projectIdx: integer('project_idx').references(() => projects.projectIdx),
    secretHash: text('secret_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    lastFetchedAt: ts('last_fetched_at'),
  },
  (t) => [
    uniqueIndex('calendar_feed_hash_uq').on(t.secretHash),
    index('calendar_feed_member_idx').on(t.memberIdx),
  ],
);
