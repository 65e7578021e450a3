import { z } from 'zod';
import { dateCode, idx, multiLine, singleLine } from './common.js';

/**
 * Requests (docs/product/requests.md#requests): one member asks another member
 * of the same project for work or a decision. Every person is a memberInProjectIdx: `senderIdx`
 * wrote it, `receiverIdx` answers it. Contracts will arrive as requests of kind `contract`; only
 * `general` requests can be created for now.
 */

/**
 * docs/product/requests.md#statuses, and `rejected`: a contract offer the professional declined (only the
 * contract calls reach it; a general request never does).
 */
export const requestStatuses = ['awaiting', 'inProgress', 'completed', 'rejected'] as const;
export type RequestStatus = (typeof requestStatuses)[number];
export const requestKinds = ['general', 'contract'] as const;
export type RequestKind = (typeof requestKinds)[number];
/** Which of the caller's lists: requests sent to them, or requests they sent. */
export const requestBoxes = ['received', 'sent'] as const;
export type RequestBox = (typeof requestBoxes)[number];

/**
 * The moves of PATCH /request/{requestIdx} {status}: the receiver takes an awaiting request and
 * completes one in progress. The sender withdraws an awaiting request with DELETE instead.
 */
export const requestTransitions: Record<RequestStatus, readonly RequestStatus[]> = {
  awaiting: ['inProgress'],
  inProgress: ['completed'],
  completed: [],
  rejected: [],
};
export const canMoveRequest = (from: RequestStatus, to: RequestStatus): boolean =>
  requestTransitions[from].includes(to);

/** What the caller may do with this request, decided by the server (see `requestRecord`). */
export const requestCan = z.object({
  /** Change title, description, due date or story (the sender, while awaiting). */
  edit: z.boolean(),
  /** Withdraw it (the sender, while awaiting). */
  delete: z.boolean(),
  /** Take it, awaiting → inProgress (the receiver). */
  take: z.boolean(),
  /** Complete it, inProgress → completed (the receiver). */
  complete: z.boolean(),
  comment: z.boolean(),
});
export type RequestCan = z.infer<typeof requestCan>;

export const requestComment = z.object({
  commentIdx: z.number().int(),
  requestIdx: z.number().int(),
  memberInProjectIdx: z.number().int(),
  nickname: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type RequestComment = z.infer<typeof requestComment>;

/** A file attached to a request (uploaded with POST /file in the request's project). */
export const requestFile = z.object({
  fileIdx: z.number().int(),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type RequestFile = z.infer<typeof requestFile>;
/** At most this many files on one request. */
export const REQUEST_FILES_MAX = 10;
const requestFileIdxs = z.array(idx).max(REQUEST_FILES_MAX);

export const memberRequest = z.object({
  requestIdx: z.number().int(),
  projectIdx: z.number().int(),
  kind: z.enum(requestKinds),
  title: z.string(),
  description: z.string(),
  /** `YYYYMMDD`. */
  dueDt: z.string(),
  storyIdx: z.number().int().nullable(),
  senderIdx: z.number().int(),
  receiverIdx: z.number().int(),
  status: z.enum(requestStatuses),
  /** When the receiver first opened it; null: unread. */
  readAt: z.string().nullable(),
  takenAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Attached files, oldest attachment first (reads, lists and writes; empty when none). */
  files: z.array(requestFile),
  /** The caller is its receiver and has not opened it yet (lists and reads, not events). */
  unread: z.boolean().optional(),
  /** The caller's rights on it (`GET /request/{requestIdx}`). */
  can: requestCan.optional(),
  /** Oldest first (`GET /request/{requestIdx}`). */
  comments: z.array(requestComment).optional(),
});
export type MemberRequest = z.infer<typeof memberRequest>;

/** At most this many requests come back from one list call, newest first. */
export const REQUEST_LIST_LIMIT = 200;

export const requestListQuery = z.object({
  projectIdx: idx,
  box: z.enum(requestBoxes).default('received'),
  status: z.enum(requestStatuses).optional(),
});
export type RequestListQuery = z.infer<typeof requestListQuery>;
export const requestList = z.object({
  requests: z.array(memberRequest),
  /** Unread requests the caller received in this project, whatever the box and filter (a badge). */
  unreadCount: z.number().int(),
});
export type RequestList = z.infer<typeof requestList>;

const requestTitle = singleLine().trim().min(1, 'required').max(200);
const requestDescription = multiLine().max(20_000);

export const createRequestRequest = z.object({
  projectIdx: idx,
  /** Contracts are offered through their own call later; only general requests are created here. */
  kind: z.literal('general').default('general'),
  title: requestTitle,
  description: requestDescription.optional(),
  dueDt: dateCode,
  storyIdx: idx.nullable().optional(),
  receiverIdx: idx,
  /** Files uploaded with POST /file in this project; each must be the project's. */
  fileIdxs: requestFileIdxs.optional(),
});
export type CreateRequestRequest = z.infer<typeof createRequestRequest>;

/**
 * Either a move (`status`, the receiver) or an edit of the content (the sender, while awaiting);
 * both in one call would need the caller to be both.
 */
export const updateRequestRequest = z
  .object({
    status: z.enum(requestStatuses).optional(),
    title: requestTitle.optional(),
    description: requestDescription.optional(),
    dueDt: dateCode.optional(),
    storyIdx: idx.nullable().optional(),
    /** Replaces the attached files with these (an empty list removes them all). */
    fileIdxs: requestFileIdxs.optional(),
  })
  .refine(
    (v) =>
      v.status === undefined ||
      (v.title === undefined &&
        v.description === undefined &&
        v.dueDt === undefined &&
        v.storyIdx === undefined &&
        v.fileIdxs === undefined),
    { message: 'invalid', path: ['status'] },
  );
export type UpdateRequestRequest = z.infer<typeof updateRequestRequest>;

export const createRequestCommentRequest = z.object({
  content: multiLine().trim().min(1, 'required').max(5000),
});
export const requestIdxParams = z.object({ requestIdx: idx });
export const deletedRequestResponse = z.object({ requestIdx: z.number().int() });
