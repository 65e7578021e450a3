import { historyTypes } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import { loadStory, storyScope } from './story-guards.js';
import type { StoryDeps } from './story.deps.js';

export async function removeStory(
  deps: StoryDeps,
  actor: Actor,
  storyIdx: number,
): Promise<{ storyIdx: number }> {
  const { row: found, m } = await loadStory(deps, actor, storyIdx);
  const projectIdx = found.projectIdx;
  await deps.planning.transaction(async (r) => {
    await r.version.bump(projectIdx);
    const row = await r.story.lock(projectIdx, storyIdx);
    if (!row) throw new AppError('STORY_NOT_FOUND');
    deps.authz.decide(m, 'story.edit', await storyScope(r, row));
    await r.story.delete(projectIdx, storyIdx);
    await r.history.insert([
      {
        projectIdx,
        storyIdx,
        milestoneIdx: row.milestoneIdx,
        type: historyTypes.deleted,
        actorIdx: m.memberInProjectIdx,
        before: { title: row.title, status: row.status, milestoneIdx: row.milestoneIdx },
        after: null,
      },
    ]);
    await r.events.record('story.deleted', projectIdx, { storyIdx, milestoneIdx: row.milestoneIdx });
  });
  return { storyIdx };
}
