import {
  apiPaths,
  type AuditExportQuery,
  type AuditList,
  type AuditListQuery,
  type OwnAuditQuery,
} from '@teamline/contract';
import { api } from '../../../lib/api';

/** The audit log's calls (issue 30): a project's log (admin authority), one's own, and the CSV. */
export const auditApi = {
  list: (query: AuditListQuery) => api<AuditList>(apiPaths.audit, { query }),
  own: (query: OwnAuditQuery) => api<AuditList>(apiPaths.auditOwn, { query }),
  exportCsv: (query: AuditExportQuery) => api<Blob>(apiPaths.auditExport, { query, asBlob: true }),
};
