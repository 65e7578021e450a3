import { AI_UPLOAD_MAX_BYTES as AI_FILE_MAX_BYTES } from '@teamline/contract';

/**
 * docs/product/documents-and-ai.md#ai-timeline: PDF, Word, TXT and CSV, at most 10 MB, and a project must be chosen.
 * Checked in the browser before anything is sent (by extension and size; the server checks the
 * content again), so a wrong file costs no upload.
 */
export const AI_UPLOAD_MAX_BYTES = AI_FILE_MAX_BYTES;
export const aiUploadExtensions = ['pdf', 'docx', 'txt', 'csv'] as const;
/** The file picker's `accept`: extensions plus their MIME types. */
export const aiUploadAccept = [
  '.pdf',
  '.docx',
  '.txt',
  '.csv',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/csv',
].join(',');

export type AiUploadProblem =
  'AI_FILE_TYPE_NOT_ALLOWED' | 'AI_FILE_TOO_LARGE' | 'AI_FILE_EMPTY' | 'noProject';

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** What is wrong with uploading this file to this project, or null when it may go. */
export function checkAiUpload(
  file: Pick<File, 'name' | 'size'>,
  projectIdx: number | null | undefined,
): AiUploadProblem | null {
  if (projectIdx == null || !Number.isInteger(projectIdx) || projectIdx <= 0) return 'noProject';
  if (!(aiUploadExtensions as readonly string[]).includes(extensionOf(file.name))) {
    return 'AI_FILE_TYPE_NOT_ALLOWED';
  }
  if (file.size > AI_UPLOAD_MAX_BYTES) return 'AI_FILE_TOO_LARGE';
  if (file.size === 0) return 'AI_FILE_EMPTY';
  return null;
}

/** The translation key of a problem. */
export const uploadProblemKey = (problem: AiUploadProblem): string =>
  problem === 'noProject' ? 'ui.ai.timeline.noProject' : `errors.${problem}`;
