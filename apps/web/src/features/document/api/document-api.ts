import {
  type DocumentCreateRequest,
  type DocumentShareRequest,
  type DocumentUpdateRequest,
  type FolderCreateRequest,
  type FolderUpdateRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

/** docs/product/documents-and-ai.md#documents (issue 15): folders, documents, versions, sharing, public links. */
export const documentApi = {
  folders: (projectIdx: number) => api.get('folder', { query: { projectIdx } }),
  createFolder: (body: FolderCreateRequest) => api.post('folder', { body }),
  updateFolder: (folderIdx: number, body: FolderUpdateRequest) =>
    api.patch(['folderOne', folderIdx], { body }),
  deleteFolder: (folderIdx: number) => api.delete(['folderOne', folderIdx]),
  shareFolder: (folderIdx: number, body: DocumentShareRequest) =>
    api.post(['folderShare', folderIdx], { body }),
  unshareFolder: (shareIdx: number) => api.delete(['folderShareOne', shareIdx]),

  list: (projectIdx: number, folderIdx: number | undefined, q: string) =>
    api.get('document', {
      query: { projectIdx, ...(folderIdx !== undefined ? { folderIdx } : {}), ...(q ? { q } : {}) },
    }),
  get: (documentIdx: number) => api.get(['documentOne', documentIdx]),
  create: (body: DocumentCreateRequest) => api.post('document', { body }),
  update: (documentIdx: number, body: DocumentUpdateRequest) =>
    api.patch(['documentOne', documentIdx], { body }),
  remove: (documentIdx: number) => api.delete(['documentOne', documentIdx]),
  restore: (documentIdx: number) => api.post(['documentRestore', documentIdx]),

  versions: (documentIdx: number) => api.get(['documentVersions', documentIdx]),
  version: (documentIdx: number, versionNo: number) =>
    api.get(['documentVersionOne', documentIdx, versionNo]),
  exportMarkdown: (documentIdx: number) =>
    api.file(['documentExport', documentIdx], { query: { format: 'md' } }),

  share: (documentIdx: number, body: DocumentShareRequest) =>
    api.post(['documentShare', documentIdx], { body }),
  unshare: (shareIdx: number) => api.delete(['documentShareOne', shareIdx]),
  createPublicLink: (documentIdx: number) => api.post(['documentPublicLink', documentIdx]),
  revokePublicLink: (documentIdx: number) => api.delete(['documentPublicLink', documentIdx]),
  publicDocument: (token: string) => api.get(['publicDocument', token]),

  /** An uploaded project file, then a file document of it. */
  /** A project file (counted in the project's storage); its id. */
  uploadFile: async (projectIdx: number, file: Blob, name: string) => {
    const form = new FormData();
    form.append('projectIdx', String(projectIdx));
    form.append('file', file, name);
    return (await api.post('file', { body: form })).fileIdx;
  },
  upload: async (projectIdx: number, folderIdx: number | null, file: File) => {
    const fileIdx = await documentApi.uploadFile(projectIdx, file, file.name);
    return api.post('document', { body: { projectIdx, folderIdx, title: file.name.slice(0, 200), fileIdx } });
  },
  fileBytes: (fileIdx: number) => api.file('file', { query: { fileIdx } }),
  /** A short-lived signed address of a file, for an <img> (it cannot send the access key). */
  fileUrl: (fileIdx: number) => api.get('fileUrl', { query: { fileIdx } }),
};

export const documentKeys = {
  all: (projectIdx: number) => ['document', projectIdx] as const,
  folders: (projectIdx: number) => ['document', projectIdx, 'folders'] as const,
  list: (projectIdx: number, folderIdx: number | undefined, q: string) =>
    ['document', projectIdx, 'list', folderIdx ?? 'all', q] as const,
  one: (documentIdx: number) => ['document', 'one', documentIdx] as const,
  versions: (documentIdx: number) => ['document', 'one', documentIdx, 'versions'] as const,
};
