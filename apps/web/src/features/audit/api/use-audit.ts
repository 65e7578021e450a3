import type { AuditListQuery, OwnAuditQuery } from '@teamline/contract';
import { useQuery } from '@tanstack/react-query';
import { auditApi } from './audit-api';

export const auditKeys = {
  project: (query: AuditListQuery) => ['audit', 'project', query] as const,
  own: (query: OwnAuditQuery) => ['audit', 'own', query] as const,
};

/** Pages keep the previous page on screen while the next loads (no flash of the spinner). */
export const useProjectAudit = (query: AuditListQuery) =>
  useQuery({
    queryKey: auditKeys.project(query),
    queryFn: () => auditApi.list(query),
    placeholderData: (previous) => previous,
  });

export const useOwnAudit = (query: OwnAuditQuery) =>
  useQuery({
    queryKey: auditKeys.own(query),
    queryFn: () => auditApi.own(query),
    placeholderData: (previous) => previous,
  });
