import {
  apiPaths,
  type CreateRequestRequest,
  type MemberRequest,
  type RequestBox,
  type RequestComment,
  type RequestList,
  type RequestStatus,
  type UpdateRequestRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

export const requestApi = {
  list: (projectIdx: number, box: RequestBox, status?: RequestStatus) =>
    api<RequestList>(apiPaths.request, { query: { projectIdx, box, ...(status ? { status } : {}) } }),
  get: (requestIdx: number) => api<MemberRequest>(apiPaths.requestOne(requestIdx)),
  create: (body: Omit<CreateRequestRequest, 'kind'>) =>
    api<MemberRequest>(apiPaths.request, { method: 'POST', body }),
  update: (requestIdx: number, body: UpdateRequestRequest) =>
    api<MemberRequest>(apiPaths.requestOne(requestIdx), { method: 'PATCH', body }),
  remove: (requestIdx: number) =>
    api<{ requestIdx: number }>(apiPaths.requestOne(requestIdx), { method: 'DELETE' }),
  comment: (requestIdx: number, content: string) =>
    api<RequestComment>(apiPaths.requestComment(requestIdx), { method: 'POST', body: { content } }),
  /** A file of the project, to attach by its `fileIdx` (`projectIdx` goes before the file: the server reads it first). */
  upload: (projectIdx: number, file: File) => {
    const form = new FormData();
    form.append('projectIdx', String(projectIdx));
    form.append('file', file, file.name);
    return api<{ fileIdx: number }>(apiPaths.file, { method: 'POST', body: form });
  },
  /** An attached file's bytes, fetched with the access key like every call. */
  download: (fileIdx: number) => api<Blob>(apiPaths.file, { query: { fileIdx }, asBlob: true }),
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
