import type { AiDocumentRequest, AiJobKind, AiJobState, TimelineDraft } from '@teamline/contract';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { documents } from './document.js';
import { members } from './member.js';
import { projects } from './project.js';
import { ts } from './columns.js';

/**
 * An AI job (issue 15): a timeline drafted from an uploaded file (`upload_key`, the file in storage
 * until it is read) or a document written from the project's activity (`request`). The durable job
 * `ai.run` does the work; `state` moves queued → running → done | failed | cancelled, and a timeline
 * draft to `applied` once (the apply claims the row in its own transaction).
 */
export const aiJobs = pgTable(
  'ai_job',
  {
    aiJobIdx: serial('ai_job_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    kind: text('kind').$type<AiJobKind>().notNull(),
    state: text('state').$type<AiJobState>().notNull().default('queued'),
    progress: jsonb('progress')
      .$type<{ done: number; total: number }>()
      .notNull()
      .default({ done: 0, total: 1 }),
    errorCode: text('error_code'),
    fileName: text('file_name'),
    uploadKey: text('upload_key'),
    request: jsonb('request').$type<AiDocumentRequest | null>(),
    provider: text('provider').notNull(),
    draft: jsonb('draft').$type<TimelineDraft | null>(),
    documentIdx: integer('document_idx').references(() => documents.documentIdx),
    createdByIdx: integer('created_by_idx')
      .notNull()
      .references(() => members.memberIdx),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    appliedAt: ts('applied_at'),
  },
  (t) => [index('ai_job_project_idx').on(t.projectIdx)],
);
