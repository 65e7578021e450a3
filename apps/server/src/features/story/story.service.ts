import type { CreateStoryRequest, StoryOrderRequest, UpdateStoryRequest } from '@teamline/contract';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { PlanningStore } from '../planning-store/planning-repositories.js';
import { completeFromGithub } from './complete-from-github.js';
import { createStory } from './create-story.js';
import { runDelayJob } from './delay-stories.js';
import { orderStory } from './order-story.js';
import { awaitingZone, byEpic, getStory, noEpic, ofMilestone } from './read-stories.js';
import { removeStory } from './remove-story.js';
import { addComment, listComments } from './story-comments.js';
import type { StoryDeps } from './story.deps.js';
import { setAssignees, updateStory } from './update-story.js';

/**
 * The story calls the routes, the GitHub sync and the delay job use; each use case is a file of
 * its own beside this one (`create-story.ts`, `update-story.ts`, `order-story.ts`, …).
 */
export function createStoryService(
  ctx: AppContext,
  planning: PlanningStore,
  authz: Authorization<MembershipRow>,
) {
  const deps: StoryDeps = { ctx, planning, authz };
  return {
    get: (actor: Actor, storyIdx: number) => getStory(deps, actor, storyIdx),
    awaitingZone: (actor: Actor, projectIdx: number) => awaitingZone(deps, actor, projectIdx),
    ofMilestone: (actor: Actor, milestoneIdx: number) => ofMilestone(deps, actor, milestoneIdx),
    noEpic: (actor: Actor, projectIdx: number) => noEpic(deps, actor, projectIdx),
    byEpic: (actor: Actor, epicIdx: number) => byEpic(deps, actor, epicIdx),
    create: (actor: Actor, input: CreateStoryRequest) => createStory(deps, actor, input),
    update: (actor: Actor, storyIdx: number, input: UpdateStoryRequest) =>
      updateStory(deps, actor, storyIdx, input),
    setAssignees: (actor: Actor, storyIdx: number, assignees: number[]) =>
      setAssignees(deps, actor, storyIdx, assignees),
    order: (actor: Actor, input: StoryOrderRequest) => orderStory(deps, actor, input),
    remove: (actor: Actor, storyIdx: number) => removeStory(deps, actor, storyIdx),
    comments: (actor: Actor, storyIdx: number) => listComments(deps, actor, storyIdx),
    addComment: (actor: Actor, storyIdx: number, content: string) =>
      addComment(deps, actor, storyIdx, content),
    completeFromGithub: (projectIdx: number, storyNo: number, ref: string) =>
      completeFromGithub(deps, projectIdx, storyNo, ref),
    runDelayJob: (now: Date = ctx.clock.now()) => runDelayJob(deps, now),
  };
}
export type StoryService = ReturnType<typeof createStoryService>;
