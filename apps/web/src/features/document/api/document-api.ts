import {
  apiPaths,
  type DocumentCreateRequest,
  type DocumentDetail,
  type DocumentListResponse,
  type DocumentPublicLink,
  type DocumentShare,
  type DocumentShareRequest,
  type DocumentUpdateRequest,
  type DocumentVersionDetail,
  type DocumentVersionsResponse,
  type Folder,
  type FolderCreateRequest,
  type FolderListResponse,
  type FolderShare,
  type FolderUpdateRequest,
  type PublicDocument,
} from '@teamline/contract';
import { api } from '../../../lib/api';

/** docs/product/documents-and-ai.md#documents (issue 15): folders, documents, versions, sharing, public links. */
export const documentApi = {
  folders: (projectIdx: number) => api<FolderListResponse>(apiPaths.folder, { query: { projectIdx } }),
  createFolder: (body: FolderCreateRequest) => api<Folder>(apiPaths.folder, { method: 'POST', body }),
  updateFolder: (folderIdx: number, body: FolderUpdateRequest) =>
    api<Folder>(apiPaths.folderOne(folderIdx), { method: 'PATCH', body }),
  deleteFolder: (folderIdx: number) => api<unknown>(apiPaths.folderOne(folderIdx), { method: 'DELETE' }),
  shareFolder: (folderIdx: number, body: DocumentShareRequest) =>
    api<FolderShare>(apiPaths.folderShare(folderIdx), { method: 'POST', body }),
  unshareFolder: (shareIdx: number) => api<unknown>(apiPaths.folderShareOne(shareIdx), { method: 'DELETE' }),

  list: (projectIdx: number, folderIdx: number | undefined, q: string) =>
    api<DocumentListResponse>(apiPaths.document, {
      query: { projectIdx, ...(folderIdx !== undefined ? { folderIdx } : {}), ...(q ? { q } : {}) },
    }),
  get: (documentIdx: number) => api<DocumentDetail>(apiPaths.documentOne(documentIdx)),
  create: (body: DocumentCreateRequest) => api<DocumentDetail>(apiPaths.document, { method: 'POST', body }),
  update: (documentIdx: number, body: DocumentUpdateRequest) =>
    api<DocumentDetail>(apiPaths.documentOne(documentIdx), { method: 'PATCH', body }),
  remove: (documentIdx: number) => api<unknown>(apiPaths.documentOne(documentIdx), { method: 'DELETE' }),
  restore: (documentIdx: number) =>
    api<DocumentDetail>(apiPaths.documentRestore(documentIdx), { method: 'POST' }),

  versions: (documentIdx: number) => api<DocumentVersionsResponse>(apiPaths.documentVersions(documentIdx)),
  version: (documentIdx: number, versionNo: number) =>
    api<DocumentVersionDetail>(apiPaths.documentVersionOne(documentIdx, versionNo)),
  exportMarkdown: (documentIdx: number) =>
    api<Blob>(apiPaths.documentExport(documentIdx), { query: { format: 'md' }, asBlob: true }),

  share: (documentIdx: number, body: DocumentShareRequest) =>
    api<DocumentShare>(apiPaths.documentShare(documentIdx), { method: 'POST', body }),
  unshare: (shareIdx: number) => api<unknown>(apiPaths.documentShareOne(shareIdx), { method: 'DELETE' }),
  createPublicLink: (documentIdx: number) =>
    api<DocumentPublicLink>(apiPaths.documentPublicLink(documentIdx), { method: 'POST' }),
  revokePublicLink: (documentIdx: number) =>
    api<unknown>(apiPaths.documentPublicLink(documentIdx), { method: 'DELETE' }),
  publicDocument: (token: string) => api<PublicDocument>(apiPaths.publicDocument(token)),

  /** An uploaded project file, then a file document of it. */
  /** A project file (counted in the project's storage); its id. */
  uploadFile: async (projectIdx: number, file: Blob, name: string) => {
    const form = new FormData();
    form.append('projectIdx', String(projectIdx));
    form.append('file', file, name);
    return (await api<{ fileIdx: number }>(apiPaths.file, { method: 'POST', body: form })).fileIdx;
  },
  upload: async (projectIdx: number, folderIdx: number | null, file: File) => {
    const fileIdx = await documentApi.uploadFile(projectIdx, file, file.name);
    return api<DocumentDetail>(apiPaths.document, {
      method: 'POST',
      body: { projectIdx, folderIdx, title: file.name.slice(0, 200), fileIdx },
    });
  },
  fileBytes: (fileIdx: number) => api<Blob>(apiPaths.file, { query: { fileIdx }, asBlob: true }),
  /** A short-lived signed address of a file, for an <img> (it cannot send the access key). */
  fileUrl: (fileIdx: number) =>
    api<{ url: string; expiresAt: string }>(apiPaths.fileUrl, { query: { fileIdx } }),
};

export const documentKeys = {
  all: (projectIdx: number) => ['document', projectIdx] as const,
  folders: (projectIdx: number) => ['document', projectIdx, 'folders'] as const,
  list: (projectIdx: number, folderIdx: number | undefined, q: string) =>
    ['document', projectIdx, 'list', folderIdx ?? 'all', q] as const,
  one: (documentIdx: number) => ['document', 'one', documentIdx] as const,
  versions: (documentIdx: number) => ['document', 'one', documentIdx, 'versions'] as const,
};
