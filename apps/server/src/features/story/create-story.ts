import type { CreateStoryRequest, Story, StoryStatus } from '@teamline/contract';
import type { Actor } from '../../shared/context.js';
import { insertStory } from './insert-story.js';
import { checkEpic, checkMembers, checkMilestone } from './story-guards.js';
import type { StoryDeps } from './story.deps.js';
import { toStory } from './story.presenter.js';

/** A client's story is a proposal (considering) until a professional accepts or rejects it. */
export async function createStory(
  { planning, authz }: StoryDeps,
  actor: Actor,
  input: CreateStoryRequest,
): Promise<Story> {
  const m = await authz.authorize(actor, 'planning.view', input.projectIdx);
  const projectIdx = input.projectIdx;
  // Who may edit the plan adds stories to it; anyone else proposes one (considering).
  const status: StoryStatus = authz.allows(m, 'planning.edit') ? 'pending' : 'considering';
  const assignees = [...new Set(input.assignees ?? [])];
  const created = await planning.transaction(async (r) => {
    await r.version.bump(projectIdx);
    await checkMilestone(r, projectIdx, input.milestoneIdx);
    await checkEpic(r, projectIdx, input.epicIdx);
    await checkMembers(r, projectIdx, 'assignees', assignees);
    await checkMembers(r, projectIdx, 'approverIdx', input.approverIdx ? [input.approverIdx] : []);
    return insertStory(r, m.memberInProjectIdx, { ...input, assignees }, status);
  });
  return toStory(created);
}
