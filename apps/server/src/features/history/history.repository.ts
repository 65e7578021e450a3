import { and, desc, eq } from 'drizzle-orm';
import { histories, members, membersInProject } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type HistoryRow = typeof histories.$inferSelect;
export type NewHistory = typeof histories.$inferInsert;

const listColumns = {
  historyIdx: histories.historyIdx,
  type: histories.type,
  projectIdx: histories.projectIdx,
  storyIdx: histories.storyIdx,
  milestoneIdx: histories.milestoneIdx,
  actorIdx: histories.actorIdx,
  nickname: members.nickname,
  before: histories.before,
  after: histories.after,
  createdAt: histories.createdAt,
};

export function createHistoryRepository(db: Db) {
  const listWhere = (where: ReturnType<typeof and>) =>
    db
      .select(listColumns)
      .from(histories)
      .leftJoin(membersInProject, eq(membersInProject.memberInProjectIdx, histories.actorIdx))
      .leftJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
      .where(where)
      .orderBy(desc(histories.historyIdx))
      .limit(500);
  return {
    async insert(rows: NewHistory[]): Promise<void> {
      if (rows.length > 0) await db.insert(histories).values(rows);
    },
    async listOfStory(projectIdx: number, storyIdx: number) {
      return listWhere(and(eq(histories.projectIdx, projectIdx), eq(histories.storyIdx, storyIdx)));
    },
    async listOfMilestone(projectIdx: number, milestoneIdx: number) {
      return listWhere(and(eq(histories.projectIdx, projectIdx), eq(histories.milestoneIdx, milestoneIdx)));
    },
    /** By id alone: the caller learns the project from the row, then must be a member of it. */
    async findById(historyIdx: number): Promise<HistoryRow | null> {
      const [row] = await db.select().from(histories).where(eq(histories.historyIdx, historyIdx));
      return row ?? null;
    },
    /** The project of a story or milestone that may be gone (its history outlives it). */
    async projectOfStory(storyIdx: number): Promise<number | null> {
      const [row] = await db
        .select({ projectIdx: histories.projectIdx })
        .from(histories)
        .where(eq(histories.storyIdx, storyIdx))
        .limit(1);
      return row?.projectIdx ?? null;
    },
    async projectOfMilestone(milestoneIdx: number): Promise<number | null> {
      const [row] = await db
        .select({ projectIdx: histories.projectIdx })
        .from(histories)
        .where(eq(histories.milestoneIdx, milestoneIdx))
        .limit(1);
      return row?.projectIdx ?? null;
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
