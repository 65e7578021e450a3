import { z } from 'zod';
import { MAX_EPICS, projectRoles } from '../constants.js';
import { milestoneStatuses, storyStatuses } from '../rules/planning-statuses.js';
import { optionalLink } from './address.js';
import { dateCode, idx, intIn, multiLine, singleLine } from './common.js';

/**
 * Planning (docs/product/planning.md#milestones): milestones, stories, epics, assignees,
 * comments, time entries and the member-in-project list. Dates are `YYYYMMDD`; every `...Idx` of a
 * person in planning is a memberInProjectIdx (a membership, not an account), so a member who
 * leaves a project keeps their name on the history they wrote.
 */

export * from '../rules/planning-statuses.js';
/** docs/product/planning.md#validation: 0 to 5 in steps of 0.5. */
export const rating = z
  .number()
  .min(0, 'rating')
  .max(5, 'rating')
  .refine((v) => Number.isInteger(v * 2), 'rating');

const title = singleLine().trim().min(1, 'required').max(200);
const description = multiLine().max(20_000);
const endNotBeforeStart = <T extends { startDt?: string | null; endDt?: string | null }>(v: T) =>
  !v.startDt || !v.endDt || v.endDt >= v.startDt;
const endRule = { message: 'endBeforeStart', path: ['endDt'] };

// ---------- Milestone ----------

/**
 * What the caller may do with one record, decided by the server with the same `allows` as the
 * write (action table plus the record rule of docs/product/projects-and-membership.md#permission-check). Sent on a record read by a member (the
 * detail routes), absent from events and lists; the web app enables its controls from it.
 */
export const recordCan = z.object({ edit: z.boolean(), delete: z.boolean() });
export type RecordCan = z.infer<typeof recordCan>;

export const milestone = z.object({
  milestoneIdx: z.number().int(),
  projectIdx: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(milestoneStatuses),
  startDt: z.string().nullable(),
  endDt: z.string().nullable(),
  /** Lexicographic (byte order) position among the project's milestones; sort ascending. */
  orderKey: z.string(),
  requestedByIdx: z.number().int().nullable(),
  approvedByIdx: z.number().int().nullable(),
  rejectReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  createdByIdx: z.number().int(),
  updatedAt: z.string(),
  /** The caller's rights on it (`GET /milestone/{id}`); see `recordCan`. */
  can: recordCan.optional(),
});
export type Milestone = z.infer<typeof milestone>;

export const createMilestoneRequest = z
  .object({
    projectIdx: idx,
    title,
    description: description.optional(),
    startDt: dateCode.nullable().optional(),
    endDt: dateCode.nullable().optional(),
  })
  .refine(endNotBeforeStart, endRule);
export type CreateMilestoneRequest = z.infer<typeof createMilestoneRequest>;

export const updateMilestoneRequest = z
  .object({
    title: title.optional(),
    description: description.optional(),
    startDt: dateCode.nullable().optional(),
    endDt: dateCode.nullable().optional(),
    /** Manual moves only (milestoneTransitions); approval goes through PATCH /milestone/approved/{id}. */
    status: z.enum(milestoneStatuses).optional(),
  })
  .refine(endNotBeforeStart, endRule);
export type UpdateMilestoneRequest = z.infer<typeof updateMilestoneRequest>;

export const milestoneOrderRequest = z.object({
  milestoneIdx: idx,
  /** The milestone that ends up directly before (above) the moved one. */
  beforeMilestoneIdx: idx.nullable().optional(),
  /** The milestone that ends up directly after (below) it. Neither: moved to the end. */
  afterMilestoneIdx: idx.nullable().optional(),
});
export type MilestoneOrderRequest = z.infer<typeof milestoneOrderRequest>;

export const milestoneApprovalActions = ['request', 'approve', 'reject'] as const;
export const milestoneApprovalRequest = z
  .object({
    /** request: professional (→ approving); approve / reject: client side, from approving only. */
    action: z.enum(milestoneApprovalActions),
    rejectReason: multiLine().trim().max(2000).nullable().optional(),
  })
  .refine((v) => v.action !== 'reject' || !!v.rejectReason, { message: 'required', path: ['rejectReason'] });
export type MilestoneApprovalRequest = z.infer<typeof milestoneApprovalRequest>;

export const deleteMilestoneResponse = z.object({
  milestoneIdx: z.number().int(),
  /** Stories moved to the end of the backlog, none deleted. */
  movedStoryCount: z.number().int(),
});

// ---------- Story ----------

export const story = z.object({
  storyIdx: z.number().int(),
  projectIdx: z.number().int(),
  /** The story's number in its project (1, 2, …), shown as `SHOP-12` with the GitHub project key. */
  storyNo: z.number().int(),
  /** null: the backlog (awaiting zone). */
  milestoneIdx: z.number().int().nullable(),
  epicIdx: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  status: z.enum(storyStatuses),
  startDt: z.string().nullable(),
  endDt: z.string().nullable(),
  /** memberInProjectIdx of each assignee. */
  assignees: z.array(z.number().int()),
  reporterIdx: z.number().int().nullable(),
  approverIdx: z.number().int().nullable(),
  link: z.string().nullable(),
  rating: z.number().nullable(),
  point: z.number().int(),
  /** Lexicographic (byte order) position within its milestone or the backlog; sort ascending. */
  orderKey: z.string(),
  createdAt: z.string(),
  createdByIdx: z.number().int(),
  updatedAt: z.string(),
  /** The caller's rights on it (`GET /story/{id}`); see `recordCan`. */
  can: recordCan.optional(),
});
export type Story = z.infer<typeof story>;

