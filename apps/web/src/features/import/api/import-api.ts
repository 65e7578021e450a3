import type { ImportRequest } from '@teamline/contract';
import { api } from '../../../lib/api';

/** docs/product/import.md: the calls of Settings › Import. */
export const importApi = {
  preview: (projectIdx: number, body: ImportRequest) => api.post(['importPreview', projectIdx], { body }),
  start: (projectIdx: number, body: ImportRequest) => api.post(['importStart', projectIdx], { body }),
  get: (importIdx: number) => api.get(['importRun', importIdx]),
  undo: (importIdx: number) => api.post(['importUndo', importIdx]),
  /** The project's GitHub connection (any member may read it), for the `github` source. */
  github: (projectIdx: number) => api.get('github', { query: { projectIdx } }),
  /** Repositories the connection's account reaches (admins), 100 a page. */
  githubRepos: (projectIdx: number, page = 1) =>
    api.get('githubRepos', { query: { projectIdx, q: '', page } }),
  /** An unmatched person invited as a depth2 member through the existing invitation (admins). */
  invite: (projectIdx: number, email: string) =>
    api.post('invite', { body: { projectIdx, email, role: 'depth2' } }),
};
