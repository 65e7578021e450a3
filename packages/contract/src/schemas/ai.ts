import { z } from 'zod';
import { dateCode, idx, int4, singleLine } from './common.js';

/**
 * AI documents and AI timelines (docs/product/documents-and-ai.md#documents, docs/product/documents-and-ai.md#ai-documents, docs/product/documents-and-ai.md#ai-timeline, issue 15). Both run as
 * durable jobs (`ai_job`) through one provider interface: the built-in offline generator (default,
 * deterministic) or any OpenAI-compatible chat-completions endpoint (`AI_BASE_URL`).
 *
 * An AI timeline reads an uploaded PDF, Word (.docx), TXT or CSV file (≤ 10 MB, type read from the
 * bytes) and drafts milestones with their stories, each with the passage it came from; the user
 * edits, unchecks and applies the draft (all or nothing, once). An AI document reads the project's
 * activity in a period and writes a draft document the user then edits.
 */
export const AI_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const aiUploadExtensions = ['pdf', 'docx', 'txt', 'csv'] as const;

export const aiDocumentTypes = ['weeklyReport', 'monthlyReport', 'meetingMinutes', 'requirements'] as const;
export type AiDocumentType = (typeof aiDocumentTypes)[number];
/** Reports summarise a period: they need both collection-period dates (docs/product/documents-and-ai.md#ai-documents). */
export const aiReportTypes: readonly AiDocumentType[] = ['weeklyReport', 'monthlyReport'];

export const aiJobKinds = ['timeline', 'document'] as const;
export type AiJobKind = (typeof aiJobKinds)[number];
export const aiJobStates = ['queued', 'running', 'done', 'failed', 'cancelled', 'applied'] as const;
export type AiJobState = (typeof aiJobStates)[number];

/** Where a drafted item came from in the file: the passage, and its page (PDF) or line. */
export const aiSource = z.object({
  excerpt: z.string(),
  page: int4.nullable(),
  line: int4.nullable(),
});
export type AiSource = z.infer<typeof aiSource>;

const draftTitle = singleLine().trim().min(1, 'required').max(200, 'tooLong');
const endNotBeforeStart = (v: { startDt: string | null; endDt: string | null }) =>
  !v.startDt || !v.endDt || v.endDt >= v.startDt;
const endRule = { message: 'endBeforeStart', path: ['endDt'] };

export const draftStory = z
  .object({
    key: z.string().max(40),
    title: draftTitle,
    startDt: dateCode.nullable(),
    endDt: dateCode.nullable(),
    epic: singleLine().trim().max(100, 'tooLong').nullable(),
    include: z.boolean(),
    source: aiSource,
  })
  .refine(endNotBeforeStart, endRule);
export type DraftStory = z.infer<typeof draftStory>;

export const draftMilestone = z
  .object({
    key: z.string().max(40),
    title: draftTitle,
    startDt: dateCode.nullable(),
    endDt: dateCode.nullable(),
    include: z.boolean(),
    source: aiSource,
    stories: z.array(draftStory).max(500),
  })
  .refine(endNotBeforeStart, endRule);
export type DraftMilestone = z.infer<typeof draftMilestone>;

export const timelineDraft = z.object({ milestones: z.array(draftMilestone).max(200) });
export type TimelineDraft = z.infer<typeof timelineDraft>;

export const aiJob = z.object({
  jobIdx: z.number().int(),
  projectIdx: z.number().int(),
  kind: z.enum(aiJobKinds),
  state: z.enum(aiJobStates),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Why it failed: an AI_* error code (translated by the web app). */
  errorCode: z.string().nullable(),
  fileName: z.string().nullable(),
  /** `offline` or the model's name. */
  provider: z.string(),
  draft: timelineDraft.nullable(),
  /** The document an AI document job wrote. */
  documentIdx: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AiJob = z.infer<typeof aiJob>;

export const aiJobCreated = z.object({ jobIdx: z.number().int() });
export type AiJobCreated = z.infer<typeof aiJobCreated>;

/** `POST /ai-job/{jobIdx}/apply`: the reviewed draft; unchecked items are left out. */
export const aiApplyRequest = timelineDraft;
export type AiApplyRequest = z.infer<typeof aiApplyRequest>;
export const aiApplyResponse = z.object({
  milestoneIdxs: z.array(z.number().int()),
  storyIdxs: z.array(z.number().int()),
});
export type AiApplyResponse = z.infer<typeof aiApplyResponse>;

/** `POST /document/ai` (docs/product/documents-and-ai.md#ai-documents: a type and a reference date; a report also its period, start before end). */
export const aiDocumentRequest = z
  .object({
    projectIdx: idx,
    type: z.enum(aiDocumentTypes, 'required'),
    referenceDt: dateCode,
    periodStartDt: dateCode.nullable().optional(),
    periodEndDt: dateCode.nullable().optional(),
    folderIdx: idx.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!aiReportTypes.includes(v.type)) return;
    if (!v.periodStartDt) ctx.addIssue({ code: 'custom', message: 'required', path: ['periodStartDt'] });
    if (!v.periodEndDt) ctx.addIssue({ code: 'custom', message: 'required', path: ['periodEndDt'] });
    if (v.periodStartDt && v.periodEndDt && v.periodStartDt >= v.periodEndDt)
      ctx.addIssue({ code: 'custom', message: 'periodStartBeforeEnd', path: ['periodEndDt'] });
  });
export type AiDocumentRequest = z.infer<typeof aiDocumentRequest>;
