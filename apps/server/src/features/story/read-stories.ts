import type { Story } from '@teamline/contract';
import { loadOr404AndAuthorize } from '../../platform/authorization/load-and-authorize.js';
import type { Actor } from '../../shared/context.js';
import { loadStory, storyScope } from './story-guards.js';
import type { StoryDeps } from './story.deps.js';
import { toStory } from './story.presenter.js';

/** The story with what the caller may do with it (the same decision as update and remove). */
export async function getStory(deps: StoryDeps, actor: Actor, storyIdx: number): Promise<Story> {
  const { row, m } = await loadStory(deps, actor, storyIdx);
  const scope = await storyScope(deps.planning, row);
  const edit = deps.authz.allows(m, 'story.edit', scope);
  return { ...toStory(row), can: { edit, delete: edit } };
}

export async function awaitingZone(
  { planning, authz }: StoryDeps,
  actor: Actor,
  projectIdx: number,
): Promise<Story[]> {
  await authz.authorize(actor, 'planning.view', projectIdx);
  return (await planning.story.listOfList(projectIdx, null)).map(toStory);
}

export async function ofMilestone(
  { planning, authz }: StoryDeps,
  actor: Actor,
  milestoneIdx: number,
): Promise<Story[]> {
  const { row: milestone } = await loadOr404AndAuthorize(
    authz,
    actor,
    'planning.view',
    'MILESTONE_NOT_FOUND',
    () => planning.milestone.findById(milestoneIdx),
  );
  return (await planning.story.listOfList(milestone.projectIdx, milestoneIdx)).map(toStory);
}

export async function noEpic(
  { planning, authz }: StoryDeps,
  actor: Actor,
  projectIdx: number,
): Promise<Story[]> {
  await authz.authorize(actor, 'planning.view', projectIdx);
  return (await planning.story.listOfEpic(projectIdx, null)).map(toStory);
}

export async function byEpic(
  { planning, authz }: StoryDeps,
  actor: Actor,
  epicIdx: number,
): Promise<Story[]> {
  const { row: epic } = await loadOr404AndAuthorize(authz, actor, 'epic.view', 'EPIC_NOT_FOUND', () =>
    planning.epic.findById(epicIdx),
  );
  return (await planning.story.listOfEpic(epic.projectIdx, epicIdx)).map(toStory);
}
