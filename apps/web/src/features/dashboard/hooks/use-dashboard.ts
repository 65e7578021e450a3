import { useQuery } from '@tanstack/react-query';
import { dashboardApi, dashboardKey } from '../api/dashboard-api';

/**
 * The dashboard of one project. Live: the page runs the project's realtime hook
 * (lib/planning/use-project-realtime), which invalidates the project's planning queries on every
 * planning event, this one included (same key prefix), and after a reconnect.
 */
export function useDashboard(projectIdx: number | null) {
  return useQuery({
    queryKey: dashboardKey(projectIdx ?? 0),
    queryFn: () => dashboardApi.get(projectIdx!),
    enabled: projectIdx !== null && projectIdx > 0,
    staleTime: 10_000,
  });
}
