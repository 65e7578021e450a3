import { sql } from 'drizzle-orm';
import type { DocumentAccess, DocumentKind, DocumentVisibility, EditorNode } from '@teamline/contract';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from './content.js';
import { members } from './member.js';
import { projects } from './project.js';
import { rowColumns, searchForm, ts } from './columns.js';

/** Nested folders of a project's documents (issue 15). `deleted_at`: in the bin, restorable. */
export const folders = pgTable(
  'folder',
  {
    folderIdx: serial('folder_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    parentIdx: integer('parent_idx').references((): AnyPgColumn => folders.folderIdx),
    name: text('name').notNull(),
    createdByIdx: integer('created_by_idx')
      .notNull()
      .references(() => members.memberIdx),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('folder_project_idx').on(t.projectIdx)],
);

/**
 * A document: a rich-text page (`content`, the editor's JSON, and `text`, its plain text for search)
 * or an uploaded file. `version` goes up by one on every save. `ydoc` is the live co-editing state
 * (Yjs update, base64) when one exists; `content` is always kept in step with it.
 */
export const documents = pgTable(
  'document',
  {
    documentIdx: serial('document_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    folderIdx: integer('folder_idx').references(() => folders.folderIdx),
    title: text('title').notNull(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    fileIdx: integer('file_idx').references(() => files.fileIdx),
    aiType: text('ai_type'),
    visibility: text('visibility').$type<DocumentVisibility>().notNull().default('project'),
    content: jsonb('content').$type<EditorNode>().notNull(),
    text: text('text').notNull().default(''),
    searchText: searchForm(sql`"title" || ' ' || "text"`),
    ydoc: text('ydoc'),
    version: integer('version').notNull().default(1),
    createdByIdx: integer('created_by_idx')
      .notNull()
      .references(() => members.memberIdx),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedByIdx: integer('updated_by_idx').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('document_project_idx').on(t.projectIdx, t.folderIdx),
    index('document_search_idx').using('gist', t.searchText.op('gist_trgm_ops')),
  ],
);
/** Its columns without `search_text` (columns.ts `rowColumns`), for every read but search's. */
export const documentColumns = rowColumns(documents);

/** Saved versions: one per editing spell (a new one after 5 minutes or when someone else saves). */
export const documentVersions = pgTable(
  'document_version',
  {
    documentVersionIdx: serial('document_version_idx').primaryKey(),
    documentIdx: integer('document_idx')
      .notNull()
      .references(() => documents.documentIdx, { onDelete: 'cascade' }),
    versionNo: integer('version_no').notNull(),
    title: text('title').notNull(),
    content: jsonb('content').$type<EditorNode>().notNull(),
    text: text('text').notNull(),
    savedByIdx: integer('saved_by_idx').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    savedAt: ts('saved_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_version_uq').on(t.documentIdx, t.versionNo)],
);

export const documentShares = pgTable(
  'document_share',
  {
    shareIdx: serial('share_idx').primaryKey(),
    documentIdx: integer('document_idx')
      .notNull()
      .references(() => documents.documentIdx, { onDelete: 'cascade' }),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    access: text('access').$type<DocumentAccess>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_share_uq').on(t.documentIdx, t.memberIdx)],
);

/**
 * A folder shared with a member: view or edit on every document in it and in its subfolders, now and
 * later (private ones too); edit also lets them add documents there. A document's own share and the
 * folders' shares above it add up: the strongest one counts.
 */
export const folderShares = pgTable(
  'folder_share',
  {
    shareIdx: serial('share_idx').primaryKey(),
    folderIdx: integer('folder_idx')
      .notNull()
      .references(() => folders.folderIdx, { onDelete: 'cascade' }),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    access: text('access').$type<DocumentAccess>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('folder_share_uq').on(t.folderIdx, t.memberIdx),
    index('folder_share_member_idx').on(t.memberIdx),
  ],
);

/** The live read-only link of a document; only the token's SHA-256 is kept. Revoking deletes it. */
export const documentPublicLinks = pgTable(
  'document_public_link',
  {
    documentIdx: integer('document_idx')
      .primaryKey()
      .references(() => documents.documentIdx, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdByIdx: integer('created_by_idx').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_public_link_token_uq').on(t.tokenHash)],
);
