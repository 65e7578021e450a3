import { historyTypes, type CreateStoryRequest, type StoryStatus } from '@teamline/contract';
import type { EventRecorder } from '../../platform/events/outbox.repository.js';
import { keyBetween } from '../../shared/order-key.js';
import type { PlanningRepositories } from '../planning-store/planning-repositories.js';
import type { StoryWithAssignees } from '../planning-store/story.repository.js';
import { toStory } from './story.presenter.js';

/**
 * A new story at the end of its milestone (or the backlog), with its history and event, inside the
 * caller's planning transaction after the caller checked its ids and bumped the planning version:
 * `POST /story` and applying an AI timeline draft both make stories this way.
 */
export async function insertStory(
  r: PlanningRepositories & { events: EventRecorder },
  actorIdx: number,
  input: Omit<CreateStoryRequest, 'assignees'> & { assignees: number[] },
  status: StoryStatus,
): Promise<StoryWithAssignees> {
  const projectIdx = input.projectIdx;
  const milestoneIdx = input.milestoneIdx ?? null;
  const row = await r.story.insert(
    {
      projectIdx,
      milestoneIdx,
      epicIdx: input.epicIdx ?? null,
      title: input.title.trim(),
      description: input.description ?? '',
      status,
      startDt: input.startDt ?? null,
      endDt: input.endDt ?? null,
      reporterIdx: actorIdx,
      approverIdx: input.approverIdx ?? null,
      link: input.link || null,
      point: input.point ?? 0,
      rating: input.rating ?? null,
      orderKey: keyBetween(await r.story.lastKey(projectIdx, milestoneIdx), null),
      createdByIdx: actorIdx,
    },
    input.assignees,
  );
  await r.history.insert([
    {
      projectIdx,
      storyIdx: row.storyIdx,
      milestoneIdx,
      type: historyTypes.created,
      actorIdx,
      before: null,
      after: { title: row.title, status, milestoneIdx, assignees: row.assignees },
    },
  ]);
  await r.events.record('story.created', projectIdx, toStory(row));
  return row;
}
