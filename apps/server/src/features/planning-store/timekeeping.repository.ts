import { lockingSettlementStatuses } from '@teamline/contract';
import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { settlements, timekeepings } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';
import { isMonthLocked } from '../settlement/settlement-lock.js';

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
    async listOfProject(
      projectIdx: number,
      from?: string,
      to?: string,
      memberInProjectIdx?: number,
    ): Promise<TimekeepingRow[]> {
      return db
        .select()
        .from(timekeepings)
        .where(
          and(
            eq(timekeepings.projectIdx, projectIdx),
            memberInProjectIdx !== undefined
              ? eq(timekeepings.memberInProjectIdx, memberInProjectIdx)
              : undefined,
            from ? gte(timekeepings.workDt, from) : undefined,
            to ? lte(timekeepings.workDt, to) : undefined,
          ),
        )
        .orderBy(asc(timekeepings.workDt), asc(timekeepings.timekeepingIdx));
    },
    async findById(timekeepingIdx: number): Promise<TimekeepingRow | null> {
      const [row] = await db
        .select()
        .from(timekeepings)
        .where(eq(timekeepings.timekeepingIdx, timekeepingIdx));
      return row ?? null;
    },
    /** Whether a settlement of this member's month (`YYYYMM`) is submitted, approved or paid. */
    isMonthLocked(projectIdx: number, memberInProjectIdx: number, month: string): Promise<boolean> {
      return isMonthLocked(db, projectIdx, memberInProjectIdx, month);
    },
    /** The locked months (`YYYYMM`) among these, for `can` on lists. */
    async lockedMonths(projectIdx: number, memberInProjectIdxs: number[]): Promise<Set<string>> {
      if (memberInProjectIdxs.length === 0) return new Set();
      const rows = await db
        .select({ member: settlements.memberInProjectIdx, month: settlements.month })
        .from(settlements)
        .where(
          and(
            eq(settlements.projectIdx, projectIdx),
            inArray(settlements.memberInProjectIdx, memberInProjectIdxs),
            inArray(settlements.status, [...lockingSettlementStatuses]),
          ),
        );
      return new Set(rows.map((r) => `${r.member}:${r.month}`));
    },
    /** Minutes the member logged on a day, leaving one entry out (the one being edited). */
    async minutesOfDay(memberInProjectIdx: number, workDt: string, exceptIdx?: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${timekeepings.minutes}), 0)::int` })
        .from(timekeepings)
        .where(
          and(
            eq(timekeepings.memberInProjectIdx, memberInProjectIdx),
            eq(timekeepings.workDt, workDt),
            exceptIdx !== undefined ? ne(timekeepings.timekeepingIdx, exceptIdx) : undefined,
          ),
        );
      return Number(row?.total ?? 0);
    },
    async update(
      timekeepingIdx: number,
      patch: Partial<Pick<TimekeepingRow, 'storyIdx' | 'workDt' | 'minutes' | 'note'>>,
    ): Promise<TimekeepingRow> {
      const [row] = await db
        .update(timekeepings)
        .set(patch)
        .where(eq(timekeepings.timekeepingIdx, timekeepingIdx))
        .returning();
      return row!;
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
