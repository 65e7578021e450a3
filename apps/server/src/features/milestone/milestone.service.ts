import {
  approvalRequestableStatuses,
  canMoveMilestone,
  historyTypes,
  type CreateMilestoneRequest,
  type Milestone,
  type MilestoneApprovalRequest,
  type MilestoneOrderRequest,
  type ProjectAction,
  type UpdateMilestoneRequest,
} from '@teamline/contract';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { keyBetween, keysAfter } from '../../shared/order-key.js';
import type { NewHistory } from '../planning-store/history.repository.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { PlanningRepositories, PlanningStore } from '../planning-store/planning-repositories.js';
import type { EventRecorder } from '../../platform/events/outbox.repository.js';
import { diffHistory } from '../planning-store/history-diff.js';
import type { MilestoneRow } from '../planning-store/milestone.repository.js';
import { toMilestone } from './milestone.presenter.js';
import { assemble, pieceOf, smallPieceOf, type TimelinePiece } from './timeline-assembly.js';

/** A serialised timeline of one planning version, plain and gzip-compressed. */
export interface TimelineEntry {
  version: number;
  body: Buffer;
  gzip: Buffer;
}

/** One milestone's part of the timeline, as of its revision. */
type MilestonePiece = TimelinePiece & { revision: number };
const COMMA = smallPieceOf(',');
const CLOSING = smallPieceOf(']}}');

const fieldGroups = [
  { type: historyTypes.title, fields: ['title'] },
  { type: historyTypes.description, fields: ['description'] },
  { type: historyTypes.schedule, fields: ['startDt', 'endDt'] },
  { type: historyTypes.status, fields: ['status'] },
];

const history = (
  row: MilestoneRow,
  actorIdx: number,
  type: number,
  before: object | null,
  after: object | null,
): NewHistory => ({
  projectIdx: row.projectIdx,
  storyIdx: null,
  milestoneIdx: row.milestoneIdx,
  type,
  actorIdx,
  before: before as Record<string, unknown> | null,
  after: after as Record<string, unknown> | null,
});

/**
 * A new milestone at the end of the project's plan, with its history and event, inside the caller's
 * planning transaction (the caller bumps the planning version): `POST /milestone` and applying an AI
 * timeline draft both make milestones this way.
 */
export async function insertMilestone(
  r: PlanningRepositories & { events: EventRecorder },
  actorIdx: number,
  input: Pick<CreateMilestoneRequest, 'projectIdx' | 'title' | 'description' | 'startDt' | 'endDt'>,
): Promise<MilestoneRow> {
  const created = await r.milestone.insert({
    projectIdx: input.projectIdx,
    title: input.title.trim(),
    description: input.description ?? '',
    startDt: input.startDt ?? null,
    endDt: input.endDt ?? null,
    orderKey: keyBetween(await r.milestone.lastKey(input.projectIdx), null),
    createdByIdx: actorIdx,
  });
  await r.history.insert([
    history(created, actorIdx, historyTypes.created, null, { title: created.title, status: created.status }),
  ]);
  await r.events.record('milestone.created', input.projectIdx, toMilestone(created));
  return created;
}

