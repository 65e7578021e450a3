import {
  ACTIVITY_LIMIT,
  activeStoryStatuses,
  burnScopeStatuses,
  DEADLINE_LIST_LIMIT,
  historyTypes,
} from '@teamline/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db.js';

/**
 * The dashboard's aggregate queries. Each one is a single statement that groups in the database
 * (no per-row work in JavaScript), and each is bounded by the project's indexes on project_idx.
 */

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const ACTIVE = list(activeStoryStatuses);
const SCOPE = list(burnScopeStatuses);
/** History records that can change a story's status: creation, status moves and deletion. */
const STATUS_TYPES = sql.join(
  [historyTypes.created, historyTypes.status, historyTypes.autoStatus, historyTypes.deleted].map(
    (v) => sql`${v}`,
  ),
  sql`, `,
);

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute<Record<string, unknown>>(query)) as { rows: T[] };
  return result.rows;
}

export interface DeadlineRow {
  kind: 'story' | 'milestone';
  idx: number;
  title: string;
  status: string;
  end_dt: string | null;
  total: number;
}

export function createDashboardRepository(db: Db) {
  return {
    async statusCounts(projectIdx: number) {
      return rowsOf<{ status: string; count: number; point: number }>(
        db,
        sql`select status, count(*)::int as count, coalesce(sum(point), 0)::int as point
            from story where project_idx = ${projectIdx} group by status`,
      );
    },

    /** Milestones in timeline order with the counts of their stories. */
    async milestones(projectIdx: number) {
      return rowsOf<{
        milestone_idx: number;
        title: string;
        status: string;
        start_dt: string | null;
        end_dt: string | null;
        decided_at: Date | string | null;
        story_count: number;
        completed_story_count: number;
      }>(
        db,
        // Joined and grouped per milestone (not a grouped subquery joined afterwards): each milestone
        // reads its stories through the (project, milestone, order) index whatever the statistics say.
        sql`select m.milestone_idx, m.title, m.status, m.start_dt, m.end_dt, m.decided_at,
                   count(s.story_idx)::int as story_count,
                   (count(s.story_idx) filter (where s.status = 'completed'))::int as completed_story_count
            from milestone m
            left join story s on s.project_idx = m.project_idx and s.milestone_idx = m.milestone_idx
            where m.project_idx = ${projectIdx}
            group by m.milestone_idx
            order by m.order_key`,
      );
    },

    async epics(projectIdx: number) {
      return rowsOf<{
        epic_idx: number;
        label: string;
        color_code: string | null;
        story_count: number;
        completed_story_count: number;
        total_point: number;
        completed_point: number;
      }>(
        db,
        sql`select e.epic_idx, e.label, e.color_code,
                   count(s.story_idx)::int as story_count,
                   (count(s.story_idx) filter (where s.status = 'completed'))::int as completed_story_count,
                   coalesce(sum(s.point), 0)::int as total_point,
                   coalesce(sum(s.point) filter (where s.status = 'completed'), 0)::int as completed_point
            from epic e
            left join story s on s.project_idx = e.project_idx and s.epic_idx = e.epic_idx
            where e.project_idx = ${projectIdx}
            group by e.epic_idx
            order by e.epic_idx`,
      );
    },

    /**
     * Net change per UTC day since `since` of the stories in burn scope and of the completed ones,
     * read from the status each history record moved a story from (`before`) and to (`after`).
     */
    async burnDeltas(projectIdx: number, since: Date) {
      const inScope = (side: SQL) => sql`case when ${side} ->> 'status' in (${SCOPE}) then 1 else 0 end`;
      const isDone = (side: SQL) => sql`case when ${side} ->> 'status' = 'completed' then 1 else 0 end`;
      return rowsOf<{ day: string; scope_delta: number; done_delta: number }>(
        db,
        sql`select to_char(created_at at time zone 'UTC', 'YYYYMMDD') as day,
                   sum(${inScope(sql`after`)} - ${inScope(sql`before`)})::int as scope_delta,
                   sum(${isDone(sql`after`)} - ${isDone(sql`before`)})::int as done_delta
            from history
            where project_idx = ${projectIdx} and story_idx is not null
              and type in (${STATUS_TYPES}) and created_at >= ${since.toISOString()}
            group by 1
            order by 1`,
      );
    },

    /** Late work: delayed stories (or open ones past their end before the job ran) and late milestones. */
    async delayed(projectIdx: number, today: string) {
      return rowsOf<DeadlineRow>(
        db,
        sql`with d as (
              select 'story' as kind, story_idx as idx, title, status, end_dt from story
              where project_idx = ${projectIdx}
                and (status = 'delayed' or (status in ('pending', 'inProgress') and end_dt < ${today}))
              union all
              select 'milestone', milestone_idx, title, status, end_dt from milestone
              where project_idx = ${projectIdx}
                and (status = 'delayed'
                     or (status in ('pending', 'inProgress', 'rejected') and end_dt < ${today}))
            )
            select kind, idx, title, status, end_dt, (count(*) over ())::int as total
            from d order by end_dt nulls last, kind desc, idx
            limit ${DEADLINE_LIST_LIMIT}`,
      );
    },

    /** Open stories and milestones ending between today and `until` (inclusive). */
    async upcoming(projectIdx: number, today: string, until: string) {
      return rowsOf<DeadlineRow>(
        db,
        sql`with d as (
              select 'story' as kind, story_idx as idx, title, status, end_dt from story
              where project_idx = ${projectIdx} and status in ('pending', 'inProgress')
                and end_dt >= ${today} and end_dt <= ${until}
              union all
              select 'milestone', milestone_idx, title, status, end_dt from milestone
              where project_idx = ${projectIdx} and status in ('pending', 'inProgress', 'rejected')
                and end_dt >= ${today} and end_dt <= ${until}
            )
            select kind, idx, title, status, end_dt, (count(*) over ())::int as total
            from d order by end_dt, kind desc, idx
            limit ${DEADLINE_LIST_LIMIT}`,
      );
    },

    /** Open assigned stories per member (planning data: reused until the planning version changes). */
    async openCounts(projectIdx: number) {
      return rowsOf<{ member_in_project_idx: number; n: number }>(
        db,
        sql`select a.member_in_project_idx, count(*)::int as n
            from story_assignee a join story s on s.story_idx = a.story_idx
            where a.project_idx = ${projectIdx} and s.status in (${ACTIVE})
            group by a.member_in_project_idx`,
      );
    },

    /**
     * Active members with the minutes they logged in [weekStart, weekEnd]; the service adds their
     * open stories (openCounts), leaves out clients without work and orders them.
     */
    async workload(projectIdx: number, weekStart: string, weekEnd: string) {
      return rowsOf<{
        member_in_project_idx: number;
        member_idx: number;
        nickname: string;
        color_code: string;
        profile_file_idx: number | null;
        role: 'admin' | 'depth1' | 'depth2' | 'client';
        minutes_this_week: number;
        project_minutes_this_week: number;
      }>(
        db,
        // The project's minutes of the week ride along on every row (members who left count too), so
        // the totals need no statement of their own: one statement less on PGlite's one thread.
        sql`select mip.member_in_project_idx, mip.member_idx, m.nickname, m.color_code, m.profile_file_idx, mip.role,
                   coalesce(t.minutes, 0)::int as minutes_this_week,
                   (select coalesce(sum(minutes), 0) from timekeeping
                     where project_idx = ${projectIdx} and work_dt >= ${weekStart} and work_dt <= ${weekEnd}
                   )::int as project_minutes_this_week
            from member_in_project mip
            join member m on m.member_idx = mip.member_idx
            left join (
              select member_in_project_idx, sum(minutes) as minutes
              from timekeeping
              where project_idx = ${projectIdx} and work_dt >= ${weekStart} and work_dt <= ${weekEnd}
              group by member_in_project_idx
            ) t on t.member_in_project_idx = mip.member_in_project_idx
            where mip.project_idx = ${projectIdx} and mip.removed_at is null`,
      );
    },

    /** The id of the project's newest history record (0 when none): the activity's version. */
    async newestHistoryIdx(projectIdx: number): Promise<number> {
      const [row] = await rowsOf<{ n: number | null }>(
        db,
        sql`select max(history_idx) as n from history where project_idx = ${projectIdx}`,
      );
      return Number(row?.n ?? 0);
    },

    /** The newest history records with who did it and the current (or last known) title. */
    async activity(projectIdx: number) {
      return rowsOf<{
        history_idx: number;
        type: number;
        story_idx: number | null;
        milestone_idx: number | null;
        actor_idx: number | null;
        nickname: string | null;
        status: string | null;
        title: string | null;
        exists: boolean;
        created_at: Date | string;
      }>(
        db,
        sql`select h.history_idx, h.type, h.story_idx, h.milestone_idx, h.actor_idx, mem.nickname,
                   case when h.type in (${historyTypes.status}, ${historyTypes.autoStatus})
                        then h.after ->> 'status' end as status,
                   coalesce(
                     s.title, ms.title, h.before ->> 'title', h.after ->> 'title',
                     (select d.before ->> 'title' from history d
                       where d.project_idx = h.project_idx and d.story_idx = h.story_idx
                         and d.type = ${historyTypes.deleted} limit 1)
                   ) as title,
                   (s.story_idx is not null or ms.milestone_idx is not null) as exists,
                   h.created_at
            from (
              select * from history where project_idx = ${projectIdx}
              order by history_idx desc limit ${ACTIVITY_LIMIT}
            ) h
            left join story s on s.story_idx = h.story_idx and s.project_idx = h.project_idx
            left join milestone ms
              on h.story_idx is null and ms.milestone_idx = h.milestone_idx and ms.project_idx = h.project_idx
            left join member_in_project mip on mip.member_in_project_idx = h.actor_idx
            left join member mem on mem.member_idx = mip.member_idx
            order by h.history_idx desc`,
      );
    },

    /** The caller's open assigned stories, soonest end first, with how many there are in all. */
    async myStories(projectIdx: number, memberInProjectIdx: number) {
      return rowsOf<{
        story_idx: number;
        title: string;
        status: string;
        end_dt: string | null;
        milestone_idx: number | null;
        total: number;
      }>(
        db,
        sql`select s.story_idx, s.title, s.status, s.end_dt, s.milestone_idx,
                   (count(*) over ())::int as total
            from story_assignee a join story s on s.story_idx = a.story_idx
            where a.project_idx = ${projectIdx} and a.member_in_project_idx = ${memberInProjectIdx}
              and s.status in (${ACTIVE})
            order by s.end_dt nulls last, s.story_idx
            limit ${DEADLINE_LIST_LIMIT}`,
      );
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