/** A timeline row: what a bar on the timeline needs, nothing more (the hot route stays small). */
export const timelineStory = story.pick({
  storyIdx: true,
  storyNo: true,
  milestoneIdx: true,
  epicIdx: true,
  title: true,
  status: true,
  startDt: true,
  endDt: true,
  assignees: true,
  point: true,
  orderKey: true,
});
export type TimelineStory = z.infer<typeof timelineStory>;

export const timelineMilestone = milestone
  .pick({
    milestoneIdx: true,
    title: true,
    status: true,
    startDt: true,
    endDt: true,
    orderKey: true,
  })
  .extend({ stories: z.array(timelineStory) });
export type TimelineMilestone = z.infer<typeof timelineMilestone>;

/** GET /milestone/timeline: milestones in order, each with its stories in order. Backlog: /story/awaiting-zone. */
export const timelineResponse = z.object({
  projectIdx: z.number().int(),
  /** The GitHub project key (`SHOP`) when set: stories show as `SHOP-{storyNo}`. */
  projectKey: z.string().nullable(),
  milestones: z.array(timelineMilestone),
});
export type TimelineResponse = z.infer<typeof timelineResponse>;

const point = intIn(0, 1000);
/** A story's link: http, https or mailto (schemas/address.ts), normalised like the web form. */
const link = optionalLink;

export const createStoryRequest = z
  .object({
    projectIdx: idx,
    milestoneIdx: idx.nullable().optional(),
    epicIdx: idx.nullable().optional(),
    title,
    description: description.optional(),
    startDt: dateCode.nullable().optional(),
    endDt: dateCode.nullable().optional(),
    assignees: z.array(idx).max(50).optional(),
    approverIdx: idx.nullable().optional(),
    link: link.nullable().optional(),
    point: point.optional(),
    rating: rating.nullable().optional(),
  })
  .refine(endNotBeforeStart, endRule);
export type CreateStoryRequest = z.infer<typeof createStoryRequest>;

/** Fields only: a move to another milestone or the backlog is PATCH /story/order, assignees PATCH /assignee/{id}. */
export const updateStoryRequest = z
  .object({
    title: title.optional(),
    description: description.optional(),
    status: z.enum(storyStatuses).optional(),
    startDt: dateCode.nullable().optional(),
    endDt: dateCode.nullable().optional(),
    epicIdx: idx.nullable().optional(),
    reporterIdx: idx.nullable().optional(),
    approverIdx: idx.nullable().optional(),
    link: link.nullable().optional(),
    point: point.optional(),
    rating: rating.nullable().optional(),
  })
  .refine(endNotBeforeStart, endRule);
export type UpdateStoryRequest = z.infer<typeof updateStoryRequest>;

export const storyOrderRequest = z.object({
  storyIdx: idx,
  /** Target list: a milestone, or null for the backlog (a move between lists is this same call). */
  milestoneIdx: idx.nullable(),
  /** The story that ends up directly before (above) the moved one. */
  beforeStoryIdx: idx.nullable().optional(),
  /** The story that ends up directly after (below) it. Neither: moved to the end of the list. */
  afterStoryIdx: idx.nullable().optional(),
});
export type StoryOrderRequest = z.infer<typeof storyOrderRequest>;

/** PATCH /assignee/{storyIdx}: the full new list of assignees (replaces the old one). */
export const assigneeRequest = z.object({ assignees: z.array(idx).max(50) });
export type AssigneeRequest = z.infer<typeof assigneeRequest>;

// ---------- Epic ----------

export const epic = z.object({
  epicIdx: z.number().int(),
  projectIdx: z.number().int(),
  label: z.string(),
  weight: z.number().int(),
  point: z.number().int(),
  colorCode: z.string().nullable(),
  /** Percent 0–100 (one decimal): done points / all points of its stories; by count when no story has points. */
  progress: z.number(),
  storyCount: z.number().int(),
  completedStoryCount: z.number().int(),
  totalPoint: z.number().int(),
  completedPoint: z.number().int(),
});
export type Epic = z.infer<typeof epic>;

const epicLabel = singleLine().trim().min(1, 'required').max(100);
const colorOfEpic = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'colorCode');
export const createEpicRequest = z.object({
  projectIdx: idx,
  label: epicLabel,
  weight: intIn(0, 1000).optional(),
  point: point.optional(),
  colorCode: colorOfEpic.nullable().optional(),
});
export type CreateEpicRequest = z.infer<typeof createEpicRequest>;
export const updateEpicRequest = createEpicRequest.omit({ projectIdx: true }).partial();
export type UpdateEpicRequest = z.infer<typeof updateEpicRequest>;
export const EPIC_LIMIT = MAX_EPICS;

