import {
  canMoveRequest,
  REQUEST_LIST_LIMIT,
  requestRecord,
  type CreateRequestRequest,
  type MemberRequest,
  type ProjectAction,
  type RequestComment,
  type RequestFile,
  type RequestList,
  type RequestListQuery,
  type RequestStatus,
  type UpdateRequestRequest,
} from '@teamline/contract';
import type { Db } from '../../infra/db.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { EventRecorder } from '../../platform/events/outbox.repository.js';
import {
  createStore,
  type TransactionPorts,
  type UnitOfWorkContext,
} from '../../platform/events/unit-of-work.js';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { createFileAttachments, type DeletedFile } from '../account-store/file-attachment.repository.js';
import type { FileService } from '../file/file.service.js';
import type { MembershipRow } from '../membership/membership.port.js';
import { createStoryRepository } from '../planning-store/story.repository.js';
import { createRequestRepository, type RequestRow } from './request.repository.js';

/**
 * What requests read and write over one handle: their tables, memberships, stories (to check a
 * link) and the attachment side of files (attached files are locked; dropped ones released).
 */
function requestRepositories(db: Db) {
  return {
    requests: createRequestRepository(db),
    stories: createStoryRepository(db),
    files: createFileAttachments(db),
  };
}
type RequestRepositories = TransactionPorts & ReturnType<typeof requestRepositories>;

