import {
  canMoveStory,
  historyTypes,
  storyRecord,
  type CreateStoryRequest,
  type Story,
  type ProjectAction,
  type StoryComment,
  type StoryOrderRequest,
  type StoryStatus,
  type UpdateStoryRequest,
} from '@teamline/contract';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { keyBetween } from '../../shared/order-key.js';
import type { NewHistory } from '../planning-store/history.repository.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { MembershipRow } from '../membership/membership.repository.js';
import { diffHistory } from '../planning-store/history-diff.js';
import type { PlanningRepositories, PlanningStore } from '../planning-store/planning-repositories.js';
import type { StoryRow, StoryWithAssignees } from '../planning-store/story.repository.js';
import type { EventRecorder } from '../../platform/events/outbox.repository.js';

export const toStory = (row: StoryWithAssignees): Story => ({
  storyIdx: row.storyIdx,
  projectIdx: row.projectIdx,
  storyNo: row.storyNo,
  milestoneIdx: row.milestoneIdx,
  epicIdx: row.epicIdx,
  title: row.title,
  description: row.description,
  status: row.status,
  startDt: row.startDt,
  endDt: row.endDt,
  assignees: row.assignees,
  reporterIdx: row.reporterIdx,
  approverIdx: row.approverIdx,
  link: row.link,
  rating: row.rating,
  point: row.point,
  orderKey: row.orderKey,
  createdAt: row.createdAt.toISOString(),
  createdByIdx: row.createdByIdx,
  updatedAt: row.updatedAt.toISOString(),
});

/** Today as YYYYMMDD in UTC: a story is late once the whole of its end day has passed. */
export const todayCode = (now: Date): string => now.toISOString().slice(0, 10).replaceAll('-', '');

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

