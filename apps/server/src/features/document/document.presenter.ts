import type { DocumentShare, DocumentSummary } from '@teamline/contract';
import type { DocumentListRow, DocumentRow } from './document.repository.js';
import { snippetOf } from './editor-text.js';

const iso = (d: Date) => d.toISOString();

export const summaryOf = (
  row: DocumentListRow | (DocumentRow & Pick<DocumentListRow, 'fileName' | 'mime' | 'size'>),
  can: DocumentSummary['can'],
  q?: string,
): DocumentSummary => ({
  documentIdx: row.documentIdx,
  projectIdx: row.projectIdx,
  folderIdx: row.folderIdx,
  title: row.title,
  kind: row.kind,
  fileIdx: row.fileIdx,
  fileName: row.fileName,
  mime: row.mime,
  size: row.size,
  aiType: row.aiType,
  visibility: row.visibility,
  createdByIdx: row.createdByIdx,
  createdAt: iso(row.createdAt),
  updatedByIdx: row.updatedByIdx,
  updatedAt: iso(row.updatedAt),
  version: row.version,
  snippet: snippetOf(row.text, q),
  can,
});

export const shareOf = (s: {
  shareIdx: number;
  documentIdx: number;
  memberIdx: number;
  access: 'view' | 'edit';
  createdAt: Date;
}): DocumentShare => ({
  shareIdx: s.shareIdx,
  documentIdx: s.documentIdx,
  memberIdx: s.memberIdx,
  access: s.access,
  createdAt: iso(s.createdAt),
});
