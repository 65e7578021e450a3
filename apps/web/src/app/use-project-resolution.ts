import { useQuery } from '@tanstack/react-query';
import { needsProjectResolution } from '@teamline/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { projectApi } from '../lib/project-api';
import { useProjects } from '../lib/use-projects';
import { useAuthStore } from '../stores/auth-store';
import { useProjectStore } from '../stores/project-store';
import { useRoleStore } from '../stores/role-store';
import { initialMode, resolveProject } from '../lib/project-resolution';
import type { RouteMeta } from './route-meta';

/**
 * docs/product/projects-and-membership.md#project-resolution on each route change while logged in: load the list once (step 1),
 * decide with resolveProject (steps 2–6) and load the roles of the selected project (step 7).
 */
export function useProjectResolution(meta: RouteMeta): { isResolving: boolean } {
  const isLogin = useAuthStore((s) => s.isLogin);
  const isClient = useRoleStore((s) => s.isClient);
  const { allProjects, isFetched, isError } = useProjects();
  const selectedProject = useProjectStore((s) => s.selectedProject);
  const location = useLocation();
  const params = useParams();
  const navigate = useNavigate();
  const isModeChosen = useRoleStore((s) => s.isModeChosen);
  const isApplicable = isLogin && meta.projectScoped && needsProjectResolution(meta.name);

  // Once per session, before any resolution: start in a mode that has projects.
  useEffect(() => {
    if (!isLogin || isModeChosen || !isFetched || isError) return;
    useRoleStore.getState().setIsClient(initialMode(allProjects, isClient));
  }, [isLogin, isModeChosen, isFetched, isError, allProjects, isClient]);

  useEffect(() => {
    if (!isApplicable || !isFetched || isError || !isModeChosen) return;
    const result = resolveProject({
      routeId: params.id,
      routePattern: meta.path,
      query: new URLSearchParams(location.search),
      allProjects,
      isClient,
      selectedProject,
    });
    const store = useProjectStore.getState();
    if (result.kind === 'noProject') {
      store.setIsInAProject(false);
      void navigate('/no-project', { replace: true });
    } else if (result.kind === 'permissionDenied') {
      void navigate('/permission-denied', { replace: true });
    } else {
      store.setIsInAProject(true);
      if (store.selectedProject !== result.project) store.select(result.project);
      if (result.replaceWith) void navigate(result.replaceWith, { replace: true });
    }
  }, [
    isApplicable,
    isFetched,
    isError,
    isModeChosen,
    params.id,
    meta.path,
    location.search,
    allProjects,
    isClient,
    selectedProject,
    navigate,
  ]);

  useProjectRoles();
  const isResolving =
    isApplicable &&
    (!isFetched ||
      !isModeChosen ||
      (params.id !== undefined && params.id !== String(selectedProject?.projectIdx ?? '')));
  return { isResolving };
}

/** Step 7: the user's roles in the selected project, kept in the persisted role store. */
export function useProjectRoles(): void {
  const isLogin = useAuthStore((s) => s.isLogin);
  const selectedProjectId = useProjectStore((s) => s.selectedProjectId);
  const { data } = useQuery({
    queryKey: ['project', selectedProjectId, 'roles'],
    queryFn: () => projectApi.roles(selectedProjectId as number),
    enabled: isLogin && selectedProjectId != null,
  });
  useEffect(() => {
    if (!data) return;
    useRoleStore.getState().setRoles(data.roles.map((r) => r.role.name));
    useProjectStore.getState().setMembership(String(data.memberInProjectIdx), data.depth1Idx);
  }, [data]);
}
