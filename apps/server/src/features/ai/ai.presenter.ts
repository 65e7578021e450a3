import type { AiJob } from '@teamline/contract';
import type { AiJobRow } from './ai.repository.js';

export const toJob = (row: AiJobRow): AiJob => ({
  jobIdx: row.aiJobIdx,
  projectIdx: row.projectIdx,
  kind: row.kind,
  state: row.state,
  progress: row.progress,
  errorCode: row.errorCode,
  fileName: row.fileName,
  provider: row.provider,
  draft: row.draft ?? null,
  documentIdx: row.documentIdx,
  createdAt: row.createdAt.toISOString(),
});
