import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { timekeepings } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type TimekeepingRow = typeof timekeepings.$inferSelect;

export function createTimekeepingRepository(db: Db) {
  return {
    async insert(row: typeof timekeepings.$inferInsert): Promise<TimekeepingRow> {
      const [created] = await db.insert(timekeepings).values(row).returning();
      return created!;
    },
    async listOfStory(projectIdx: number, storyIdx: number): Promise<TimekeepingRow[]> {
      return db
        .select()
        .from(timekeepings)
        .where(and(eq(timekeepings.projectIdx, projectIdx), eq(timekeepings.storyIdx, storyIdx)))
        .orderBy(asc(timekeepings.workDt), asc(timekeepings.timekeepingIdx));
    },
    async listOfProject(projectIdx: number, from?: string, to?: string): Promise<TimekeepingRow[]> {
      return db
        .select()
        .from(timekeepings)
        .where(
          and(
            eq(timekeepings.projectIdx, projectIdx),
            from ? gte(timekeepings.workDt, from) : undefined,
            to ? lte(timekeepings.workDt, to) : undefined,
          ),
        )
        .orderBy(asc(timekeepings.workDt), asc(timekeepings.timekeepingIdx));
    },
    /** By ids alone: the caller checks each row's project and owner before deleting. */
    async findByIds(idxs: number[]): Promise<TimekeepingRow[]> {
      return db.select().from(timekeepings).where(inArray(timekeepings.timekeepingIdx, idxs));
    },
    async deleteMany(projectIdx: number, idxs: number[]): Promise<number> {
      const rows = await db
        .delete(timekeepings)
        .where(and(eq(timekeepings.projectIdx, projectIdx), inArray(timekeepings.timekeepingIdx, idxs)))
        .returning({ idx: timekeepings.timekeepingIdx });
      return rows.length;
    },
  };
}
export type TimekeepingRepository = ReturnType<typeof createTimekeepingRepository>;
