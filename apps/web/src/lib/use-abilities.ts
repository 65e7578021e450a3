import { useQuery } from '@tanstack/react-query';
import type { ProjectAction } from '@teamline/contract';
import { projectApi } from './project-api';

/**
 * What the server lets the caller do in a project (`abilities` of `GET /project/{idx}/roles`, from
 * the one action table). The web app asks this instead of comparing roles; nothing is allowed until
 * the answer arrives. Shares its query with the settings page.
 */
export function useAbilities(projectIdx: number | null | undefined) {
  const roles = useQuery({
    queryKey: ['project', projectIdx ?? null, 'roles'],
    queryFn: () => projectApi.roles(projectIdx!),
    enabled: projectIdx != null,
  });
  const abilities = new Set<ProjectAction>(roles.data?.abilities ?? []);
  return { can: (action: ProjectAction) => abilities.has(action) };
}
