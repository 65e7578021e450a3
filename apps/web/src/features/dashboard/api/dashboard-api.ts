import { api } from '../../../lib/api';

/**
 * Under the project's planning prefix (['planning', projectIdx]) so that the live planning updates
 * (lib/planning/use-project-realtime) refetch the dashboard together with the timeline's queries.
 */
export const dashboardKey = (projectIdx: number) => ['planning', projectIdx, 'dashboard'] as const;

export const dashboardApi = {
  get: (projectIdx: number) => api.get('dashboard', { query: { projectIdx } }),
};
