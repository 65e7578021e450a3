import { useQuery } from '@tanstack/react-query';
import type { ProjectAction } from '@teamline/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { projectApi } from '../../../lib/project-api';
import { useProjects } from '../../../lib/use-projects';
import { useProjectStore } from '../../../stores/project-store';

/**
 * The project the settings page is about (docs/product/i18n-and-modes.md#routes): `?idx=` is the project's position in the mode's
 * list; without it, the selected project, else the first of the list. Also the caller's abilities.
 */
export function useSettingsProject() {
  const [params] = useSearchParams();
  const { modeProjects, allProjects, isLoading, isError, refetch } = useProjects();
  const selected = useProjectStore((s) => s.selectedProject);
  const idxParam = params.get('idx');
  const idx = idxParam != null && /^\d+$/.test(idxParam) ? Number(idxParam) : null;
  const project =
    (idx != null ? modeProjects[idx] : undefined) ??
    (selected ? allProjects.find((p) => p.projectIdx === selected.projectIdx) : undefined) ??
    modeProjects[0] ??
    allProjects[0] ??
    null;
  // The header of the settings section shows the selected project's name: keep it the one shown here.
  useEffect(() => {
    if (project && useProjectStore.getState().selectedProjectId !== project.projectIdx)
      useProjectStore.getState().select(project);
  }, [project]);
  const roles = useQuery({
    queryKey: ['project', project?.projectIdx ?? null, 'roles'],
    queryFn: () => projectApi.roles(project!.projectIdx),
    enabled: project != null,
  });
  const abilities = new Set<ProjectAction>(roles.data?.abilities ?? []);
  return {
    project,
    roles: roles.data,
    can: (action: ProjectAction) => abilities.has(action),
    isLoading: isLoading || (project != null && roles.isLoading),
    isError: isError || roles.isError,
    error: roles.error,
    refetch: () => {
      void refetch();
      void roles.refetch();
    },
  };
}
