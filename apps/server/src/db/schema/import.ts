import type { ImportCounts, ImportSource, ImportState, ImportStatusMap } from '@teamline/contract';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './member.js';
import { projects } from './project.js';
import { ts } from './columns.js';

/** One normalised row of an import, as the parser read it (docs/product/import.md). */
export interface ImportItemData {
  row: number;
  key: string;
  kind: 'story' | 'epic';
  title: string;
  description: string;
  status: string;
  /** Every assignee matched to a member (a GitHub issue may have several). */
  assigneeIdxs?: number[];
  /** The one assignee of imports an older build started (read when `assigneeIdxs` is absent). */
  assigneeIdx?: number | null;
  endDt: string | null;
  epic: string | null;
  milestone: string | null;
  /** The milestone's due date (`YYYYMMDD`), when the source has one (GitHub's `due_on`). */
  milestoneDue?: string | null;
  comments: string[];
}

/**
 * One import into a project (issue 34): the parsed rows (`items`, read once at the start, so the
 * durable job `import.run` never re-reads the file), how far the job got (`progress.done` rows,
 * advanced in the same transaction as each batch it writes) and its state
 * queued → running → done | failed, then `undone` once.
 */
export const imports = pgTable(
  'import',
  {
    importIdx: serial('import_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    source: text('source').$type<ImportSource>().notNull(),
    fileName: text('file_name').notNull().default(''),
    state: text('state').$type<ImportState>().notNull().default('queued'),
    items: jsonb('items').$type<ImportItemData[]>().notNull(),
    statusMap: jsonb('status_map').$type<ImportStatusMap>().notNull(),
    progress: jsonb('progress').$type<{ done: number; total: number }>().notNull(),
    counts: jsonb('counts').$type<ImportCounts>().notNull(),
    errorCode: text('error_code'),
    createdByIdx: integer('created_by_idx')
      .notNull()
      .references(() => members.memberIdx),
    createdAt: ts('created_at').notNull().defaultNow(),
    undoneAt: ts('undone_at'),
  },
  (t) => [index('import_project_idx').on(t.projectIdx)],
);

/**
 * What an import created, by the source's key (a Jira issue key, a Trello card id, a CSV key or
 * row hash): a second import of the same key into the project finds it here and writes nothing.
 * Undo removes the entities and these rows.
 */
export const importItems = pgTable(
  'import_item',
  {
    importItemIdx: serial('import_item_idx').primaryKey(),
    projectIdx: integer('project_idx').notNull(),
    source: text('source').$type<ImportSource>().notNull(),
    kind: text('kind').$type<'story' | 'epic' | 'milestone'>().notNull(),
    externalKey: text('external_key').notNull(),
    entityIdx: integer('entity_idx').notNull(),
    importIdx: integer('import_idx')
      .notNull()
      .references(() => imports.importIdx),
  },
  (t) => [
    uniqueIndex('import_item_key').on(t.projectIdx, t.source, t.kind, t.externalKey),
    index('import_item_import_idx').on(t.importIdx),
  ],
);
