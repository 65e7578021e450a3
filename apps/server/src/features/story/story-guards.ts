import { storyRecord, type ProjectAction } from '@teamline/contract';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { PlanningRepositories } from '../planning-store/planning-repositories.js';
import type { StoryWithAssignees } from '../planning-store/story.repository.js';
import type { StoryDeps } from './story.deps.js';

/** The story and the caller's membership of its project: STORY_NOT_FOUND alike if missing or another project's. */
export async function loadStory(
  { planning, authz }: StoryDeps,
  actor: Actor,
  storyIdx: number,
  action: ProjectAction = 'planning.view',
) {
  const row = await planning.story.findById(storyIdx);
  if (!row) throw new AppError('STORY_NOT_FOUND');
  const m = await authz.authorize(actor, action, {
    projectIdx: row.projectIdx,
    missing: 'STORY_NOT_FOUND',
  });
  return { row, m };
}

/** The story as the record rule sees it (contract `storyRecord`: assignees, else reporter; triage). */
export async function storyScope(r: Pick<PlanningRepositories, 'members'>, story: StoryWithAssignees) {
  const ids = [...story.assignees, ...(story.reporterIdx ? [story.reporterIdx] : [])];
  return storyRecord(story, await r.members.findRecords(story.projectIdx, ids));
}

/** Ids in a body must name active members / epics / milestones of the same project. */
export async function checkMembers(
  r: PlanningRepositories,
  projectIdx: number,
  field: string,
  idxs: number[],
) {
  const unique = [...new Set(idxs)];
  if (unique.length === 0) return;
  const found = await r.members.findActive(projectIdx, unique);
  if (found.length !== unique.length) throw fieldError(field, 'invalid');
}
export async function checkEpic(
  r: PlanningRepositories,
  projectIdx: number,
  epicIdx: number | null | undefined,
) {
  if (epicIdx && !(await r.epic.findInProject(projectIdx, epicIdx))) throw fieldError('epicIdx', 'invalid');
}
export async function checkMilestone(
  r: PlanningRepositories,
  projectIdx: number,
  milestoneIdx: number | null | undefined,
) {
  if (milestoneIdx && !(await r.milestone.findInProject(projectIdx, milestoneIdx)))
    throw fieldError('milestoneIdx', 'invalid');
}
