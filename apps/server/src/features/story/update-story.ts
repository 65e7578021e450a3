import { canMoveStory, historyTypes, type Story, type UpdateStoryRequest } from '@teamline/contract';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import { diffHistory } from '../planning-store/history-diff.js';
import type { NewHistory } from '../planning-store/history.repository.js';
import type { StoryRow } from '../planning-store/story.repository.js';
import { checkEpic, checkMembers, loadStory, storyScope } from './story-guards.js';
import type { StoryDeps } from './story.deps.js';
import { toStory } from './story.presenter.js';

/** Which history number a changed story field is logged under (docs/product/planning.md#history, extras from 14). */
const fieldGroups: { type: number; fields: (keyof StoryRow)[] }[] = [
  { type: historyTypes.title, fields: ['title'] },
  { type: historyTypes.description, fields: ['description'] },
  { type: historyTypes.assignee, fields: ['approverIdx'] },
  { type: historyTypes.reporter, fields: ['reporterIdx'] },
  { type: historyTypes.link, fields: ['link'] },
  { type: historyTypes.schedule, fields: ['startDt', 'endDt'] },
  { type: historyTypes.status, fields: ['status'] },
  { type: historyTypes.epic, fields: ['epicIdx'] },
  { type: historyTypes.estimate, fields: ['point', 'rating'] },
];

export async function updateStory(
  deps: StoryDeps,
  actor: Actor,
  storyIdx: number,
  input: UpdateStoryRequest,
): Promise<Story> {
  const { planning, authz } = deps;
  const { row: found, m } = await loadStory(deps, actor, storyIdx);
  const projectIdx = found.projectIdx;
  const updated = await planning.transaction(async (r) => {
    await r.version.bump(projectIdx);
    const row = await r.story.lock(projectIdx, storyIdx);
    if (!row) throw new AppError('STORY_NOT_FOUND');
    const moves = input.status !== undefined && input.status !== row.status;
    // Status moves are the professionals' (a client's proposal is accepted by them, not by the client).
    const scope = await storyScope(r, row);
    authz.decide(m, 'story.edit', moves ? { ...scope, closedTo: 'professional' } : scope);
    if (moves && !canMoveStory(row.status, input.status!)) throw new AppError('INVALID_STATUS_TRANSITION');
    const startDt = input.startDt !== undefined ? input.startDt : row.startDt;
    const endDt = input.endDt !== undefined ? input.endDt : row.endDt;
    if (startDt && endDt && endDt < startDt) throw fieldError('endDt', 'endBeforeStart');
    await checkEpic(r, projectIdx, input.epicIdx);
    await checkMembers(r, projectIdx, 'reporterIdx', input.reporterIdx ? [input.reporterIdx] : []);
    await checkMembers(r, projectIdx, 'approverIdx', input.approverIdx ? [input.approverIdx] : []);
    const patch = {
      title: input.title?.trim(),
      description: input.description,
      status: input.status,
      startDt: input.startDt,
      endDt: input.endDt,
      epicIdx: input.epicIdx,
      reporterIdx: input.reporterIdx,
      approverIdx: input.approverIdx,
      link: input.link === undefined ? undefined : input.link || null,
      point: input.point,
      rating: input.rating,
    };
    const changes = diffHistory(row, patch, fieldGroups);
    if (changes.length === 0) return toStory(row);
    const saved = await r.story.update(projectIdx, storyIdx, patch);
    await r.history.insert(
      changes.map((c): NewHistory => ({
        projectIdx,
        storyIdx,
        milestoneIdx: saved.milestoneIdx,
        type: c.type,
        actorIdx: m.memberInProjectIdx,
        before: c.before,
        after: c.after,
      })),
    );
    const story = toStory({ ...saved, assignees: row.assignees });
    await r.events.record('story.updated', projectIdx, { ...story, actorIdx: m.memberInProjectIdx });
    return story;
  });
  return updated;
}

/** PATCH /assignee/{storyIdx}: replaces the list; history 4 with the old and new lists. */
export async function setAssignees(
  deps: StoryDeps,
  actor: Actor,
  storyIdx: number,
  assignees: number[],
): Promise<Story> {
  const { planning, authz } = deps;
  const { row: found, m } = await loadStory(deps, actor, storyIdx);
  const projectIdx = found.projectIdx;
  const next = [...new Set(assignees)].sort((a, b) => a - b);
  const updated = await planning.transaction(async (r) => {
    await r.version.bump(projectIdx);
    const row = await r.story.lock(projectIdx, storyIdx);
    if (!row) throw new AppError('STORY_NOT_FOUND');
    authz.decide(m, 'story.edit', await storyScope(r, row));
    await checkMembers(r, projectIdx, 'assignees', next);
    if (row.assignees.join(',') === next.join(',')) return toStory(row);
    await r.story.setAssignees(projectIdx, storyIdx, next);
    const saved = await r.story.update(projectIdx, storyIdx, {});
    await r.history.insert([
      {
        projectIdx,
        storyIdx,
        milestoneIdx: row.milestoneIdx,
        type: historyTypes.assignee,
        actorIdx: m.memberInProjectIdx,
        before: { assignees: row.assignees },
        after: { assignees: next },
      },
    ]);
    const story = toStory({ ...saved, assignees: next });
    await r.events.record('story.updated', projectIdx, {
      ...story,
      actorIdx: m.memberInProjectIdx,
      previousAssignees: row.assignees,
    });
    return story;
  });
  return updated;
}
