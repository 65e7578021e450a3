import { api } from '../../../lib/api';
import { storageUsageKey } from '../../../lib/storage-usage';

export const myDataKeys = {
  usage: () => storageUsageKey,
  projectUsage: (projectIdx: number) => [...storageUsageKey, 'project', projectIdx] as const,
  export: () => ['member-export'] as const,
};

/** Storage use, file deletion and the "My data" archive (issue 30). */
export const myDataApi = {
  usage: () => api.get('fileUsage'),
  projectUsage: (projectIdx: number) => api.get(['projectStorage', projectIdx]),
  deleteFile: (fileIdx: number) => api.delete(['fileOne', fileIdx]),
  exportStatus: () => api.get('memberExport'),
  startExport: () => api.post('memberExport'),
};
