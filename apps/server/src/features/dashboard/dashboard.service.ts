import {
  shiftMonth,
  BURN_WINDOW_DAYS,
  burnScopeStatuses,
  milestoneStatuses,
  storyStatuses,
  UPCOMING_DAYS,
  type BurnPoint,
  type DashboardMilestone,
  type DashboardResponse,
  type MilestoneStatus,
  type StoryStatus,
} from '@teamline/contract';
import { addDays } from '../../infra/clock.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { Services } from '../../platform/services.js';
import type { PlanningVersionReader } from '../planning-store/planning-version-cache.js';
import type { DashboardRepository } from './dashboard.repository.js';
import { monthOf, spendOf } from '../settlement/settlement-months.js';
import { PROFILE_CHANGED } from '../member/profile-cache.js';
import { toDeadline } from './dashboard.presenter.js';

/** A UTC day as `YYYYMMDD`. */
export const dayCode = (date: Date): string => date.toISOString().slice(0, 10).replaceAll('-', '');

/** Monday and Sunday (UTC) of the ISO week containing `now`. */
export function isoWeekOf(now: Date): { weekStart: string; weekEnd: string } {
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const monday = addDays(now, -sinceMonday);
  return { weekStart: dayCode(monday), weekEnd: dayCode(addDays(monday, 6)) };
}

const percent = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * Burn-down points from per-day net changes, anchored on today's real counts: the value at the
 * end of a day is today's value minus every change after that day. Anchoring on the present keeps
 * the line honest even where old rows have no history. Loops over days, not over stories.
 */
export function burnFromDeltas(
  current: { scope: number; done: number },
  deltas: { day: string; scope_delta: number; done_delta: number }[],
): { start: { scope: number; done: number }; points: BurnPoint[] } {
  const points: BurnPoint[] = [];
  let scope = current.scope;
  let done = current.done;
  for (let i = deltas.length - 1; i >= 0; i--) {
    const d = deltas[i]!;
    points.push({ date: d.day, scope, done });
    scope -= Number(d.scope_delta);
    done -= Number(d.done_delta);
  }
  return { start: { scope, done }, points: points.reverse() };
}

/** Projects whose planning sections are kept in memory (newest version of each only). */
const CACHE_PROJECTS = 500;

