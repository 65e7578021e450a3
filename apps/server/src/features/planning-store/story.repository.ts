import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  storyAssignees,
  stories,
  storyComments,
  members,
  membersInProject,
  projects,
  storyColumns,
} from '../../db/schema/index.js';
import type { RowOf } from '../../db/schema/columns.js';
import type { Db } from '../../infra/db.js';

export type StoryRow = RowOf<typeof stories>;
export type NewStory = typeof stories.$inferInsert;
export type StoryWithAssignees = StoryRow & { assignees: number[] };

/** The list a story sits in: a milestone, or the backlog (null). */
const inList = (projectIdx: number, milestoneIdx: number | null) =>
  and(
    eq(stories.projectIdx, projectIdx),
    milestoneIdx === null ? isNull(stories.milestoneIdx) : eq(stories.milestoneIdx, milestoneIdx),
  );

export function createStoryRepository(db: Db) {
  async function withAssignees(rows: StoryRow[]): Promise<StoryWithAssignees[]> {
    if (rows.length === 0) return [];
    const projectIdx = rows[0]!.projectIdx;
    const links = await db
      .select({ storyIdx: storyAssignees.storyIdx, idx: storyAssignees.memberInProjectIdx })
      .from(storyAssignees)
      .where(
        and(
          eq(storyAssignees.projectIdx, projectIdx),
          inArray(
            storyAssignees.storyIdx,
            rows.map((r) => r.storyIdx),
          ),
        ),
      )
      .orderBy(asc(storyAssignees.memberInProjectIdx));
    const byStory = new Map<number, number[]>();
    for (const l of links) byStory.set(l.storyIdx, [...(byStory.get(l.storyIdx) ?? []), l.idx]);
    return rows.map((r) => ({ ...r, assignees: byStory.get(r.storyIdx) ?? [] }));
  }
  const listWhere = async (where: SQL | undefined) =>
    withAssignees(
      await db
        .select(storyColumns)
        .from(stories)
        .where(where)
        .orderBy(asc(stories.orderKey), asc(stories.storyIdx)),
    );

  /** The nearest order key after (or before) `key` in one list, ignoring the moving story. */
  async function neighbourKey(
    projectIdx: number,
    milestoneIdx: number | null,
    key: string,
    exceptStoryIdx: number,
    direction: 'after' | 'before',
  ): Promise<string | null> {
    const [row] = await db
      .select({ key: stories.orderKey })
      .from(stories)
      .where(
        and(
          inList(projectIdx, milestoneIdx),
          direction === 'after' ? gt(stories.orderKey, key) : lt(stories.orderKey, key),
          ne(stories.storyIdx, exceptStoryIdx),
        ),
      )
      .orderBy(direction === 'after' ? asc(stories.orderKey) : desc(stories.orderKey))
      .limit(1);
    return row?.key ?? null;
  }

  return {
    /** By id alone: the caller learns the project from the row, then must be a member of it. */
    async findById(storyIdx: number): Promise<StoryWithAssignees | null> {
      const [row] = await db.select(storyColumns).from(stories).where(eq(stories.storyIdx, storyIdx));
      return row ? ((await withAssignees([row]))[0] ?? null) : null;
    },
    /** Row lock on the story until the transaction ends (concurrent edits and moves queue up). */
    async lock(projectIdx: number, storyIdx: number): Promise<StoryWithAssignees | null> {
      const [row] = await db
        .select(storyColumns)
        .from(stories)
        .where(and(eq(stories.projectIdx, projectIdx), eq(stories.storyIdx, storyIdx)))
        .for('update');
      return row ? ((await withAssignees([row]))[0] ?? null) : null;
    },
    /** The project of a live story: one indexed column, for callers that need nothing else. */
    async projectOf(storyIdx: number): Promise<number | null> {
      const [row] = await db
        .select({ projectIdx: stories.projectIdx })
        .from(stories)
        .where(eq(stories.storyIdx, storyIdx));
      return row?.projectIdx ?? null;
    },
    /** A live story by its number in the project (`SHOP-12` is number 12). */
    async findByNo(projectIdx: number, storyNo: number): Promise<StoryRow | null> {
      const [row] = await db
        .select(storyColumns)
        .from(stories)
        .where(and(eq(stories.projectIdx, projectIdx), eq(stories.storyNo, storyNo)));
      return row ?? null;
    },
    /** Ids of the project's live stories with these numbers (a number no story has is left out). */
    async idsByNo(projectIdx: number, storyNos: number[]): Promise<{ storyIdx: number; storyNo: number }[]> {
      if (storyNos.length === 0) return [];
      return db
        .select({ storyIdx: stories.storyIdx, storyNo: stories.storyNo })
        .from(stories)
        .where(and(eq(stories.projectIdx, projectIdx), inArray(stories.storyNo, storyNos)));
    },
    async findInProject(projectIdx: number, storyIdx: number): Promise<StoryRow | null> {
      const [row] = await db
        .select(storyColumns)
        .from(stories)
        .where(and(eq(stories.projectIdx, projectIdx), eq(stories.storyIdx, storyIdx)));
      return row ?? null;
    },
    listOfList: (projectIdx: number, milestoneIdx: number | null) =>
      listWhere(inList(projectIdx, milestoneIdx)),
    listOfEpic: (projectIdx: number, epicIdx: number | null) =>
      listWhere(
        and(
          eq(stories.projectIdx, projectIdx),
          epicIdx === null ? isNull(stories.epicIdx) : eq(stories.epicIdx, epicIdx),
        ),
      ),
    /** Inserts a story with the project's next number (`storyNo`), taken by an atomic increment. */
    async insert(row: Omit<NewStory, 'storyNo'>, assignees: number[]): Promise<StoryWithAssignees> {
      const [counter] = await db
        .update(projects)
        .set({ nextStoryNo: sql`${projects.nextStoryNo} + 1` })
        .where(eq(projects.projectIdx, row.projectIdx))
        .returning({ next: projects.nextStoryNo });
      const storyNo = counter!.next - 1;
      const [created] = await db
        .insert(stories)
        .values({ ...row, storyNo })
        .returning(storyColumns);
      if (assignees.length > 0)
        await db.insert(storyAssignees).values(
          assignees.map((idx) => ({
            storyIdx: created!.storyIdx,
            memberInProjectIdx: idx,
            projectIdx: row.projectIdx,
          })),
        );
      return { ...created!, assignees: [...assignees].sort((a, b) => a - b) };
    },
    async update(projectIdx: number, storyIdx: number, patch: Partial<NewStory>): Promise<StoryRow> {
      const [row] = await db
        .update(stories)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(stories.projectIdx, projectIdx), eq(stories.storyIdx, storyIdx)))
        .returning(storyColumns);
      return row!;
    },
    async setAssignees(projectIdx: number, storyIdx: number, idxs: number[]): Promise<void> {
      await db
        .delete(storyAssignees)
        .where(and(eq(storyAssignees.projectIdx, projectIdx), eq(storyAssignees.storyIdx, storyIdx)));
      if (idxs.length > 0)
        await db
          .insert(storyAssignees)
          .values(idxs.map((idx) => ({ storyIdx, memberInProjectIdx: idx, projectIdx })));
    },
    async delete(projectIdx: number, storyIdx: number): Promise<void> {
      await db.delete(stories).where(and(eq(stories.projectIdx, projectIdx), eq(stories.storyIdx, storyIdx)));
    },

    // ---- order keys (callers hold the project's order lock) ----
    async lastKey(
      projectIdx: number,
      milestoneIdx: number | null,
      exceptStoryIdx = 0,
    ): Promise<string | null> {
      const [row] = await db
        .select({ key: stories.orderKey })
        .from(stories)
        .where(and(inList(projectIdx, milestoneIdx), ne(stories.storyIdx, exceptStoryIdx)))
        .orderBy(desc(stories.orderKey))
        .limit(1);
      return row?.key ?? null;
    },
    /** The key right after `key` in the list (skipping the moving story), or null at the end. */
    keyAfter: (projectIdx: number, milestoneIdx: number | null, key: string, exceptStoryIdx: number) =>
      neighbourKey(projectIdx, milestoneIdx, key, exceptStoryIdx, 'after'),
    keyBefore: (projectIdx: number, milestoneIdx: number | null, key: string, exceptStoryIdx: number) =>
      neighbourKey(projectIdx, milestoneIdx, key, exceptStoryIdx, 'before'),

    /** Projects that have open stories past their end date (the partial index story_open_end_idx). */
    async projectsWithOverdue(today: string): Promise<number[]> {
      const rows = await db
        .selectDistinct({ projectIdx: stories.projectIdx })
        .from(stories)
        .where(
          and(
            sql`${stories.status} in ('pending', 'inProgress')`,
            sql`${stories.endDt} is not null`,
            lt(stories.endDt, today),
          ),
        );
      return rows.map((r) => r.projectIdx);
    },

    /**
     * One project's open stories whose end date has passed become delayed, with history 9, in one
     * statement: a second run (another instance) finds nothing left to move, and a row another run
     * holds is skipped rather than moved twice.
     */
    async markOverdueDelayed(projectIdx: number, today: string) {
      const result = await db.execute(sql`
        with due as (
          select story_idx, status from ${stories}
          where project_idx = ${projectIdx} and status in ('pending', 'inProgress')
            and end_dt is not null and end_dt < ${today}
          for update skip locked
        ), moved as (
          update ${stories} s set status = 'delayed', updated_at = now()
          from due where s.story_idx = due.story_idx
          returning s.story_idx, s.project_idx, s.milestone_idx, due.status as before_status
        ), logged as (
          insert into history (project_idx, story_idx, milestone_idx, type, actor_idx, before, after)
          select project_idx, story_idx, milestone_idx, 9, null,
                 jsonb_build_object('status', before_status), jsonb_build_object('status', 'delayed')
          from moved
          returning history_idx
        )
        select story_idx, project_idx, milestone_idx, before_status from moved`);
      const { rows } = result as {
        rows: {
          story_idx: number;
          project_idx: number;
          milestone_idx: number | null;
          before_status: string;
        }[];
      };
      return rows.map((r) => ({
        storyIdx: Number(r.story_idx),
        projectIdx: Number(r.project_idx),
        milestoneIdx: r.milestone_idx === null ? null : Number(r.milestone_idx),
        before: r.before_status,
      }));
    },

    // ---- comments ----
    async comments(projectIdx: number, storyIdx: number) {
      return db
        .select({
          commentIdx: storyComments.commentIdx,
          storyIdx: storyComments.storyIdx,
          memberInProjectIdx: storyComments.memberInProjectIdx,
          nickname: members.nickname,
          content: storyComments.content,
          createdAt: storyComments.createdAt,
        })
        .from(storyComments)
        .innerJoin(
          membersInProject,
          eq(membersInProject.memberInProjectIdx, storyComments.memberInProjectIdx),
        )
        .innerJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
        .where(and(eq(storyComments.projectIdx, projectIdx), eq(storyComments.storyIdx, storyIdx)))
        .orderBy(asc(storyComments.commentIdx));
    },
    async insertComment(row: typeof storyComments.$inferInsert) {
      const [created] = await db.insert(storyComments).values(row).returning();
      return created!;
    },
  };
}
export type StoryRepository = ReturnType<typeof createStoryRepository>;
