import type { ImportRequest } from '@teamline/contract';
import { api } from '../../../lib/api';

/** docs/product/import.md: the calls of Settings › Import. */
export const importApi = {
  preview: (projectIdx: number, body: ImportRequest) => api.post(['importPreview', projectIdx], { body }),
  start: (projectIdx: number, body: ImportRequest) => api.post(['importStart', projectIdx], { body }),
  get: (importIdx: number) => api.get(['importRun', importIdx]),
  undo: (importIdx: number) => api.post(['importUndo', importIdx]),
};