// ---------- Comment ----------

export const storyComment = z.object({
  commentIdx: z.number().int(),
  storyIdx: z.number().int(),
  memberInProjectIdx: z.number().int(),
  nickname: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type StoryComment = z.infer<typeof storyComment>;
export const createCommentRequest = z.object({ content: multiLine().trim().min(1, 'required').max(5000) });

// ---------- Timekeeping ----------

export const timekeeping = z.object({
  timekeepingIdx: z.number().int(),
  projectIdx: z.number().int(),
  /** null once its story was deleted: logged time stays for settlement. */
  storyIdx: z.number().int().nullable(),
  memberInProjectIdx: z.number().int(),
  workDt: z.string(),
  minutes: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /**
   * What the caller may do with this entry, decided by the server's record rule (docs/product/projects-and-membership.md#permission-check); sent on
   * lists read by a member, absent from events. The web app shows the delete box from it.
   */
  can: z.object({ delete: z.boolean(), edit: z.boolean() }).optional(),
  /**
   * Its month is submitted, approved or paid for settlement (`lockingSettlementStatuses`): nobody
   * may change it (`can` is false, writes answer 409 TIMEKEEPING_LOCKED). Sent on lists like `can`,
   * so the time sheet tells a locked month from an entry the reader may not edit.
   */
  locked: z.boolean().optional(),
});
export type Timekeeping = z.infer<typeof timekeeping>;

export const createTimekeepingRequest = z.object({
  storyIdx: idx,
  /** Whose time; default the caller. Someone else's needs the permission check of docs/product/projects-and-membership.md#permission-check. */
  memberInProjectIdx: idx.optional(),
  workDt: dateCode,
  minutes: intIn(1, 1440, 'minutesRange'),
  note: multiLine().trim().max(2000).nullable().optional(),
});
export type CreateTimekeepingRequest = z.infer<typeof createTimekeepingRequest>;

/**
 * `PATCH /timekeeping/{timekeepingIdx}`: any of story, date, minutes, note. The owner (or per docs/product/projects-and-membership.md#permission-check
 * their lead, an admin) edits; an entry of a submitted or approved month answers 409
 * TIMEKEEPING_LOCKED, and so does moving an entry into such a month.
 */
export const updateTimekeepingRequest = z
  .object({
    storyIdx: idx,
    workDt: dateCode,
    minutes: intIn(1, 1440, 'minutesRange'),
    note: multiLine().trim().max(2000).nullable(),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'required' });
export type UpdateTimekeepingRequest = z.infer<typeof updateTimekeepingRequest>;

export const timekeepingListQuery = z
  .object({
    storyIdx: idx.optional(),
    projectIdx: idx.optional(),
    /** One member's entries (a time sheet); default every entry the caller may see. */
    memberInProjectIdx: idx.optional(),
    from: dateCode.optional(),
    to: dateCode.optional(),
  })
  .refine((q) => q.storyIdx !== undefined || q.projectIdx !== undefined, {
    message: 'required',
    path: ['projectIdx'],
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: 'endBeforeStart', path: ['to'] });

export const bulkDeleteTimekeepingRequest = z.object({ timekeepingIdxs: z.array(idx).min(1).max(500) });
export const bulkDeleteTimekeepingResponse = z.object({ deletedCount: z.number().int() });

// ---------- Member in project ----------

export const memberInProject = z.object({
  memberInProjectIdx: z.number().int(),
  memberIdx: z.number().int(),
  projectIdx: z.number().int(),
  nickname: z.string(),
  colorCode: z.string(),
  profileFileIdx: z.number().int().nullable(),
  role: z.enum(projectRoles),
  isAdmin: z.boolean(),
  /** For depth2: the memberInProjectIdx of their depth1 lead. */
  depth1Idx: z.number().int().nullable(),
  /**
   * What the caller may do with this member, decided by the server (the action table, the team
   * rules of `rules/membership.ts` and the last-admin rule); sent on the member list, absent from
   * events and single reads. `role`: change the role; `lead`: set their team lead; `authority`:
   * set the admin authority flag; `remove`: remove them (leave, for oneself); `beLead`: they may be
   * chosen as a team lead.
   */
  can: z
    .object({
      role: z.boolean(),
      lead: z.boolean(),
      authority: z.boolean(),
      remove: z.boolean(),
      beLead: z.boolean(),
    })
    .optional(),
});
export type MemberInProject = z.infer<typeof memberInProject>;

// ---------- Params and queries ----------

export const projectIdxQuery = z.object({ projectIdx: idx });
export const milestoneIdxQuery = z.object({ milestoneIdx: idx });
export const idParams = z.object({ id: idx });
export const milestoneIdxParams = z.object({ milestoneIdx: idx });
export const storyIdxParams = z.object({ storyIdx: idx });
export const deletedStoryResponse = z.object({ storyIdx: z.number().int() });
export const deletedEpicResponse = z.object({
  epicIdx: z.number().int(),
  /** Stories that lost the epic (they are kept, without an epic). */
  detachedStoryCount: z.number().int(),
});
