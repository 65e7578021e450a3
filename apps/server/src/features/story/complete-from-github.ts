import { historyTypes } from '@teamline/contract';
import type { StoryDeps } from './story.deps.js';
import { toStory } from './story.presenter.js';

/**
 * A commit or merged pull request with closing words (`fixes SHOP-12`) completes the story: an
 * automatic change (history type 9, no actor) like the delay job's, with the ref it came from.
 * Only open stories move (pending, in progress, delayed); anything else is left as it is, so a
 * repeated delivery changes nothing. Returns whether the story was completed now.
 */
export async function completeFromGithub(
  { planning }: StoryDeps,
  projectIdx: number,
  storyNo: number,
  ref: string,
): Promise<boolean> {
  return planning.transaction(async (r) => {
    await r.version.bump(projectIdx);
    const found = await r.story.findByNo(projectIdx, storyNo);
    const story = found && (await r.story.lock(projectIdx, found.storyIdx));
    if (!story || !['pending', 'inProgress', 'delayed'].includes(story.status)) return false;
    const saved = await r.story.update(projectIdx, story.storyIdx, { status: 'completed' });
    await r.history.insert([
      {
        projectIdx,
        storyIdx: story.storyIdx,
        milestoneIdx: story.milestoneIdx,
        type: historyTypes.autoStatus,
        actorIdx: null,
        before: { status: story.status },
        after: { status: 'completed', github: ref },
      },
    ]);
    await r.events.record('story.updated', projectIdx, toStory({ ...saved, assignees: story.assignees }));
    return true;
  });
}
