import { and, asc, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import {
  githubConnections,
  milestones,
  stories,
  storyAssignees,
  milestoneColumns,
} from '../../db/schema/index.js';
import type { RowOf } from '../../db/schema/columns.js';
import type { Db } from '../../infra/db.js';

export type MilestoneRow = RowOf<typeof milestones>;
export type NewMilestone = typeof milestones.$inferInsert;

/** A milestone of the timeline: its revision, and its JSON when the caller did not have that revision. */
export interface TimelineMilestoneRow {
  milestoneIdx: number;
  revision: number;
  json: string | null;
}

export function createMilestoneRepository(db: Db) {
  /** The nearest order key after (or before) `key` in the project, ignoring the moved milestone. */
  async function neighbourKey(
    projectIdx: number,
    key: string,
    exceptIdx: number,
    direction: 'after' | 'before',
  ): Promise<string | null> {
    const [row] = await db
      .select({ key: milestones.orderKey })
      .from(milestones)
      .where(
        and(
          eq(milestones.projectIdx, projectIdx),
          direction === 'after' ? gt(milestones.orderKey, key) : lt(milestones.orderKey, key),
          ne(milestones.milestoneIdx, exceptIdx),
        ),
      )
      .orderBy(direction === 'after' ? asc(milestones.orderKey) : desc(milestones.orderKey))
      .limit(1);
    return row?.key ?? null;
  }
  return {
    /** By id alone: the caller learns the project from the row, then must be a member of it. */
    async findById(milestoneIdx: number): Promise<MilestoneRow | null> {
      const [row] = await db
        .select(milestoneColumns)
        .from(milestones)
        .where(eq(milestones.milestoneIdx, milestoneIdx));
      return row ?? null;
    },
    /** The project of a live milestone, for callers that need nothing else. */
    async projectOf(milestoneIdx: number): Promise<number | null> {
      const [row] = await db
        .select({ projectIdx: milestones.projectIdx })
        .from(milestones)
        .where(eq(milestones.milestoneIdx, milestoneIdx));
      return row?.projectIdx ?? null;
    },
    async findInProject(projectIdx: number, milestoneIdx: number): Promise<MilestoneRow | null> {
      const [row] = await db
        .select(milestoneColumns)
        .from(milestones)
        .where(and(eq(milestones.projectIdx, projectIdx), eq(milestones.milestoneIdx, milestoneIdx)));
      return row ?? null;
    },
    async lock(projectIdx: number, milestoneIdx: number): Promise<MilestoneRow | null> {
      const [row] = await db
        .select(milestoneColumns)
        .from(milestones)
        .where(and(eq(milestones.projectIdx, projectIdx), eq(milestones.milestoneIdx, milestoneIdx)))
        .for('update');
      return row ?? null;
    },
    async list(projectIdx: number): Promise<MilestoneRow[]> {
      return db
        .select(milestoneColumns)
        .from(milestones)
        .where(eq(milestones.projectIdx, projectIdx))
        .orderBy(asc(milestones.orderKey));
    },
    /**
     * The project's GitHub key (`SHOP`), shown with story numbers on the timeline; setting or
     * removing it bumps the planning version, so cached timelines follow.
     */
    async projectKey(projectIdx: number): Promise<string | null> {
      const [row] = await db
        .select({ key: githubConnections.projectKey })
        .from(githubConnections)
        .where(eq(githubConnections.projectIdx, projectIdx));
      return row?.key ?? null;
    },
    /**
     * The timeline's `milestones` array (`TimelineMilestone[]`) as JSON text, built by the database in
     * one statement: milestones in key order, each with its stories in key order (the
     * key) and their assignees ascending. One text value crosses to JavaScript
     * instead of a row per story, which is where a recomputed timeline spent its time (decoding rows
     * and making objects, then serialising them again).
     */
    /**
     * The project's milestones in order with their revisions, each with its timeline JSON (the
     * milestone and its stories in order) unless `known` already has that revision: one statement,
     * so the revisions and the JSON are of one moment. Each story's assignees by primary key.
     */
    async timelineMilestones(
      projectIdx: number,
      known: ReadonlyMap<number, number>,
    ): Promise<TimelineMilestoneRow[]> {
      const idxs = `{${[...known.keys()].join(',')}}`;
      const revisions = `{${[...known.values()].join(',')}}`;
      const result = (await db.execute(sql`
        select ms.milestone_idx as "milestoneIdx", ms.revision,
          case when ms.revision is not distinct from k.revision then null else (
            select row_to_json(t)::text from (
              select ms.milestone_idx as "milestoneIdx", ms.title, ms.status, ms.start_dt as "startDt",
                ms.end_dt as "endDt", ms.order_key as "orderKey", coalesce((
                  select json_agg(st order by st."orderKey") from (
                    select s.story_idx as "storyIdx", s.story_no as "storyNo", s.milestone_idx as "milestoneIdx",
                      s.epic_idx as "epicIdx", s.title, s.status, s.start_dt as "startDt", s.end_dt as "endDt",
                      coalesce((
                        select json_agg(a.member_in_project_idx order by a.member_in_project_idx)
                        from ${storyAssignees} a where a.story_idx = s.story_idx), '[]') as assignees,
                      s.point, s.order_key as "orderKey"
                    from ${stories} s
                    where s.project_idx = ms.project_idx and s.milestone_idx = ms.milestone_idx
                  ) st), '[]') as stories
            ) t) end as json
        from ${milestones} ms
          left join unnest(${idxs}::int[], ${revisions}::int[]) as k(idx, revision) on k.idx = ms.milestone_idx
        where ms.project_idx = ${projectIdx}
        order by ms.order_key`)) as { rows: TimelineMilestoneRow[] };
      return result.rows;
    },
    async insert(row: NewMilestone): Promise<MilestoneRow> {
      const [created] = await db.insert(milestones).values(row).returning(milestoneColumns);
      return created!;
    },
    async update(
      projectIdx: number,
      milestoneIdx: number,
      patch: Partial<NewMilestone>,
    ): Promise<MilestoneRow> {
      const [row] = await db
        .update(milestones)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(milestones.projectIdx, projectIdx), eq(milestones.milestoneIdx, milestoneIdx)))
        .returning(milestoneColumns);
      return row!;
    },
    async delete(projectIdx: number, milestoneIdx: number): Promise<void> {
      await db
        .delete(milestones)
        .where(and(eq(milestones.projectIdx, projectIdx), eq(milestones.milestoneIdx, milestoneIdx)));
    },
    // ---- order keys (callers hold the project's order lock) ----
    async lastKey(projectIdx: number, exceptIdx = 0): Promise<string | null> {
      const [row] = await db
        .select({ key: milestones.orderKey })
        .from(milestones)
        .where(and(eq(milestones.projectIdx, projectIdx), ne(milestones.milestoneIdx, exceptIdx)))
        .orderBy(desc(milestones.orderKey))
        .limit(1);
      return row?.key ?? null;
    },
    keyAfter: (projectIdx: number, key: string, exceptIdx: number) =>
      neighbourKey(projectIdx, key, exceptIdx, 'after'),
    keyBefore: (projectIdx: number, key: string, exceptIdx: number) =>
      neighbourKey(projectIdx, key, exceptIdx, 'before'),
  };
}
export type MilestoneRepository = ReturnType<typeof createMilestoneRepository>;
