import type { ProjectOfMember } from '@teamline/contract';

export interface ResolutionInput {
  /** The route's `:id`, if it has one. */
  routeId: string | undefined;
  /** The route's path pattern, e.g. `/timeline/:id`. */
  routePattern: string;
  query: URLSearchParams;
  allProjects: ProjectOfMember[];
  isClient: boolean;
  selectedProject: ProjectOfMember | null;
}

export type Resolution =
  | { kind: 'noProject' }
  | { kind: 'permissionDenied' }
  | {
      kind: 'resolved';
      project: ProjectOfMember;
      /** Set when the address must be replaced to carry the selected project's id (step 6). */
      replaceWith: string | null;
    };

export const projectsOfMode = (projects: ProjectOfMember[], isClient: boolean): ProjectOfMember[] =>
  projects.filter((p) => p.isClient === isClient);

/**
 * The mode to start a session in: the current one, unless it has no project and the other has
 * some — a member who is only a client somewhere should not land on No project after signing in.
 */
export const initialMode = (projects: ProjectOfMember[], isClient: boolean): boolean =>
  projectsOfMode(projects, isClient).length === 0 && projectsOfMode(projects, !isClient).length > 0
    ? !isClient
    : isClient;

/**
 * docs/product/projects-and-membership.md#project-resolution, steps 2–6 (step 1, loading the list once, and step 7, loading the
 * roles, are the hook's side effects around this pure decision).
 */
export function resolveProject(input: ResolutionInput): Resolution {
  const modeProjects = projectsOfMode(input.allProjects, input.isClient);
  // Step 2: a deep link to a story or milestone counts as being in a project.
  const hasDeepLink = input.query.has('selectedStory') || input.query.has('selectedMilestone');
  const isInAProject = hasDeepLink || modeProjects.length > 0;
  // Step 3.
  if (!isInAProject) return { kind: 'noProject' };

  let selected = input.selectedProject;
  // Step 4: an id in the route that is not the selected project must be one of the user's projects.
  if (input.routeId !== undefined && input.routeId !== String(selected?.projectIdx ?? '')) {
    const found = input.allProjects.find((p) => String(p.projectIdx) === input.routeId);
    if (!found) return { kind: 'permissionDenied' };
    selected = found;
  }
  // Step 5: no selection, or one outside the mode's list, falls back to the mode's first project.
  if (!selected || !modeProjects.some((p) => p.projectIdx === selected?.projectIdx)) {
    const first = modeProjects[0];
    if (!first) {
      // Only reachable through a deep link: keep the linked project if the user has it.
      if (selected && input.allProjects.some((p) => p.projectIdx === selected?.projectIdx)) {
        return { kind: 'resolved', project: selected, replaceWith: null };
      }
      return { kind: 'noProject' };
    }
    selected = first;
  } else {
    // Use the fresh list entry (status, member count may have changed).
    selected = modeProjects.find((p) => p.projectIdx === selected?.projectIdx) ?? selected;
  }
  // Step 6: the address carries the selected id and keeps the existing query.
  let replaceWith: string | null = null;
  if (input.routePattern.includes(':id') && input.routeId !== String(selected.projectIdx)) {
    const search = input.query.toString();
    replaceWith =
      input.routePattern.replace(':id', String(selected.projectIdx)) + (search ? `?${search}` : '');
  }
  return { kind: 'resolved', project: selected, replaceWith };
}
