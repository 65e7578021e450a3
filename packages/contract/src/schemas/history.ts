import { z } from 'zod';
import { idx } from './common.js';

/**
 * History event numbers. 1–13 are the spec's (docs/product/planning.md#history). The spec's other enumeration uses 10 for an epic
 * change, which clashes with "approval requested", so the extras get their own numbers from 14.
 */
export const historyTypes = {
  created: 1,
  title: 2,
  description: 3,
  /** Approver or assignees. */
  assignee: 4,
  reporter: 5,
  link: 6,
  /** startDt / endDt. */
  schedule: 7,
  status: 8,
  /** The scheduled job moved an open story past its end date to delayed (actor null). */
  autoStatus: 9,
  approvalRequested: 10,
  approved: 11,
  rejected: 12,
  commentCreated: 13,
  epic: 14,
  /** A story moved to another milestone or to the backlog (also when its milestone was deleted). */
  milestone: 15,
  deleted: 16,
  /** Story points or rating. */
  estimate: 17,
} as const;
export type HistoryTypeName = keyof typeof historyTypes;
export type HistoryType = (typeof historyTypes)[HistoryTypeName];
export const historyTypeValues = Object.values(historyTypes) as HistoryType[];

/** Before / after values of the fields a change touched, e.g. `{title:'Old'}` → `{title:'New'}`. */
export const historyValues = z.record(z.string(), z.unknown()).nullable();

export const historyActor = z.object({
  memberInProjectIdx: z.number().int(),
  nickname: z.string(),
});

/** One entry of GET /history/story or /history/milestone, newest first. */
export const historyItem = z.object({
  historyIdx: z.number().int(),
  type: z.number().int(),
  projectIdx: z.number().int(),
  storyIdx: z.number().int().nullable(),
  milestoneIdx: z.number().int().nullable(),
  /** null for changes the system made (type 9). */
  actor: historyActor.nullable(),
  createdAt: z.string(),
  /** Before/after with long texts cut to 100 characters; the full values: /history-data/by-history-idx. */
  before: historyValues,
  after: historyValues,
});
export type HistoryItem = z.infer<typeof historyItem>;

export const historyData = z.object({
  historyIdx: z.number().int(),
  type: z.number().int(),
  before: historyValues,
  after: historyValues,
});
export type HistoryData = z.infer<typeof historyData>;

export const storyHistoryQuery = z.object({ storyIdx: idx });
export const milestoneHistoryQuery = z.object({ milestoneIdx: idx });
export const historyDataQuery = z.object({ historyIdx: idx });