export function createStoryService(
  ctx: AppContext,
  planning: PlanningStore,
  authz: Authorization<MembershipRow>,
) {
  /** The story and the caller's membership of its project: STORY_NOT_FOUND alike if missing or another project's. */
  async function load(actor: Actor, storyIdx: number, action: ProjectAction = 'planning.view') {
    const row = await planning.story.findById(storyIdx);
    if (!row) throw new AppError('STORY_NOT_FOUND');
    const m = await authz.authorize(actor, action, {
      projectIdx: row.projectIdx,
      missing: 'STORY_NOT_FOUND',
    });
    return { row, m };
  }

  /** The story as the record rule sees it (contract `storyRecord`: assignees, else reporter; triage). */
  async function record(r: Pick<PlanningRepositories, 'members'>, story: StoryWithAssignees) {
    const ids = [...story.assignees, ...(story.reporterIdx ? [story.reporterIdx] : [])];
    return storyRecord(story, await r.members.findRecords(story.projectIdx, ids));
  }

  /** Ids in a body must name active members / epics / milestones of the same project. */
  async function checkMembers(r: PlanningRepositories, projectIdx: number, field: string, idxs: number[]) {
    const unique = [...new Set(idxs)];
    if (unique.length === 0) return;
    const found = await r.members.findActive(projectIdx, unique);
    if (found.length !== unique.length) throw fieldError(field, 'invalid');
  }
  async function checkEpic(r: PlanningRepositories, projectIdx: number, epicIdx: number | null | undefined) {
    if (epicIdx && !(await r.epic.findInProject(projectIdx, epicIdx))) throw fieldError('epicIdx', 'invalid');
  }
  async function checkMilestone(
    r: PlanningRepositories,
    projectIdx: number,
    milestoneIdx: number | null | undefined,
  ) {
    if (milestoneIdx && !(await r.milestone.findInProject(projectIdx, milestoneIdx)))
      throw fieldError('milestoneIdx', 'invalid');
  }

  return {
    /** The story with what the caller may do with it (the same decision as update and remove). */
    async get(actor: Actor, storyIdx: number): Promise<Story> {
      const { row, m } = await load(actor, storyIdx);
      const scope = await record(planning, row);
      const edit = authz.allows(m, 'story.edit', scope);
      return { ...toStory(row), can: { edit, delete: edit } };
    },
    async awaitingZone(actor: Actor, projectIdx: number): Promise<Story[]> {
      await authz.authorize(actor, 'planning.view', projectIdx);
      return (await planning.story.listOfList(projectIdx, null)).map(toStory);
    },
    async ofMilestone(actor: Actor, milestoneIdx: number): Promise<Story[]> {
      const milestone = await planning.milestone.findById(milestoneIdx);
      if (!milestone) throw new AppError('MILESTONE_NOT_FOUND');
      await authz.authorize(actor, 'planning.view', {
        projectIdx: milestone.projectIdx,
        missing: 'MILESTONE_NOT_FOUND',
      });
      return (await planning.story.listOfList(milestone.projectIdx, milestoneIdx)).map(toStory);
    },
    async noEpic(actor: Actor, projectIdx: number): Promise<Story[]> {
      await authz.authorize(actor, 'planning.view', projectIdx);
      return (await planning.story.listOfEpic(projectIdx, null)).map(toStory);
    },
    async byEpic(actor: Actor, epicIdx: number): Promise<Story[]> {
      const epic = await planning.epic.findById(epicIdx);
      if (!epic) throw new AppError('EPIC_NOT_FOUND');
      await authz.authorize(actor, 'epic.view', { projectIdx: epic.projectIdx, missing: 'EPIC_NOT_FOUND' });
      return (await planning.story.listOfEpic(epic.projectIdx, epicIdx)).map(toStory);
    },

    /** A client's story is a proposal (considering) until a professional accepts or rejects it. */
    async create(actor: Actor, input: CreateStoryRequest): Promise<Story> {
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
    },

    async update(actor: Actor, storyIdx: number, input: UpdateStoryRequest): Promise<Story> {
      const { row: found, m } = await load(actor, storyIdx);
      const projectIdx = found.projectIdx;
      const updated = await planning.transaction(async (r) => {
        await r.version.bump(projectIdx);
        const row = await r.story.lock(projectIdx, storyIdx);
        if (!row) throw new AppError('STORY_NOT_FOUND');
        const moves = input.status !== undefined && input.status !== row.status;
        // Status moves are the professionals' (a client's proposal is accepted by them, not by the client).
        const scope = await record(r, row);
        authz.decide(m, 'story.edit', moves ? { ...scope, closedTo: 'professional' } : scope);
        if (moves && !canMoveStory(row.status, input.status!))
          throw new AppError('INVALID_STATUS_TRANSITION');
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
    },

    /** PATCH /assignee/{storyIdx}: replaces the list; history 4 with the old and new lists. */
    async setAssignees(actor: Actor, storyIdx: number, assignees: number[]): Promise<Story> {
      const { row: found, m } = await load(actor, storyIdx);
      const projectIdx = found.projectIdx;
      const next = [...new Set(assignees)].sort((a, b) => a - b);
      const updated = await planning.transaction(async (r) => {
        await r.version.bump(projectIdx);
        const row = await r.story.lock(projectIdx, storyIdx);
        if (!row) throw new AppError('STORY_NOT_FOUND');
        authz.decide(m, 'story.edit', await record(r, row));
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
    },

    /**
     * Drag and drop: the moved story gets a key between its new neighbours' current keys; nothing else
     * is rewritten. The project's order lock serialises concurrent moves (same gap → distinct keys)
     * and the unique (project, milestone, key) index guards the invariant.
     */
    async order(actor: Actor, input: StoryOrderRequest): Promise<Story> {
      const { row: found, m } = await load(actor, input.storyIdx, 'planning.edit');
      const projectIdx = found.projectIdx;
      const target = input.milestoneIdx;
      const moved = await planning.transaction(async (r) => {
        await r.version.bump(projectIdx);
        const row = await r.story.lock(projectIdx, input.storyIdx);
        if (!row) throw new AppError('STORY_NOT_FOUND');
        await checkMilestone(r, projectIdx, target);
        const neighbour = async (field: string, idx: number | null | undefined) => {
          if (!idx) return null;
          const n = await r.story.findInProject(projectIdx, idx);
          if (!n || n.storyIdx === row.storyIdx || n.milestoneIdx !== target)
            throw fieldError(field, 'invalid');
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
    },

    async remove(actor: Actor, storyIdx: number): Promise<{ storyIdx: number }> {
      const { row: found, m } = await load(actor, storyIdx);
      const projectIdx = found.projectIdx;
      await planning.transaction(async (r) => {
        await r.version.bump(projectIdx);
        const row = await r.story.lock(projectIdx, storyIdx);
        if (!row) throw new AppError('STORY_NOT_FOUND');
        authz.decide(m, 'story.edit', await record(r, row));
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
    },

    async comments(actor: Actor, storyIdx: number): Promise<StoryComment[]> {
      const { row } = await load(actor, storyIdx);
      return (await planning.story.comments(row.projectIdx, storyIdx)).map((c) => ({
        ...c,
        createdAt: c.createdAt.toISOString(),
      }));
    },

    /** Every member, clients included, may comment (history 13). */
    async addComment(actor: Actor, storyIdx: number, content: string): Promise<StoryComment> {
      const { row, m } = await load(actor, storyIdx, 'story.comment');
      const projectIdx = row.projectIdx;
      const comment = await planning.transaction(async (r) => {
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
    },

    /**
     * The delay job: open stories past their end date become delayed (history 9, actor null), with
     * one story.updated event each. Safe on several instances at once (see markOverdueDelayed).
     */
    /**
     * A commit or merged pull request with closing words (`fixes SHOP-12`) completes the story: an
     * automatic change (history type 9, no actor) like the delay job's, with the ref it came from.
     * Only open stories move (pending, in progress, delayed); anything else is left as it is, so a
     * repeated delivery changes nothing. Returns whether the story was completed now.
     */
    async completeFromGithub(projectIdx: number, storyNo: number, ref: string): Promise<boolean> {
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
    },

    async runDelayJob(now: Date = ctx.clock.now()) {
      const today = todayCode(now);
      const moved = [];
      // One transaction a project, version first like every planning write (no lock-order cycles).
      for (const projectIdx of await planning.story.projectsWithOverdue(today))
        moved.push(
          ...(await planning.transaction(async (r) => {
            await r.version.bump(projectIdx);
            const delayed = await r.story.markOverdueDelayed(projectIdx, today);
            for (const s of delayed)
              await r.events.record('story.updated', projectIdx, {
                storyIdx: s.storyIdx,
                milestoneIdx: s.milestoneIdx,
                status: 'delayed',
                automatic: true,
              });
            return delayed;
          })),
        );
      return moved;
    },
  };
}
export type StoryService = ReturnType<typeof createStoryService>;