export function createMilestoneService(
  ctx: AppContext,
  planning: PlanningStore,
  authz: Authorization<MembershipRow>,
) {
  /** The milestone if the caller may take `action` on it; a stranger gets MILESTONE_NOT_FOUND as for a missing id. */
  async function load(actor: Actor, milestoneIdx: number, action: ProjectAction = 'planning.view') {
    const row = await planning.milestone.findById(milestoneIdx);
    if (!row) throw new AppError('MILESTONE_NOT_FOUND');
    const m = await authz.authorize(actor, action, await milestoneTarget(row, action));
    return { row, m };
  }
  /** docs/product/projects-and-membership.md#permission-check on milestones: owned by the member who created them. */
  async function milestoneTarget(row: MilestoneRow, action: ProjectAction) {
    const target = { projectIdx: row.projectIdx, missing: 'MILESTONE_NOT_FOUND' as const };
    if (authz.table[action].record !== 'own') return target;
    const owners = await planning.members.findRecords(row.projectIdx, [row.createdByIdx]);
    return { ...target, owners };
  }
  /** Serialised timelines by project, newest version only; bounded so memory stays flat. */
  const timelineCache = new Map<number, TimelineEntry>();
  /** Each project's milestones as timeline pieces, by milestone, with the revision they show. */
  const milestonePieces = new Map<number, Map<number, MilestonePiece>>();
  const inFlight = new Map<string, Promise<TimelineEntry>>();
  const TIMELINE_CACHE_PROJECTS = 50;
  const keepNewest = <V>(cache: Map<number, V>, projectIdx: number, value: V) => {
    cache.delete(projectIdx);
    cache.set(projectIdx, value);
    if (cache.size > TIMELINE_CACHE_PROJECTS) cache.delete(cache.keys().next().value!);
  };

  /**
   * The timeline of `version`: the milestones whose revision moved since their pieces were made are
   * built again by the database (their JSON) and compressed again; the others are reused as they
   * are. The body and its gzip are then laid together from the pieces (timeline-assembly.ts).
   */
  async function computeTimeline(projectIdx: number, version: number) {
    const known = milestonePieces.get(projectIdx) ?? new Map<number, MilestonePiece>();
    const revisions = new Map([...known].map(([milestoneIdx, piece]) => [milestoneIdx, piece.revision]));
    const [rows, projectKey] = await Promise.all([
      planning.milestone.timelineMilestones(projectIdx, revisions),
      planning.milestone.projectKey(projectIdx),
    ]);
    const pieces = new Map<number, MilestonePiece>();
    await Promise.all(
      rows.map(async ({ milestoneIdx, revision, json }) => {
        // No JSON: the revision asked for is the one known (the map passed to the query).
        const piece =
          json === null ? known.get(milestoneIdx)! : { revision, ...(await pieceOf(Buffer.from(json))) };
        pieces.set(milestoneIdx, piece);
      }),
    );
    // Pieces show their own revision whatever happened meanwhile: kept for the next change.
    keepNewest(milestonePieces, projectIdx, pieces);
    // A TimelineResponse; its milestones are already JSON (the database built them).
    const { body, gzip } = assemble([
      smallPieceOf(
        `{"data":{"projectIdx":${projectIdx},"projectKey":${JSON.stringify(projectKey)},"milestones":[`,
      ),
      ...rows.flatMap(({ milestoneIdx }, i) => (i === 0 ? [] : [COMMA]).concat(pieces.get(milestoneIdx)!)),
      CLOSING,
    ]);
    const entry: TimelineEntry = { version, body, gzip };
    // Kept only if no write committed while reading: the rows then belong to exactly this version.
    if ((await planning.version.current(projectIdx)) === version)
      keepNewest(timelineCache, projectIdx, entry);
    return entry;
  }

  return {
    /**
     * The hot route, served from a per-instance cache keyed by the project's planning version (every
     * planning write bumps it in its own transaction, on any instance), so repeated reads cost one
     * primary-key select and a socket write. A miss rebuilds the milestones whose revision moved
     * (`computeTimeline`) and lays the answer together from pieces. Concurrent misses of one version
     * share a single computation.
     */
    async timeline(actor: Actor, projectIdx: number): Promise<TimelineEntry> {
      await authz.authorize(actor, 'planning.view', projectIdx);
      const version = await planning.version.current(projectIdx);
      const cached = timelineCache.get(projectIdx);
      if (cached?.version === version) return cached;
      const key = `${projectIdx}:${version}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = computeTimeline(projectIdx, version).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },

    /** The milestone with what the caller may do with it (the same decision as update and remove). */
    async get(actor: Actor, milestoneIdx: number): Promise<Milestone> {
      const { row, m } = await load(actor, milestoneIdx);
      const allows = async (action: ProjectAction) =>
        authz.allows(m, action, await milestoneTarget(row, action));
      return {
        ...toMilestone(row),
        can: { edit: await allows('milestone.edit'), delete: await allows('milestone.delete') },
      };
    },

    async create(actor: Actor, input: CreateMilestoneRequest): Promise<Milestone> {
      const m = await authz.authorize(actor, 'planning.edit', input.projectIdx);
      const row = await planning.transaction(async (r) => {
        await r.version.bump(input.projectIdx);
        return insertMilestone(r, m.memberInProjectIdx, input);
      });
      return toMilestone(row);
    },

    async update(actor: Actor, milestoneIdx: number, input: UpdateMilestoneRequest): Promise<Milestone> {
      const { row: found, m } = await load(actor, milestoneIdx, 'milestone.edit');
      const projectIdx = found.projectIdx;
      const row = await planning.transaction(async (r) => {
        await r.version.bump(projectIdx);
        const row = await r.milestone.lock(projectIdx, milestoneIdx);
        if (!row) throw new AppError('MILESTONE_NOT_FOUND');
        if (input.status !== undefined && !canMoveMilestone(row.status, input.status))
          throw new AppError('INVALID_STATUS_TRANSITION');
        const startDt = input.startDt !== undefined ? input.startDt : row.startDt;
        const endDt = input.endDt !== undefined ? input.endDt : row.endDt;
        if (startDt && endDt && endDt < startDt) throw fieldError('endDt', 'endBeforeStart');
        const patch = {
          title: input.title?.trim(),
          description: input.description,
          startDt: input.startDt,
          endDt: input.endDt,
          status: input.status,
        };
        const changes = diffHistory(row, patch, fieldGroups);
        if (changes.length === 0) return row;
        const saved = await r.milestone.update(projectIdx, milestoneIdx, patch);
        await r.history.insert(
          changes.map((c) => history(saved, m.memberInProjectIdx, c.type, c.before, c.after)),
        );
        await r.events.record('milestone.updated', projectIdx, toMilestone(saved));
        return saved;
      });
      return toMilestone(row);
    },

    /**
     * Approval (docs/product/planning.md#approvals): a professional requests it (10) from pending/inProgress/completed/rejected;
     * the client side approves (11) or rejects with a reason (12), only from approving.
     */
    async approval(actor: Actor, milestoneIdx: number, input: MilestoneApprovalRequest): Promise<Milestone> {
      const { row: found, m } = await load(
        actor,
        milestoneIdx,
        input.action === 'request' ? 'milestone.requestApproval' : 'milestone.decide',
      );
      const projectIdx = found.projectIdx;
      const row = await planning.transaction(async (r) => {
        await r.version.bump(projectIdx);
        const row = await r.milestone.lock(projectIdx, milestoneIdx);
        if (!row) throw new AppError('MILESTONE_NOT_FOUND');
        const now = ctx.clock.now();
        let saved: MilestoneRow;
        let type: number;
        if (input.action === 'request') {
          if (!approvalRequestableStatuses.includes(row.status))
            throw new AppError('INVALID_STATUS_TRANSITION');
          type = historyTypes.approvalRequested;
          saved = await r.milestone.update(projectIdx, milestoneIdx, {
            status: 'approving',
            requestedByIdx: m.memberInProjectIdx,
            approvedByIdx: null,
            rejectReason: null,
            decidedAt: null,
          });
        } else {
          if (row.status !== 'approving') throw new AppError('INVALID_STATUS_TRANSITION');
          const approve = input.action === 'approve';
          type = approve ? historyTypes.approved : historyTypes.rejected;
          saved = await r.milestone.update(projectIdx, milestoneIdx, {
            status: approve ? 'approved' : 'rejected',
            approvedByIdx: m.memberInProjectIdx,
            rejectReason: approve ? null : (input.rejectReason ?? null),
            decidedAt: now,
          });
        }
        await r.history.insert([
          history(
            saved,
            m.memberInProjectIdx,
            type,
            { status: row.status },
            input.action === 'reject'
              ? { status: saved.status, rejectReason: saved.rejectReason }
              : { status: saved.status },
          ),
        ]);
        const event = {
          request: 'milestone.approval_requested',
          approve: 'milestone.approved',
          reject: 'milestone.rejected',
        } as const;
        await r.events.record(event[input.action], projectIdx, toMilestone(saved));
        return saved;
      });
      return toMilestone(row);
    },

    async order(actor: Actor, input: MilestoneOrderRequest): Promise<Milestone> {
      const { row: found } = await load(actor, input.milestoneIdx, 'planning.edit');
      const projectIdx = found.projectIdx;
      const row = await planning.transaction(async (r) => {
        await r.version.bump(projectIdx);
        const row = await r.milestone.lock(projectIdx, input.milestoneIdx);
        if (!row) throw new AppError('MILESTONE_NOT_FOUND');
        const neighbour = async (field: string, idx: number | null | undefined) => {
          if (!idx) return null;
          const n = await r.milestone.findInProject(projectIdx, idx);
          if (!n || n.milestoneIdx === row.milestoneIdx) throw fieldError(field, 'invalid');
          return n;
        };
        const before = await neighbour('beforeMilestoneIdx', input.beforeMilestoneIdx);
        const after = await neighbour('afterMilestoneIdx', input.afterMilestoneIdx);
        let lower: string | null;
        let upper: string | null;
        if (before) {
          lower = before.orderKey;
          upper = await r.milestone.keyAfter(projectIdx, before.orderKey, row.milestoneIdx);
        } else if (after) {
          upper = after.orderKey;
          lower = await r.milestone.keyBefore(projectIdx, after.orderKey, row.milestoneIdx);
        } else {
          lower = await r.milestone.lastKey(projectIdx, row.milestoneIdx);
          upper = null;
        }
        const moved = await r.milestone.update(projectIdx, row.milestoneIdx, {
          orderKey: keyBetween(lower, upper),
        });
        await r.events.record('milestone.ordered', projectIdx, {
          milestoneIdx: moved.milestoneIdx,
          orderKey: moved.orderKey,
        });
        return moved;
      });
      return toMilestone(row);
    },

    /** Nothing is lost: its stories go to the end of the backlog, in their order, with history 15. */
    async remove(actor: Actor, milestoneIdx: number) {
      const { row: found, m } = await load(actor, milestoneIdx, 'milestone.delete');
      const projectIdx = found.projectIdx;
      const moved = await planning.transaction(async (r) => {
        await r.version.bump(projectIdx);
        const row = await r.milestone.lock(projectIdx, milestoneIdx);
        if (!row) throw new AppError('MILESTONE_NOT_FOUND');
        const stories = await r.story.listOfList(projectIdx, milestoneIdx);
        const keys = keysAfter(await r.story.lastKey(projectIdx, null), stories.length);
        for (const [i, s] of stories.entries())
          await r.story.update(projectIdx, s.storyIdx, { milestoneIdx: null, orderKey: keys[i]! });
        const records: NewHistory[] = stories.map((s) => ({
          projectIdx,
          storyIdx: s.storyIdx,
          milestoneIdx: null,
          type: historyTypes.milestone,
          actorIdx: m.memberInProjectIdx,
          before: { milestoneIdx },
          after: { milestoneIdx: null },
        }));
        records.push(
          history(
            row,
            m.memberInProjectIdx,
            historyTypes.deleted,
            { title: row.title, status: row.status },
            {
              movedStoryIdxs: stories.map((s) => s.storyIdx),
            },
          ),
        );
        await r.history.insert(records);
        await r.milestone.delete(projectIdx, milestoneIdx);
        const movedStoryIdxs = stories.map((s) => s.storyIdx);
        await r.events.record('milestone.deleted', projectIdx, { milestoneIdx, movedStoryIdxs });
        return movedStoryIdxs;
      });
      return { milestoneIdx, movedStoryCount: moved.length };
    },
  };
}
export type MilestoneService = ReturnType<typeof createMilestoneService>;
