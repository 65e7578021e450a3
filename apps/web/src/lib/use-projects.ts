import type { ProjectOfMember } from '@teamline/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../stores/auth-store';
import { useRoleStore } from '../stores/role-store';
import { projectApi } from './project-api';
import { projectsOfMode } from './project-resolution';

export const projectsKey = ['projects', 'list-of-member'] as const;

/** docs/product/projects-and-membership.md#projects: the member project list is loaded once and skipped when already fetched. */
export function useProjects() {
  const isLogin = useAuthStore((s) => s.isLogin);
  const isClient = useRoleStore((s) => s.isClient);
  const query = useQuery({
    queryKey: projectsKey,
    queryFn: projectApi.listOfMember,
    enabled: isLogin,
    staleTime: Infinity,
  });
  const allProjects: ProjectOfMember[] = query.data ?? [];
  return {
    ...query,
    allProjects,
    clientProjects: projectsOfMode(allProjects, true),
    expertProjects: projectsOfMode(allProjects, false),
    modeProjects: projectsOfMode(allProjects, isClient),
    isFetchProject: query.isFetched,
  };
}