export function createRequestStore(db: Db, ctx: UnitOfWorkContext) {
  return createStore(db, ctx, requestRepositories);
}
export type RequestStore = ReturnType<typeof createRequestStore>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const toRequest = (row: RequestRow, files: RequestFile[] = []): MemberRequest => ({
  requestIdx: row.requestIdx,
  projectIdx: row.projectIdx,
  kind: row.kind,
  title: row.title,
  description: row.description,
  dueDt: row.dueDt,
  storyIdx: row.storyIdx,
  senderIdx: row.senderIdx,
  receiverIdx: row.receiverIdx,
  status: row.status,
  readAt: iso(row.readAt),
  takenAt: iso(row.takenAt),
  completedAt: iso(row.completedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  files,
});
/** What request events carry: ids and states, never the text (see the event catalogue). */
const refOf = (row: RequestRow) => ({
  requestIdx: row.requestIdx,
  projectIdx: row.projectIdx,
  kind: row.kind,
  senderIdx: row.senderIdx,
  receiverIdx: row.receiverIdx,
  status: row.status,
});

const MISSING = 'REQUEST_NOT_FOUND' as const;

export function createRequestService(
  ctx: AppContext,
  store: RequestStore,
  authz: Authorization<MembershipRow>,
  files: Pick<FileService, 'finishDeletions'>,
) {
  /** The parties' records (members who left keep their team) and the three scopes of the record rule. */
  async function scopes(r: Pick<RequestRepositories, 'members'>, row: RequestRow) {
    const records = await r.members.findRecords(row.projectIdx, [row.senderIdx, row.receiverIdx]);
    return {
      parties: requestRecord(row, records, 'parties'),
      receiver: requestRecord(row, records, 'receiver'),
      sender: requestRecord(row, records, 'sender'),
    };
  }

  /**
   * The request, locked, and the caller's membership, inside a transaction: a caller the record rule
   * does not let see it gets REQUEST_NOT_FOUND, exactly like a missing id; one who sees it but may not
   * take this `action` on its `part` gets the table's denial or FORBIDDEN.
   */
  async function loadFor(
    r: RequestRepositories,
    actor: Actor,
    requestIdx: number,
    action: ProjectAction,
    part: 'parties' | 'receiver' | 'sender',
  ) {
    const row = await r.requests.lockById(requestIdx);
    if (!row) throw new AppError(MISSING);
    const m = await r.members.findMembership(row.projectIdx, actor.memberIdx);
    const scope = await scopes(r, row);
    authz.decide(m, 'request.view', { ...scope.parties, missing: MISSING, conceal: true });
    return { row, m: authz.decide(m, action, { ...scope[part], missing: MISSING }) };
  }

  async function checkStory(r: RequestRepositories, projectIdx: number, storyIdx: number | null | undefined) {
    if (storyIdx && !(await r.stories.findInProject(projectIdx, storyIdx)))
      throw fieldError('storyIdx', 'invalid');
  }

  /**
   * The distinct ids, each a live file of this project, else a field error on `fileIdxs` (a missing
   * or deleted id and another project's file alike), thrown before anything is written. The files
   * stay locked against deletion until the commit.
   */
  async function checkFiles(r: RequestRepositories, projectIdx: number, fileIdxs: number[]) {
    const distinct = [...new Set(fileIdxs)];
    const found = (await r.files.lockLive(distinct)).filter((f) => f.projectIdx === projectIdx);
    if (found.length !== distinct.length) throw fieldError('fileIdxs', 'invalid');
    return distinct;
  }

  /**
   * Runs a change of requests; files it released (taken off, or on a withdrawn request, and used
   * nowhere else) are deleted once it has committed.
   */
  async function releasing<T>(
    work: (r: RequestRepositories & { events: EventRecorder }, released: DeletedFile[]) => Promise<T>,
  ) {
    const released: DeletedFile[] = [];
    const result = await store.transaction((r) => work(r, released));
    await files.finishDeletions(released);
    return result;
  }

  async function withFiles(r: Pick<RequestRepositories, 'requests'>, row: RequestRow) {
    return toRequest(row, (await r.requests.filesOf([row.requestIdx])).get(row.requestIdx));
  }

  async function commentsOf(requestIdx: number): Promise<RequestComment[]> {
    return (await store.requests.comments(requestIdx)).map((c) => ({
      ...c,
      createdAt: c.createdAt.toISOString(),
    }));
  }

  return {
    /** One of the caller's boxes, newest first (at most REQUEST_LIST_LIMIT), and their unread count. */
    async list(actor: Actor, query: RequestListQuery): Promise<RequestList> {
      const m = await authz.authorize(actor, 'request.list', query.projectIdx);
      const rows = await store.requests.listBox(
        query.projectIdx,
        m.memberInProjectIdx,
        query.box,
        query.status,
        REQUEST_LIST_LIMIT,
      );
      const files = await store.requests.filesOf(rows.map((row) => row.requestIdx));
      return {
        requests: rows.map((row) => ({
          ...toRequest(row, files.get(row.requestIdx)),
          unread: row.receiverIdx === m.memberInProjectIdx && row.readAt === null,
        })),
        unreadCount: await store.requests.countUnread(query.projectIdx, m.memberInProjectIdx),
      };
    },

    /** The request with its comments and what the caller may do; the receiver's first read marks it read. */
    async get(actor: Actor, requestIdx: number): Promise<MemberRequest> {
      let row = await store.requests.findById(requestIdx);
      if (!row) throw new AppError(MISSING);
      const scope = await scopes(store, row);
      const m = await authz.authorize(actor, 'request.view', {
        ...scope.parties,
        missing: MISSING,
        conceal: true,
      });
      // Reading is the receiver's own mark, not a change of the request: no event.
      if (m.memberInProjectIdx === row.receiverIdx && row.readAt === null)
        row = (await store.requests.markRead(requestIdx, ctx.clock.now())) ?? row;
      // A contract offer is answered through the contract calls: no moves or edits here.
      const general = row.kind === 'general';
      const awaiting = general && row.status === 'awaiting';
      return {
        ...(await withFiles(store, row)),
        unread: m.memberInProjectIdx === row.receiverIdx && row.readAt === null,
        can: {
          edit: awaiting && authz.allows(m, 'request.update', scope.sender),
          delete: awaiting && authz.allows(m, 'request.delete', scope.sender),
          take: awaiting && authz.allows(m, 'request.update', scope.receiver),
          complete:
            general && row.status === 'inProgress' && authz.allows(m, 'request.update', scope.receiver),
          comment: authz.allows(m, 'request.comment', scope.parties),
        },
        comments: await commentsOf(requestIdx),
      };
    },

    async create(actor: Actor, input: CreateRequestRequest): Promise<MemberRequest> {
      const m = await authz.authorize(actor, 'request.create', input.projectIdx);
      if (input.receiverIdx === m.memberInProjectIdx) throw fieldError('receiverIdx', 'requestToSelf');
      return store.transaction(async (r) => {
        // An active member of this project: an id of another project, or of someone who left, is refused.
        const [receiver] = await r.members.findActive(input.projectIdx, [input.receiverIdx]);
        if (!receiver) throw fieldError('receiverIdx', 'invalid');
        await checkStory(r, input.projectIdx, input.storyIdx);
        const fileIdxs = await checkFiles(r, input.projectIdx, input.fileIdxs ?? []);
        const row = await r.requests.insert({
          projectIdx: input.projectIdx,
          kind: 'general',
          title: input.title.trim(),
          description: input.description ?? '',
          dueDt: input.dueDt,
          storyIdx: input.storyIdx ?? null,
          senderIdx: m.memberInProjectIdx,
          receiverIdx: input.receiverIdx,
        });
        await r.requests.replaceFiles(row.requestIdx, fileIdxs);
        await r.events.record('request.created', row.projectIdx, refOf(row));
        return withFiles(r, row);
      });
    },

    /**
     * `status`: the receiver's move (awaiting → inProgress → completed), else 409
     * INVALID_STATUS_TRANSITION with the current status. Content: the sender's, while awaiting, else
     * 409 REQUEST_NOT_AWAITING.
     */
    async update(actor: Actor, requestIdx: number, input: UpdateRequestRequest): Promise<MemberRequest> {
      const now = ctx.clock.now();
      return releasing(async (r, released) => {
        if (input.status !== undefined) {
          const { row } = await loadFor(r, actor, requestIdx, 'request.update', 'receiver');
          if (row.kind === 'contract') throw new AppError('REQUEST_IS_CONTRACT', { status: row.status });
          const to: RequestStatus = input.status;
          if (!canMoveRequest(row.status, to))
            throw new AppError('INVALID_STATUS_TRANSITION', { status: row.status, requested: to });
          const updated = await r.requests.update(requestIdx, {
            status: to,
            updatedAt: now,
            ...(to === 'inProgress' ? { takenAt: now } : { completedAt: now }),
          });
          await r.events.record('request.status_changed', updated.projectIdx, {
            ...refOf(updated),
            from: row.status,
          });
          return withFiles(r, updated);
        }
        const { row } = await loadFor(r, actor, requestIdx, 'request.update', 'sender');
        if (row.kind === 'contract') throw new AppError('REQUEST_IS_CONTRACT', { status: row.status });
        if (row.status !== 'awaiting') throw new AppError('REQUEST_NOT_AWAITING', { status: row.status });
        await checkStory(r, row.projectIdx, input.storyIdx);
        const fileIdxs =
          input.fileIdxs === undefined ? undefined : await checkFiles(r, row.projectIdx, input.fileIdxs);
        const set = {
          ...(input.title !== undefined && { title: input.title.trim() }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.dueDt !== undefined && { dueDt: input.dueDt }),
          ...(input.storyIdx !== undefined && { storyIdx: input.storyIdx }),
        };
        const fields: (keyof typeof set | 'fileIdxs')[] = (Object.keys(set) as (keyof typeof set)[]).filter(
          (k) => set[k] !== row[k],
        );
        if (fileIdxs) {
          const before = ((await r.requests.filesOf([requestIdx])).get(requestIdx) ?? []).map(
            (f) => f.fileIdx,
          );
          if (before.length !== fileIdxs.length || before.some((f, i) => f !== fileIdxs[i])) {
            await r.requests.replaceFiles(requestIdx, fileIdxs);
            const dropped = before.filter((fileIdx) => !fileIdxs.includes(fileIdx));
            released.push(...(await r.files.release(dropped, 'detached', now)));
            fields.push('fileIdxs');
          }
        }
        if (fields.length === 0) return withFiles(r, row);
        const updated = await r.requests.update(requestIdx, { ...set, updatedAt: now });
        await r.events.record('request.updated', updated.projectIdx, { ...refOf(updated), fields });
        return withFiles(r, updated);
      });
    },

    /** The sender withdraws an awaiting request; its comments go with it, and its files unless used elsewhere. */
    async remove(actor: Actor, requestIdx: number) {
      return releasing(async (r, released) => {
        const { row } = await loadFor(r, actor, requestIdx, 'request.delete', 'sender');
        if (row.kind === 'contract') throw new AppError('REQUEST_IS_CONTRACT', { status: row.status });
        if (row.status !== 'awaiting') throw new AppError('REQUEST_NOT_AWAITING', { status: row.status });
        const attached = ((await r.requests.filesOf([requestIdx])).get(requestIdx) ?? []).map(
          (f) => f.fileIdx,
        );
        await r.requests.delete(requestIdx);
        released.push(...(await r.files.release(attached, 'detached', ctx.clock.now())));
        await r.events.record('request.deleted', row.projectIdx, refOf(row));
        return { requestIdx };
      });
    },

    async addComment(actor: Actor, requestIdx: number, content: string): Promise<RequestComment> {
      return store.transaction(async (r) => {
        const { row, m } = await loadFor(r, actor, requestIdx, 'request.comment', 'parties');
        const created = await r.requests.insertComment({
          projectIdx: row.projectIdx,
          requestIdx,
          memberInProjectIdx: m.memberInProjectIdx,
          content: content.trim(),
        });
        const [me] = await r.members.findActive(row.projectIdx, [m.memberInProjectIdx]);
        await r.events.record('request.commented', row.projectIdx, {
          ...refOf(row),
          commentIdx: created.commentIdx,
          memberInProjectIdx: created.memberInProjectIdx,
        });
        return {
          commentIdx: created.commentIdx,
          requestIdx,
          memberInProjectIdx: created.memberInProjectIdx,
          nickname: me?.nickname ?? '',
          content: created.content,
          createdAt: created.createdAt.toISOString(),
        };
      });
    },
  };
}
export type RequestService = ReturnType<typeof createRequestService>;
