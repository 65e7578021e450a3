import { historyTypes, type Story, type StoryOrderRequest } from '@teamline/contract';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import { keyBetween } from '../../shared/order-key.js';
import { checkMilestone, loadStory } from './story-guards.js';
import type { StoryDeps } from './story.deps.js';
import { toStory } from './story.presenter.js';

/**
 * Drag and drop: the moved story gets a key between its new neighbours' current keys; nothing else
 * is rewritten. The project's order lock serialises concurrent moves (same gap → distinct keys)
 * and the unique (project, milestone, key) index guards the invariant.
 */
export async function orderStory(deps: StoryDeps, actor: Actor, input: StoryOrderRequest): Promise<Story> {
  const { row: found, m } = await loadStory(deps, actor, input.storyIdx, 'planning.edit');
  const projectIdx = found.projectIdx;
  const target = input.milestoneIdx;
  const moved = await deps.planning.transaction(async (r) => {
    await r.version.bump(projectIdx);
    const row = await r.story.lock(projectIdx, input.storyIdx);
    if (!row) throw new AppError('STORY_NOT_FOUND');
    await checkMilestone(r, projectIdx, target);
    const neighbour = async (field: string, idx: number | null | undefined) => {
      if (!idx) return null;
      const n = await r.story.findInProject(projectIdx, idx);
      if (!n || n.storyIdx === row.storyIdx || n.milestoneIdx !== target) throw fieldError(field, 'invalid');
      return n;
    };
    const before = await neighbour('beforeStoryIdx', input.beforeStoryIdx);
    const after = await neighbour('afterStoryIdx', input.afterStoryIdx);
    let lower: string | null;
    let upper: string | null;
    if (before) {
      lower = before.orderKey;
      upper = await r.story.keyAfter(projectIdx, target, before.orderKey, row.storyIdx);
    } else if (after) {
      upper = after.orderKey;
      lower = await r.story.keyBefore(projectIdx, target, after.orderKey, row.storyIdx);
    } else {
      lower = await r.story.lastKey(projectIdx, target, row.storyIdx);
      upper = null;
    }
    const moved = await r.story.update(projectIdx, row.storyIdx, {
      milestoneIdx: target,
      orderKey: keyBetween(lower, upper),
    });
    if (row.milestoneIdx !== target)
      await r.history.insert([
        {
          projectIdx,
          storyIdx: row.storyIdx,
          milestoneIdx: target,
          type: historyTypes.milestone,
          actorIdx: m.memberInProjectIdx,
          before: { milestoneIdx: row.milestoneIdx },
          after: { milestoneIdx: target },
        },
      ]);
    const story = toStory({ ...moved, assignees: row.assignees });
    await r.events.record('story.ordered', projectIdx, {
      storyIdx: story.storyIdx,
      milestoneIdx: story.milestoneIdx,
      fromMilestoneIdx: row.milestoneIdx,
      orderKey: story.orderKey,
    });
    return story;
  });
  return moved;
}
