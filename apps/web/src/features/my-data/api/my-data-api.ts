import { apiPaths, type MemberExportStatus, type StorageUsage } from '@teamline/contract';
import { api } from '../../../lib/api';
import { storageUsageKey } from '../../../lib/storage-usage';

export const myDataKeys = {
  usage: () => storageUsageKey,
  projectUsage: (projectIdx: number) => [...storageUsageKey, 'project', projectIdx] as const,
  export: () => ['member-export'] as const,
};

/** Storage use, file deletion and the "My data" archive (issue 30). */
export const myDataApi = {
  usage: () => api<StorageUsage>(apiPaths.fileUsage),
  projectUsage: (projectIdx: number) => api<StorageUsage>(apiPaths.projectStorage(projectIdx)),
  deleteFile: (fileIdx: number) => api<{ fileIdx: number }>(apiPaths.fileOne(fileIdx), { method: 'DELETE' }),
  exportStatus: () => api<MemberExportStatus>(apiPaths.memberExport),
  startExport: () => api<MemberExportStatus>(apiPaths.memberExport, { method: 'POST' }),
};
