import { and, asc, eq, sql } from 'drizzle-orm';
import { epics, stories, epicColumns } from '../../db/schema/index.js';
import type { RowOf } from '../../db/schema/columns.js';
import type { Db } from '../../infra/db.js';

export type EpicRow = RowOf<typeof epics>;
export type NewEpic = typeof epics.$inferInsert;

export function createEpicRepository(db: Db) {
  const done = sql`${stories.status} = 'completed'`;
  const progressColumns = {
    epic: epicColumns,
    storyCount: sql<number>`count(${stories.storyIdx})::int`,
    completedStoryCount: sql<number>`(count(${stories.storyIdx}) filter (where ${done}))::int`,
    totalPoint: sql<number>`coalesce(sum(${stories.point}), 0)::int`,
    completedPoint: sql<number>`coalesce(sum(${stories.point}) filter (where ${done}), 0)::int`,
  };
  return {
    async findById(epicIdx: number): Promise<EpicRow | null> {
      const [row] = await db.select(epicColumns).from(epics).where(eq(epics.epicIdx, epicIdx));
      return row ?? null;
    },
    async findInProject(projectIdx: number, epicIdx: number): Promise<EpicRow | null> {
      const [row] = await db
        .select(epicColumns)
        .from(epics)
        .where(and(eq(epics.projectIdx, projectIdx), eq(epics.epicIdx, epicIdx)));
      return row ?? null;
    },
    /** Every epic with the counts its progress comes from, in one grouped query. */
    async listWithProgress(projectIdx: number, epicIdx?: number) {
      return db
        .select(progressColumns)
        .from(epics)
        .leftJoin(stories, and(eq(stories.projectIdx, epics.projectIdx), eq(stories.epicIdx, epics.epicIdx)))
        .where(
          and(
            eq(epics.projectIdx, projectIdx),
            epicIdx === undefined ? undefined : eq(epics.epicIdx, epicIdx),
          ),
        )
        .groupBy(epics.epicIdx)
        .orderBy(asc(epics.epicIdx));
    },
    async count(projectIdx: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(epics)
        .where(eq(epics.projectIdx, projectIdx));
      return row?.n ?? 0;
    },
    async insert(row: NewEpic): Promise<EpicRow> {
      const [created] = await db.insert(epics).values(row).returning(epicColumns);
      return created!;
    },
    async update(projectIdx: number, epicIdx: number, patch: Partial<NewEpic>): Promise<EpicRow> {
      const [row] = await db
        .update(epics)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(epics.projectIdx, projectIdx), eq(epics.epicIdx, epicIdx)))
        .returning(epicColumns);
      return row!;
    },
    /** Detaches its stories first and returns them (the caller logs history 14 for each). */
    async delete(projectIdx: number, epicIdx: number) {
      const detached = await db
        .update(stories)
        .set({ epicIdx: null, updatedAt: new Date() })
        .where(and(eq(stories.projectIdx, projectIdx), eq(stories.epicIdx, epicIdx)))
        .returning({ storyIdx: stories.storyIdx, milestoneIdx: stories.milestoneIdx });
      await db.delete(epics).where(and(eq(epics.projectIdx, projectIdx), eq(epics.epicIdx, epicIdx)));
      return detached;
    },
  };
}
export type EpicRepository = ReturnType<typeof createEpicRepository>;
