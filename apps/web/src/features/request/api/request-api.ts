import {
  type CreateRequestRequest,
  type RequestBox,
  type RequestStatus,
  type UpdateRequestRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

export const requestApi = {
  list: (projectIdx: number, box: RequestBox, status?: RequestStatus) =>
    api.get('request', { query: { projectIdx, box, ...(status ? { status } : {}) } }),
  get: (requestIdx: number) => api.get(['requestOne', requestIdx]),
  create: (body: Omit<CreateRequestRequest, 'kind'>) => api.post('request', { body }),
  update: (requestIdx: number, body: UpdateRequestRequest) => api.patch(['requestOne', requestIdx], { body }),
  remove: (requestIdx: number) => api.delete(['requestOne', requestIdx]),
  comment: (requestIdx: number, content: string) =>
    api.post(['requestComment', requestIdx], { body: { content } }),
  /** A file of the project, to attach by its `fileIdx` (`projectIdx` goes before the file: the server reads it first). */
  upload: (projectIdx: number, file: File) => {
    const form = new FormData();
    form.append('projectIdx', String(projectIdx));
    form.append('file', file, file.name);
    return api.post('file', { body: form });
  },
  /** An attached file's bytes, fetched with the access key like every call. */
  download: (fileIdx: number) => api.file('file', { query: { fileIdx } }),
};

/**
 * Under the project's planning key, so the project's live updates (useProjectRealtime refetches the
 * project's queries on any of its events, request.* included) refresh them too.
 */
export const requestKeys = {
  all: (projectIdx: number) => ['planning', projectIdx, 'request'] as const,
  list: (projectIdx: number, box: RequestBox, status: RequestStatus | '') =>
    ['planning', projectIdx, 'request', 'list', box, status] as const,
  one: (projectIdx: number, requestIdx: number) =>
    ['planning', projectIdx, 'request', 'one', requestIdx] as const,
};