export function createDashboardService(
  ctx: AppContext,
  repo: DashboardRepository,
  projectRepo: Pick<Services['projectRepo'], 'findById'>,
  authz: Authorization<MembershipRow>,
  versions: PlanningVersionReader,
  settlements: Services['settlementSpend'],
) {
  type MyRows = Awaited<ReturnType<DashboardRepository['myStories']>>;
  type ActivityRows = Awaited<ReturnType<DashboardRepository['activity']>>;
  type PlanningPart = Awaited<ReturnType<typeof computePlanning>> & {
    version: number;
    today: string;
    /** "My stories" of each member who asked, filled on demand (planning data too). */
    mine: Map<number, MyRows>;
    /**
     * The newest history records, filled on demand and kept while the project's newest history
     * record is the same one (a comment writes history without a planning change). Titles are
     * planning data; the actors' nicknames are member data, so a changed profile (any member's)
     * empties it.
     */
    activity: { newest: number; rows: ActivityRows } | null;
  };
  const cache = new Map<number, PlanningPart>();
  /** Counts profile changes, so a read that raced one does not keep its older nicknames. */
  let profileChanges = 0;
  ctx.pubsub.subscribe((event) => {
    if (event.type !== PROFILE_CHANGED) return;
    profileChanges++;
    for (const part of cache.values()) part.activity = null;
  });

  /** The sections that only planning writes change (stories, milestones, epics, their history). */
  async function computePlanning(projectIdx: number, now: Date) {
    const today = dayCode(now);
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [statusRows, milestoneRows, epicRows, deltas, delayedRows, upcomingRows, openRows] =
      await Promise.all([
        repo.statusCounts(projectIdx),
        repo.milestones(projectIdx),
        repo.epics(projectIdx),
        repo.burnDeltas(projectIdx, addDays(midnight, -BURN_WINDOW_DAYS)),
        repo.delayed(projectIdx, today),
        repo.upcoming(projectIdx, today, dayCode(addDays(now, UPCOMING_DAYS))),
        repo.openCounts(projectIdx),
      ]);
    const countOf = (only: readonly string[]) =>
      statusRows.filter((r) => only.includes(r.status)).reduce((a, r) => a + Number(r.count), 0);
    const burn = burnFromDeltas({ scope: countOf(burnScopeStatuses), done: countOf(['completed']) }, deltas);
    const openStories = new Map(openRows.map((r) => [Number(r.member_in_project_idx), Number(r.n)]));
    return { statusRows, milestoneRows, epicRows, burn, delayedRows, upcomingRows, openStories };
  }

  /**
   * Every planning write bumps the project's planning version in its own transaction (the delay
   * job too), so these sections are reused until the version or the day changes. Like the timeline
   * cache, a result is kept only if no write committed while it was being read.
   */
  async function planningOf(projectIdx: number, now: Date): Promise<PlanningPart> {
    const today = dayCode(now);
    const version = await versions.current(projectIdx);
    const hit = cache.get(projectIdx);
    if (hit && hit.version === version && hit.today === today) return hit;
    const part = {
      ...(await computePlanning(projectIdx, now)),
      version,
      today,
      mine: new Map(),
      activity: null,
    };
    if ((await versions.current(projectIdx)) === version) {
      cache.delete(projectIdx);
      cache.set(projectIdx, part);
      if (cache.size > CACHE_PROJECTS) cache.delete(cache.keys().next().value!);
    }
    return part;
  }

  async function activityOf(projectIdx: number, planning: PlanningPart): Promise<ActivityRows> {
    const seen = profileChanges;
    const newest = await repo.newestHistoryIdx(projectIdx);
    if (planning.activity?.newest === newest) return planning.activity.rows;
    const rows = await repo.activity(projectIdx);
    if (seen === profileChanges) planning.activity = { newest, rows };
    return rows;
  }

  return {
    async get(actor: Actor, projectIdx: number): Promise<DashboardResponse> {
      // Membership first, and the same 403 whether the project exists or not.
      const m = await authz.authorize(actor, 'planning.view', projectIdx);
      const project = await projectRepo.findById(projectIdx);
      if (!project) throw new AppError('PROJECT_ACCESS_DENIED');
      // The client view: who may not edit the plan sees no "my stories".
      const isClient = !authz.allows(m, 'planning.edit');

      const now = ctx.clock.now();
      const today = dayCode(now);
      const { weekStart, weekEnd } = isoWeekOf(now);

      // Time entries and members change without a planning version: always read fresh.
      const month = monthOf(now);
      const [[planning, activityRows], workloadRows, decided] = await Promise.all([
        // The activity is kept on the planning part, and read beside the workload on PostgreSQL.
        planningOf(projectIdx, now).then(async (part) => [part, await activityOf(projectIdx, part)] as const),
        repo.workload(projectIdx, weekStart, weekEnd),
        // The client view's spend: approved and paid settlements of this month and the previous one
        // (a client sees every settlement of the project).
        isClient ? settlements.decidedInMonths(projectIdx, shiftMonth(month, -1), month) : null,
      ]);
      const { statusRows, milestoneRows, epicRows, burn, delayedRows, upcomingRows, openStories } = planning;
      // Read after the planning part's version was seen, so these rows are of that version or newer;
      // newer rows come with a newer version, which replaces the whole part at the next call.
      let myRows: MyRows | null = null;
      if (!isClient) {
        myRows = planning.mine.get(m.memberInProjectIdx) ?? null;
        if (!myRows) {
          myRows = await repo.myStories(projectIdx, m.memberInProjectIdx);
          planning.mine.set(m.memberInProjectIdx, myRows);
        }
      }

      const byStatus = new Map(statusRows.map((r) => [r.status, r]));
      const storiesByStatus = storyStatuses.map((status) => ({
        status,
        count: Number(byStatus.get(status)?.count ?? 0),
        point: Number(byStatus.get(status)?.point ?? 0),
      }));
      const sum = (pick: (r: (typeof storiesByStatus)[number]) => number, only?: readonly StoryStatus[]) =>
        storiesByStatus.filter((r) => !only || only.includes(r.status)).reduce((a, r) => a + pick(r), 0);
      const completed = byStatus.get('completed');
      const scopeCount = sum((r) => r.count, burnScopeStatuses);
      const completedCount = Number(completed?.count ?? 0);

      const milestones: DashboardMilestone[] = milestoneRows.map((r) => ({
        milestoneIdx: Number(r.milestone_idx),
        title: r.title,
        status: r.status as MilestoneStatus,
        startDt: r.start_dt,
        endDt: r.end_dt,
        storyCount: Number(r.story_count),
        completedStoryCount: Number(r.completed_story_count),
        decidedAt: iso(r.decided_at),
      }));
      const milestoneCounts = new Map<string, number>();
      for (const ms of milestones) milestoneCounts.set(ms.status, (milestoneCounts.get(ms.status) ?? 0) + 1);

      // Clients are listed only when they carry work (they usually don't).
      const workload = workloadRows
        .map((r) => ({
          memberInProjectIdx: Number(r.member_in_project_idx),
          memberIdx: Number(r.member_idx),
          nickname: r.nickname,
          colorCode: r.color_code,
          profileFileIdx: r.profile_file_idx === null ? null : Number(r.profile_file_idx),
          role: r.role,
          openStoryCount: openStories.get(Number(r.member_in_project_idx)) ?? 0,
          minutesThisWeek: Number(r.minutes_this_week),
        }))
        .filter((w) => w.role !== 'client' || w.openStoryCount > 0 || w.minutesThisWeek > 0)
        .sort(
          (a, b) =>
            b.openStoryCount - a.openStoryCount ||
            b.minutesThisWeek - a.minutesThisWeek ||
            a.memberInProjectIdx - b.memberInProjectIdx,
        );
      const me = workload.find((w) => w.memberInProjectIdx === m.memberInProjectIdx);

      return {
        projectIdx,
        projectName: project.name,
        projectStartDt: project.startDt,
        projectEndDt: project.endDt,
        today,
        weekStart,
        viewer: { memberInProjectIdx: m.memberInProjectIdx, role: m.role, isClient },
        totals: {
          storyCount: sum((r) => r.count),
          completedStoryCount: completedCount,
          totalPoint: sum((r) => r.point, burnScopeStatuses),
          completedPoint: Number(completed?.point ?? 0),
          progress: percent(completedCount, scopeCount),
          // Counted from the rows above: milestones and epics of the planning part, active members.
          milestoneCount: milestoneRows.length,
          epicCount: epicRows.length,
          memberCount: workloadRows.length,
          minutesThisWeek: Number(workloadRows[0]?.project_minutes_this_week ?? 0),
        },
        storiesByStatus,
        milestonesByStatus: milestoneStatuses.map((status) => ({
          status,
          count: milestoneCounts.get(status) ?? 0,
        })),
        milestones,
        epics: epicRows.map((r) => {
          const totalPoint = Number(r.total_point);
          const storyCount = Number(r.story_count);
          const completedPoint = Number(r.completed_point);
          const completedStoryCount = Number(r.completed_story_count);
          return {
            epicIdx: Number(r.epic_idx),
            label: r.label,
            colorCode: r.color_code,
            storyCount,
            completedStoryCount,
            totalPoint,
            completedPoint,
            progress:
              totalPoint > 0 ? percent(completedPoint, totalPoint) : percent(completedStoryCount, storyCount),
          };
        }),
        burn: {
          from: burn.points[0]?.date ?? today,
          to: today,
          start: burn.start,
          points: burn.points,
        },
        delayed: { total: Number(delayedRows[0]?.total ?? 0), items: delayedRows.map(toDeadline) },
        upcoming: { total: Number(upcomingRows[0]?.total ?? 0), items: upcomingRows.map(toDeadline) },
        workload,
        activity: activityRows.map((r) => ({
          historyIdx: Number(r.history_idx),
          type: Number(r.type),
          storyIdx: r.story_idx === null ? null : Number(r.story_idx),
          milestoneIdx: r.milestone_idx === null ? null : Number(r.milestone_idx),
          title: r.title ?? '',
          exists: Boolean(r.exists),
          actor:
            r.actor_idx === null
              ? null
              : { memberInProjectIdx: Number(r.actor_idx), nickname: r.nickname ?? '' },
          status: r.status,
          createdAt: iso(r.created_at)!,
        })),
        approvals: isClient ? milestones.filter((ms) => ms.status === 'approving') : null,
        mine: myRows
          ? {
              openStoryCount: Number(myRows[0]?.total ?? 0),
              minutesThisWeek: me?.minutesThisWeek ?? 0,
              stories: myRows.map((r) => ({
                storyIdx: Number(r.story_idx),
                title: r.title,
                status: r.status as StoryStatus,
                endDt: r.end_dt,
                milestoneIdx: r.milestone_idx === null ? null : Number(r.milestone_idx),
              })),
            }
          : null,
        settlement: { available: true, spend: decided ? spendOf(decided) : null },
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
