import type { ProjectOfMember } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import { initialMode, resolveProject, type ResolutionInput } from './project-resolution';

const project = (
  projectIdx: number,
  isClient: boolean,
  extra: Partial<ProjectOfMember> = {},
): ProjectOfMember => ({
  projectIdx,
  name: `P${projectIdx}`,
  status: 'ACTIVE',
  totalMember: 1,
  sheets: 0,
  isClient,
  isAdmin: true,
  isWarningSubscription: false,
  startDt: null,
  endDt: null,
  createdAt: '2026-01-01T00:00:00Z',
  createdByIdx: 1,
  updatedAt: '2026-01-01T00:00:00Z',
  updatedByIdx: null,
  delYn: 'N',
  deletedAt: null,
  deletedByIdx: null,
  companyInProject: null,
  ...extra,
});

const pro1 = project(1, false);
const pro2 = project(2, false);
const client3 = project(3, true);

const input = (over: Partial<ResolutionInput>): ResolutionInput => ({
  routeId: undefined,
  routePattern: '/timeline/:id',
  query: new URLSearchParams(),
  allProjects: [pro1, pro2, client3],
  isClient: false,
  selectedProject: null,
  ...over,
});

describe('resolveProject (docs/product/projects-and-membership.md#project-resolution project resolution)', () => {
  it('step 2–3: no project in the current mode leads to No project', () => {
    expect(resolveProject(input({ allProjects: [client3], routeId: '3' }))).toEqual({ kind: 'noProject' });
    expect(resolveProject(input({ allProjects: [] }))).toEqual({ kind: 'noProject' });
  });

  it('step 2: selectedStory or selectedMilestone in the query counts as being in a project', () => {
    const result = resolveProject(
      input({ allProjects: [client3], routeId: '3', query: new URLSearchParams('selectedStory=9') }),
    );
    expect(result).toEqual({ kind: 'resolved', project: client3, replaceWith: null });
    const milestone = resolveProject(
      input({ allProjects: [client3], routeId: '3', query: new URLSearchParams('selectedMilestone=4') }),
    );
    expect(milestone.kind).toBe('resolved');
  });

  it('step 4: a route id that is not one of the user projects leads to Permission denied', () => {
    expect(resolveProject(input({ routeId: '99', selectedProject: pro1 }))).toEqual({
      kind: 'permissionDenied',
    });
  });

  it('step 4: a route id of another own project selects it', () => {
    const result = resolveProject(input({ routeId: '2', selectedProject: pro1 }));
    expect(result).toEqual({ kind: 'resolved', project: pro2, replaceWith: null });
  });

  it('step 5: without a selection the first project of the mode list is selected', () => {
    const result = resolveProject(input({ routeId: undefined, routePattern: '/document' }));
    expect(result).toEqual({ kind: 'resolved', project: pro1, replaceWith: null });
  });

  it('step 5: a selection outside the mode list falls back to the first of the mode', () => {
    const result = resolveProject(input({ isClient: true, selectedProject: pro1, routeId: '1' }));
    expect(result).toMatchObject({ kind: 'resolved', project: client3, replaceWith: '/timeline/3' });
  });

  it('step 6: the address is replaced to carry the selected id and keeps the query', () => {
    const result = resolveProject(
      input({
        routePattern: '/epic/:id',
        routeId: '3',
        query: new URLSearchParams('tab=open'),
        selectedProject: pro2,
      }),
    );
    // 3 is the user's client project: step 4 selects it, but in professional mode step 5 falls back to
    // the mode's first project, and step 6 rewrites the address to it, keeping the query.
    expect(result).toEqual({ kind: 'resolved', project: pro1, replaceWith: '/epic/1?tab=open' });
  });

  it('step 6: no replacement when the route already carries the selected id', () => {
    const result = resolveProject(input({ routeId: '1', selectedProject: pro1 }));
    expect(result).toEqual({ kind: 'resolved', project: pro1, replaceWith: null });
  });

  it('uses the fresh list entry for the selected project (status or member count may have changed)', () => {
    const stale = { ...pro1, totalMember: 1 };
    const fresh = { ...pro1, totalMember: 9 };
    const result = resolveProject(
      input({ routeId: '1', selectedProject: stale, allProjects: [fresh, pro2] }),
    );
    expect(result).toMatchObject({ kind: 'resolved', project: { totalMember: 9 } });
  });
});

describe('the mode a session starts in', () => {
  it('keeps the current mode when it has projects', () => {
    expect(initialMode([pro1, client3], false)).toBe(false);
    expect(initialMode([pro1, client3], true)).toBe(true);
  });
  it('switches to the other mode when only that one has projects', () => {
    expect(initialMode([client3], false)).toBe(true);
    expect(initialMode([pro1, pro2], true)).toBe(false);
  });
  it('keeps the current mode when there is no project at all', () => {
    expect(initialMode([], false)).toBe(false);
    expect(initialMode([], true)).toBe(true);
  });
});
