import {
  isErrorCode,
  type AiJob,
  type AiSource,
  type ErrorCode,
  type TimelineDraft,
} from '@teamline/contract';
import { errorCodeOf } from '../../../lib/api-client';

/**
 * The contract's AI job and draft (`schemas/ai.ts`), plus the draft as the review screen edits it:
 * every item gets an `include` flag, and a story keeps the passage it came from. Dates are ISO
 * `YYYY-MM-DD`, as in the contract.
 */
export type {
  AiApplyRequest,
  AiApplyResponse,
  AiDocumentRequest,
  AiDocumentType,
  AiJob,
} from '@teamline/contract';
export type { AiJobCreated as AiJobStarted } from '@teamline/contract';
export { aiDocumentTypes, aiReportTypes, AI_UPLOAD_MAX_BYTES as AI_FILE_MAX_BYTES } from '@teamline/contract';

/** The contract's `YYYYMMDD` codes as the `YYYY-MM-DD` of a date input, and back. */
export const isoOfCode = (code: string | null): string | null =>
  code ? `${code.slice(0, 4)}-${code.slice(4, 6)}-${code.slice(6, 8)}` : null;
export const codeOfIso = (iso: string | null): string | null => (iso ? iso.replaceAll('-', '') : null);

export interface EditableStory {
  key: string;
  title: string;
  startDate: string | null;
  endDate: string | null;
  epic: string | null;
  source: AiSource;
  include: boolean;
}

export interface EditableMilestone extends Omit<EditableStory, 'epic'> {
  stories: EditableStory[];
}

export interface EditableDraft {
  milestones: EditableMilestone[];
}

/** The job's draft as the review edits it: ISO dates for the date inputs, everything checked. */
export const toEditable = (draft: TimelineDraft): EditableDraft => ({
  milestones: draft.milestones.map((m) => ({
    key: m.key,
    title: m.title,
    startDate: isoOfCode(m.startDt),
    endDate: isoOfCode(m.endDt),
    source: m.source,
    include: true,
    stories: m.stories.map((s) => ({
      key: s.key,
      title: s.title,
      startDate: isoOfCode(s.startDt),
      endDate: isoOfCode(s.endDt),
      epic: s.epic,
      source: s.source,
      include: true,
    })),
  })),
});

/** States after which the job changes no more (polling stops). */
export const isFinished = (state: AiJob['state']): boolean => state !== 'queued' && state !== 'running';

/** The job's progress as a percentage (0 while the total is not known). */
export const percentOf = (job: Pick<AiJob, 'progress'>): number =>
  job.progress.total > 0 ? Math.min(100, Math.round((job.progress.done / job.progress.total) * 100)) : 0;

/** A failed job's code as one the app translates (docs/product/documents-and-ai.md#ai-timeline: an unknown one reads as the provider's failure). */
export const jobErrorCode = (job: Pick<AiJob, 'errorCode'>): ErrorCode =>
  isErrorCode(job.errorCode) ? job.errorCode : 'AI_PROVIDER_FAILED';

/**
 * Why a watched job gives nothing to show, as a text key: it could not be read, it was cancelled,
 * or it failed (with its own code). Null while it runs or when it is done.
 */
export function jobProblemKey(job: { isError: boolean; error: unknown; data?: AiJob }): string | null {
  if (job.isError) return `errors.${errorCodeOf(job.error)}`;
  if (job.data?.state === 'cancelled') return 'ui.ai.job.cancelled';
  if (job.data?.state === 'failed') return `errors.${jobErrorCode(job.data)}`;
  return null;
}
