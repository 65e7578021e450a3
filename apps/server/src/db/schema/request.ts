import type { RequestKind, RequestStatus } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { files } from './content.js';
import { stories } from './planning.js';
import { membersInProject, projects } from './project.js';
import { rowColumns, searchForm, ts } from './columns.js';

/**
 * Requests between two members of a project (docs/product/requests.md#requests). People are memberInProjectIdx,
 * like everyone in planning. A contract offer is a request of kind `contract` (see contract.ts).
 */
export const requests = pgTable(
  'request',
  {
    requestIdx: serial('request_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    kind: text('kind').$type<RequestKind>().notNull().default('general'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    searchText: searchForm(sql`"title"`),
    dueDt: text('due_dt').notNull(),
    /** Deleting the story keeps the request, without its story. */
    storyIdx: integer('story_idx').references(() => stories.storyIdx, { onDelete: 'set null' }),
    senderIdx: integer('sender_idx')
      .notNull()
      .references(() => membersInProject.memberInProjectIdx),
    receiverIdx: integer('receiver_idx')
      .notNull()
      .references(() => membersInProject.memberInProjectIdx),
    status: text('status').$type<RequestStatus>().notNull().default('awaiting'),
    /** When the receiver first opened it; null: unread. */
    readAt: ts('read_at'),
    takenAt: ts('taken_at'),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The two boxes, newest first; the received one also counts the unread.
    index('request_receiver_idx').on(t.projectIdx, t.receiverIdx, t.requestIdx),
    index('request_sender_idx').on(t.projectIdx, t.senderIdx, t.requestIdx),
    index('request_search_idx').using('gist', t.searchText.op('gist_trgm_ops')),
    check('request_kind_check', sql`${t.kind} in ('general', 'contract')`),
    check('request_status_check', sql`${t.status} in ('awaiting', 'inProgress', 'completed', 'rejected')`),
  ],
);
/** Its columns without `search_text` (columns.ts `rowColumns`), for every read but search's. */
export const requestColumns = rowColumns(requests);

export const requestComments = pgTable(
  'request_comment',
  {
    commentIdx: serial('comment_idx').primaryKey(),
    projectIdx: integer('project_idx').notNull(),
    requestIdx: integer('request_idx')
      .notNull()
      .references(() => requests.requestIdx, { onDelete: 'cascade' }),
    memberInProjectIdx: integer('member_in_project_idx').notNull(),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('request_comment_request_idx').on(t.requestIdx, t.commentIdx)],
);

/**
 * Files attached to a request (uploaded with POST /file in the request's project). The sender's edit
 * replaces the whole set; withdrawing the request drops the links, never the files.
 */
export const requestFiles = pgTable(
  'request_file',
  {
    requestFileIdx: serial('request_file_idx').primaryKey(),
    requestIdx: integer('request_idx')
      .notNull()
      .references(() => requests.requestIdx, { onDelete: 'cascade' }),
    fileIdx: integer('file_idx')
      .notNull()
      .references(() => files.fileIdx, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('request_file_request_file_unique').on(t.requestIdx, t.fileIdx),
    index('request_file_file_idx').on(t.fileIdx),
  ],
);
