import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db.js';

/** What an AI document reads of a project for a period (`YYYYMMDD` codes, inclusive). */
export interface ProjectActivity {
  projectName: string;
  completed: { key: number; title: string; endDt: string | null }[];
  delayed: { key: number; title: string; endDt: string | null; status: string }[];
  inProgress: { key: number; title: string; endDt: string | null }[];
  upcoming: { key: number; title: string; startDt: string | null }[];
  milestones: {
    title: string;
    status: string;
    startDt: string | null;
    endDt: string | null;
    done: number;
    total: number;
  }[];
  decisions: { title: string; status: string }[];
  hours: { nickname: string; minutes: number }[];
  requests: { title: string; status: string; dueDt: string }[];
  changes: number;
}

const toDate = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 6)}-${code.slice(6, 8)}`;

/** One read of a project's activity: stories, milestones, approvals, time and requests of the period. */
export function createActivityRepository(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute<Record<string, unknown>>(query)) as { rows: T[] }).rows;

  return {
    async read(projectIdx: number, from: string, to: string, referenceDt: string): Promise<ProjectActivity> {
      const start = toDate(from);
      const endExclusive = sql`(${toDate(to)}::date + 1)`;
      const [project] = await rows<{ name: string }>(
        sql`select name from project where project_idx = ${projectIdx}`,
      );
      const completed = await rows<ProjectActivity['completed'][number]>(sql`
        select story_no as key, title, end_dt as "endDt" from story
        where project_idx = ${projectIdx} and status = 'completed'
          and updated_at >= ${start}::date and updated_at < ${endExclusive}
        order by updated_at limit 100`);
      const delayed = await rows<ProjectActivity['delayed'][number]>(sql`
        select story_no as key, title, end_dt as "endDt", status from story
        where project_idx = ${projectIdx} and (status = 'delayed'
          or (status in ('pending', 'inProgress') and end_dt is not null and end_dt < ${referenceDt}))
        order by end_dt nulls last limit 100`);
      const inProgress = await rows<ProjectActivity['inProgress'][number]>(sql`
        select story_no as key, title, end_dt as "endDt" from story
        where project_idx = ${projectIdx} and status = 'inProgress' order by end_dt nulls last limit 100`);
      const upcoming = await rows<ProjectActivity['upcoming'][number]>(sql`
        select story_no as key, title, start_dt as "startDt" from story
        where project_idx = ${projectIdx} and status = 'pending' and start_dt > ${referenceDt}
          and start_dt <= to_char(${toDate(referenceDt)}::date + 14, 'YYYYMMDD')
        order by start_dt limit 100`);
      const milestones = await rows<ProjectActivity['milestones'][number]>(sql`
        select m.title, m.status, m.start_dt as "startDt", m.end_dt as "endDt",
          count(s.story_idx) filter (where s.status = 'completed')::int as done,
          count(s.story_idx) filter (where s.status <> 'rejected')::int as total
        from milestone m left join story s on s.milestone_idx = m.milestone_idx
        where m.project_idx = ${projectIdx}
          and (m.start_dt is null or m.start_dt <= ${to}) and (m.end_dt is null or m.end_dt >= ${from})
        group by m.milestone_idx order by m.order_key limit 100`);
      const decisions = await rows<ProjectActivity['decisions'][number]>(sql`
        select title, status from milestone
        where project_idx = ${projectIdx} and decided_at >= ${start}::date and decided_at < ${endExclusive}
        order by decided_at limit 100`);
      const hours = await rows<ProjectActivity['hours'][number]>(sql`
        select m.nickname, sum(t.minutes)::int as minutes
        from timekeeping t
        join member_in_project mip on mip.member_in_project_idx = t.member_in_project_idx
        join member m on m.member_idx = mip.member_idx
        where t.project_idx = ${projectIdx} and t.work_dt >= ${from} and t.work_dt <= ${to}
        group by m.nickname order by minutes desc limit 100`);
      const requests = await rows<ProjectActivity['requests'][number]>(sql`
        select title, status, due_dt as "dueDt" from request
        where project_idx = ${projectIdx} and created_at >= ${start}::date and created_at < ${endExclusive}
        order by created_at limit 100`);
      const [changes] = await rows<{ n: number }>(sql`
        select count(*)::int as n from history
        where project_idx = ${projectIdx} and created_at >= ${start}::date and created_at < ${endExclusive}`);
      return {
        projectName: project?.name ?? '',
        completed,
        delayed,
        inProgress,
        upcoming,
        milestones,
        decisions,
        hours,
        requests,
        changes: changes?.n ?? 0,
      };
    },
  };
}
export type ActivityRepository = ReturnType<typeof createActivityRepository>;
