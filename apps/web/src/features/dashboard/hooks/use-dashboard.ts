import { useQuery } from '@tanstack/react-query';
import { dashboardApi, dashboardKey } from '../api/dashboard-api';

/**
 * The dashboard of one project, kept fresh by refetching on window focus and every 30 seconds
 * (until the planning realtime hook is in place).
 */
export function useDashboard(projectIdx: number | null) {
  return useQuery({
    queryKey: dashboardKey(projectIdx ?? 0),
    queryFn: () => dashboardApi.get(projectIdx!),
    enabled: projectIdx !== null && projectIdx > 0,
    staleTime: 10_000,
    refetchOnWindowFocus: true,
    refetchInterval: 30_000,
  });
}
