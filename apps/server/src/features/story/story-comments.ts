import { historyTypes, type StoryComment } from '@teamline/contract';
import type { Actor } from '../../shared/context.js';
import { loadStory } from './story-guards.js';
import type { StoryDeps } from './story.deps.js';
import { toStoryComment } from './story.presenter.js';

export async function listComments(deps: StoryDeps, actor: Actor, storyIdx: number): Promise<StoryComment[]> {
  const { row } = await loadStory(deps, actor, storyIdx);
  return (await deps.planning.story.comments(row.projectIdx, storyIdx)).map(toStoryComment);
}

/** Every member, clients included, may comment (history 13). */
export async function addComment(
  deps: StoryDeps,
  actor: Actor,
  storyIdx: number,
  content: string,
): Promise<StoryComment> {
  const { row, m } = await loadStory(deps, actor, storyIdx, 'story.comment');
  const projectIdx = row.projectIdx;
  const comment = await deps.planning.transaction(async (r) => {
    const created = await r.story.insertComment({
      projectIdx,
      storyIdx,
      memberInProjectIdx: m.memberInProjectIdx,
      content: content.trim(),
    });
    await r.history.insert([
      {
        projectIdx,
        storyIdx,
        milestoneIdx: row.milestoneIdx,
        type: historyTypes.commentCreated,
        actorIdx: m.memberInProjectIdx,
        before: null,
        after: { commentIdx: created.commentIdx, content: created.content },
      },
    ]);
    const [me] = await r.members.findActive(projectIdx, [m.memberInProjectIdx]);
    const result: StoryComment = {
      commentIdx: created.commentIdx,
      storyIdx,
      memberInProjectIdx: created.memberInProjectIdx,
      nickname: me?.nickname ?? '',
      content: created.content,
      createdAt: created.createdAt.toISOString(),
    };
    await r.events.record('comment.created', projectIdx, result);
    return result;
  });
  return comment;
}
