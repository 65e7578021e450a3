import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { members } from './member.js';

/**
 * A member's notices (issue 13 "Notifications"): a kind of the contract catalogue with the values
 * its text needs, a link inside the web app, read or not. `eventIdx` is the domain event (or other
 * once-only key) it came from: one notice per (event, member, kind), however often it is delivered.
 * `mailQueuedAt` marks those whose mail was queued (at once or in the daily digest).
 */
export const notifications = pgTable(
  'notification',
  {
    notificationIdx: serial('notification_idx').primaryKey(),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    projectIdx: integer('project_idx'),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link'),
    eventIdx: integer('event_idx').notNull(),
    /** Shown in the app (false: only the mail or digest was wanted). */
    inApp: boolean('in_app').notNull().default(true),
    /** Waiting for the daily digest mail. */
    digestPending: boolean('digest_pending').notNull().default(false),
    mailQueuedAt: ts('mail_queued_at'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_once_uq').on(t.eventIdx, t.memberIdx, t.kind),
    index('notification_member_idx').on(t.memberIdx, t.notificationIdx),
    index('notification_unread_idx')
      .on(t.memberIdx)
      .where(sql`${t.readAt} is null and ${t.inApp}`),
    index('notification_digest_idx')
      .on(t.memberIdx)
      .where(sql`${t.digestPending}`),
  ],
);

/**
 * A member's choices per kind; a kind without a row follows the catalogue's defaults. The row with
 * kind `*` holds account-wide options (`digest`: e-mails wait for the daily summary).
 */
export const notificationSettings = pgTable(
  'notification_setting',
  {
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(true),
    digest: boolean('digest').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_setting_uq').on(t.memberIdx, t.kind)],
);
