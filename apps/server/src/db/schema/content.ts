import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { members } from './member.js';
import { projects } from './project.js';
import { ts } from './columns.js';

export const files = pgTable(
  'file',
  {
    fileIdx: serial('file_idx').primaryKey(),
    uploaderIdx: integer('uploader_idx')
      .notNull()
      .references(() => members.memberIdx),
    projectIdx: integer('project_idx').references(() => projects.projectIdx),
    originalName: text('original_name').notNull(),
    /** Detected from the content, never from the name or the client's header. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * Set in the transaction that deletes the file (its references go in the same transaction): from
     * then on it counts against no quota and nobody reads it; the bytes and then the row are removed
     * after the commit (`features/file/file-deletion.ts`, docs/decisions.md "Files and my data").
     */
    deletedAt: ts('deleted_at'),
    /** Why it went: `deleted` (by a person), `detached` (taken off what used it), `unattached` (the daily sweep), `withdrawal`. */
    deletedReason: text('deleted_reason').$type<FileDeletionReason>(),
  },
  (t) => [
    index('file_project_idx').on(t.projectIdx),
    index('file_uploader_idx').on(t.uploaderIdx),
    index('file_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export type FileDeletionReason = 'deleted' | 'detached' | 'unattached' | 'withdrawal';

export const links = pgTable(
  'link',
  {
    linkIdx: serial('link_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    url: text('url').notNull(),
    metaTitle: text('meta_title'),
    metaImage: text('meta_image'),
    createdByIdx: integer('created_by_idx').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('link_project_idx').on(t.projectIdx)],
);
