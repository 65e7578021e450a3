import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * The project's members (`GET /memberInProject?projectIdx=`), under the planning feature's key so
 * both share one cache and the project's live updates refetch it.
 */
export const useProjectMembers = (projectIdx: number) =>
  useQuery({
    queryKey: ['planning', projectIdx, 'members'] as const,
    queryFn: () => api.get('memberInProject', { query: { projectIdx } }),
  });
