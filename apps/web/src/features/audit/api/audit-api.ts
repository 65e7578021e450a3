import { type AuditExportQuery, type AuditListQuery, type OwnAuditQuery } from '@teamline/contract';
import { api } from '../../../lib/api';

/** The audit log's calls (issue 30): a project's log (admin authority), one's own, and the CSV. */
export const auditApi = {
  list: (query: AuditListQuery) => api.get('audit', { query }),
  own: (query: OwnAuditQuery) => api.get('auditOwn', { query }),
  exportCsv: (query: AuditExportQuery) => api.file('auditExport', { query }),
};
