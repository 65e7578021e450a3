import type { DocumentSummary } from '@teamline/contract';

/** A page document as the list sends it; tests override what they look at. */
export const documentSummary = (over: Partial<DocumentSummary> = {}): DocumentSummary => ({
  documentIdx: 1,
  projectIdx: 1,
  folderIdx: null,
  title: 'Release plan',
  kind: 'page',
  fileIdx: null,
  fileName: null,
  mime: null,
  size: null,
  aiType: null,
  visibility: 'project',
  createdByIdx: 1,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedByIdx: 1,
  updatedAt: '2026-11-27T00:00:00.000Z',
  version: 1,
  snippet: 'Ship the payment module',
  can: { edit: true, share: true, delete: true },
  ...over,
});
