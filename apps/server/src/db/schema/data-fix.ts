import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * One-time fixes of stored data that need the app's own code rather than SQL (documents made to
 * follow the editor's content rules, with their Yjs state: features/document/content-cleanup.job.ts).
 * `cursor` is the last row id done, so a fix killed halfway goes on from there; `doneAt` marks it
 * finished, and start-up queues it only until then.
 */
export const dataFixes = pgTable('data_fix', {
  name: text('name').primaryKey(),
  cursor: integer('cursor').notNull().default(0),
  doneAt: ts('done_at'),
});
