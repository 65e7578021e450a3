import { z } from 'zod';
import { projectRoles } from '../constants.js';
import { idx } from './common.js';
import { milestoneStatuses, storyStatuses } from './planning.js';
import { settlementSpend } from './settlement.js';

/**
 * GET /dashboard?projectIdx=: every section of the dashboard in one answer, computed by a few
 * aggregate queries. Days are UTC `YYYYMMDD` codes (the same day the delay job uses); the week is
 * the ISO week (Monday to Sunday) that contains `today`.
 */
export const dashboardQuery = z.object({ projectIdx: idx });

/** Stories someone still works on: counted as open in workload and "my open stories". */
export const activeStoryStatuses = ['pending', 'inProgress', 'delayed'] as const;

/** Stories counted as still to do in the burn-down: accepted work, not yet completed. */
export const burnScopeStatuses = ['pending', 'inProgress', 'delayed', 'completed'] as const;

const countOf = z.object({ count: z.number().int(), point: z.number().int() });

export const dashboardStatusCount = countOf.extend({ status: z.enum(storyStatuses) });
export type DashboardStatusCount = z.infer<typeof dashboardStatusCount>;

export const dashboardMilestone = z.object({
  milestoneIdx: z.number().int(),
  title: z.string(),
  status: z.enum(milestoneStatuses),
  startDt: z.string().nullable(),
  endDt: z.string().nullable(),
  storyCount: z.number().int(),
  completedStoryCount: z.number().int(),
  /** When the client approved or rejected it (ISO instant), null while undecided. */
  decidedAt: z.string().nullable(),
});
export type DashboardMilestone = z.infer<typeof dashboardMilestone>;

export const dashboardEpic = z.object({
  epicIdx: z.number().int(),
  label: z.string(),
  colorCode: z.string().nullable(),
  storyCount: z.number().int(),
  completedStoryCount: z.number().int(),
  totalPoint: z.number().int(),
  completedPoint: z.number().int(),
  /** Percent 0–100, one decimal: done points / all points; by count when no story has points. */
  progress: z.number(),
});
export type DashboardEpic = z.infer<typeof dashboardEpic>;

/**
 * One day of the burn-down, only days on which something changed. `scope`: stories in
 * burnScopeStatuses at the end of that day; `done`: completed ones. Remaining = scope − done.
 * Values before the first point equal `start`.
 */
export const burnPoint = z.object({
  date: z.string(),
  scope: z.number().int(),
  done: z.number().int(),
});
export type BurnPoint = z.infer<typeof burnPoint>;

export const dashboardBurn = z.object({
  /** First day of the window (the earliest change, at most BURN_WINDOW_DAYS before today). */
  from: z.string(),
  to: z.string(),
  /** Values at the start of `from`, before its changes. */
  start: z.object({ scope: z.number().int(), done: z.number().int() }),
  points: z.array(burnPoint),
});
export type DashboardBurn = z.infer<typeof dashboardBurn>;
export const BURN_WINDOW_DAYS = 180;

export const deadlineItem = z.object({
  kind: z.enum(['story', 'milestone']),
  /** storyIdx or milestoneIdx. */
  idx: z.number().int(),
  title: z.string(),
  status: z.string(),
  endDt: z.string().nullable(),
});
export type DeadlineItem = z.infer<typeof deadlineItem>;
/** A few items and how many there are in all. */
const deadlineList = z.object({ total: z.number().int(), items: z.array(deadlineItem) });
export const DEADLINE_LIST_LIMIT = 8;
export const UPCOMING_DAYS = 14;

export const workloadRow = z.object({
  memberInProjectIdx: z.number().int(),
  /** The member's account id, for their profile popup (GET /member/profile). */
  memberIdx: z.number().int(),
  nickname: z.string(),
  colorCode: z.string(),
  profileFileIdx: z.number().int().nullable(),
  role: z.enum(projectRoles),
  openStoryCount: z.number().int(),
  minutesThisWeek: z.number().int(),
});
export type WorkloadRow = z.infer<typeof workloadRow>;

export const activityItem = z.object({
  historyIdx: z.number().int(),
  type: z.number().int(),
  storyIdx: z.number().int().nullable(),
  milestoneIdx: z.number().int().nullable(),
  /** The story's (else the milestone's) current title, or the last one known for a deleted item. */
  title: z.string(),
  /** Whether the story or milestone still exists (a link into the timeline makes sense). */
  exists: z.boolean(),
  actor: z.object({ memberInProjectIdx: z.number().int(), nickname: z.string() }).nullable(),
  /** The new status for status changes (8, 9), else null. */
  status: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItem>;
export const ACTIVITY_LIMIT = 15;

const storyRef = z.object({
  storyIdx: z.number().int(),
  title: z.string(),
  status: z.enum(storyStatuses),
  endDt: z.string().nullable(),
  milestoneIdx: z.number().int().nullable(),
});

export const dashboardResponse = z.object({
  projectIdx: z.number().int(),
  projectName: z.string(),
  projectStartDt: z.string().nullable(),
  projectEndDt: z.string().nullable(),
  /** UTC day the numbers were computed for, and the Monday of its week. */
  today: z.string(),
  weekStart: z.string(),
  viewer: z.object({
    memberInProjectIdx: z.number().int(),
    role: z.enum(projectRoles),
    /** A client-side member: the answer carries `approvals`; a professional's carries `mine`. */
    isClient: z.boolean(),
  }),
  totals: z.object({
    storyCount: z.number().int(),
    completedStoryCount: z.number().int(),
    totalPoint: z.number().int(),
    completedPoint: z.number().int(),
    /** Percent 0–100, one decimal, of stories in burn scope that are completed. */
    progress: z.number(),
    milestoneCount: z.number().int(),
    epicCount: z.number().int(),
    memberCount: z.number().int(),
    minutesThisWeek: z.number().int(),
  }),
  storiesByStatus: z.array(dashboardStatusCount),
  milestonesByStatus: z.array(z.object({ status: z.enum(milestoneStatuses), count: z.number().int() })),
  /** In timeline order. */
  milestones: z.array(dashboardMilestone),
  epics: z.array(dashboardEpic),
  burn: dashboardBurn,
  delayed: deadlineList,
  upcoming: deadlineList,
  workload: z.array(workloadRow),
  activity: z.array(activityItem),
  /** Client view: milestones waiting for the client's approval (status approving). */
  approvals: z.array(dashboardMilestone).nullable(),
  /** Professional view: the caller's own open stories (soonest end first) and hours this week. */
  mine: z
    .object({
      openStoryCount: z.number().int(),
      minutesThisWeek: z.number().int(),
      stories: z.array(storyRef),
    })
    .nullable(),
  /**
   * Client view: approved and paid gross of the current and the previous month per currency
   * (`spend`, oldest first; a month without any has no row). Other views: `spend` null.
   */
  settlement: z.object({ available: z.boolean(), spend: z.array(settlementSpend).nullable().optional() }),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
