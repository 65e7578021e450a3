import { z } from 'zod';
import { storyStatuses } from '../rules/planning-statuses.js';
import { AI_UPLOAD_MAX_BYTES } from './ai.js';
import { idx, int4 } from './common.js';
import { githubRepoName } from './github.js';

/**
 * Bringing work in (issue 34, docs/product/import.md): a Jira CSV export, any CSV with a column
 * mapping, or a Trello JSON board export, read into an existing project. A preview reads the file
 * and writes nothing; starting the import queues the durable job `import.run`, which writes in
 * batches; an import can be undone in one step.
 */
export const IMPORT_MAX_BYTES = AI_UPLOAD_MAX_BYTES;
/** Stories written per transaction of the import job (one progress step). */
export const IMPORT_BATCH_SIZE = 50;
/** Rows (cards) one file may hold. */
export const IMPORT_MAX_ITEMS = 5000;

/** `github`: the issues of a repository, read through the project's GitHub connection (no file). */
export const importSources = ['jira', 'csv', 'trello', 'github'] as const;
export type ImportSource = (typeof importSources)[number];

/** Fields of ours a CSV column can be mapped to (docs/product/import.md#csv-mapping). */
export const importFields = [
  'key',
  'title',
  'description',
  'status',
  'assignee',
  'dueDate',
  'epic',
  'milestone',
  'comment',
] as const;
export type ImportField = (typeof importFields)[number];

/** Column name → our field, for the `csv` source; the `jira` source has its own fixed map. */
export const importMapping = z
  .record(z.string().max(200), z.enum(importFields))
  .refine((m) => Object.keys(m).length <= 200, 'tooMany');
export type ImportMapping = z.infer<typeof importMapping>;
/** Source status (as written in the file, case kept) → ours. */
export const importStatusMap = z.record(z.string().max(200), z.enum(storyStatuses));
export type ImportStatusMap = z.infer<typeof importStatusMap>;

export const importRequest = z.object({
  source: z.enum(importSources),
  fileName: z.string().max(255).default(''),
  /** The file's text (CSV or JSON, UTF-8); empty for `github`. */
  text: z.string().max(IMPORT_MAX_BYTES).default(''),
  /** `github` only: `owner/name`; without it, the repository the project's connection is set to. */
  repo: githubRepoName.optional(),
  mapping: importMapping.optional(),
  statusMap: importStatusMap.optional(),
});
export type ImportRequest = z.infer<typeof importRequest>;

export const importProblemCodes = [
  'titleMissing',
  'titleTruncated',
  'dateUnreadable',
  'commentUnreadable',
  'duplicateKey',
] as const;
export type ImportProblemCode = (typeof importProblemCodes)[number];
/**
 * One thing wrong with one row: `row` is the file's line (CSV, header = 1), the card's position
 * (Trello) or the number (GitHub).
 */
export const importProblem = z.object({
  row: int4,
  code: z.enum(importProblemCodes),
  /** Skipped rows are not imported; the others are, without the bad value. */
  skipped: z.boolean(),
  value: z.string(),
});
export type ImportProblem = z.infer<typeof importProblem>;

export const importCounts = z.object({
  stories: int4,
  epics: int4,
  milestones: int4,
  comments: int4,
  /** Stories already brought in by an earlier import of the same source: not written again. */
  alreadyImported: int4,
});
export type ImportCounts = z.infer<typeof importCounts>;

export const importPreview = z.object({
  source: z.enum(importSources),
  /** The CSV's header (the `csv` source maps these). */
  columns: z.array(z.string()),
  /** The mapping used (for `csv`: the one sent, or a guess from the column names). */
  mapping: importMapping,
  counts: importCounts,
  /** Every status found in the file, with the status of ours it becomes. */
  statusMap: importStatusMap,
  people: z.object({
    matched: z.array(z.object({ name: z.string(), memberInProjectIdx: idx, nickname: z.string() })),
    unmatched: z.array(z.string()),
  }),
  problems: z.array(importProblem),
  /** Problems past the first 200 are counted, not listed. */
  moreProblems: int4,
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importStates = ['queued', 'running', 'done', 'failed', 'undone'] as const;
export type ImportState = (typeof importStates)[number];
export const importRun = z.object({
  importIdx: idx,
  projectIdx: idx,
  source: z.enum(importSources),
  fileName: z.string(),
  state: z.enum(importStates),
  progress: z.object({ done: int4, total: int4 }),
  counts: importCounts,
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRun>;
export const importCreated = z.object({ importIdx: idx });
