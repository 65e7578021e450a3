import { desc, eq, sql } from 'drizzle-orm';
import { histories, members, membersInProject } from '../../db/schema/index.js';
import type { EmbeddedClient } from '../../infra/pglite-thread.js';
import type { Db } from '../../infra/db.js';
import { executePlannedOnce } from '../../infra/pglite-planned-once.js';

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

type ListColumn = typeof histories.storyIdx | typeof histories.milestoneIdx;

/**
 * A story's or milestone's records, newest first, by its id alone: the records carry their project,
 * which the caller must then be a member of before any is returned. The index on (story_idx,
 * history_idx) is what keeps its generic plan on the story's own entries (migration 0038;
 * history-list-plan.test.ts).
 */
export const historyListQuery = (db: Db, column: ListColumn) =>
  db
    .select(listColumns)
    .from(histories)
    .leftJoin(membersInProject, eq(membersInProject.memberInProjectIdx, histories.actorIdx))
    .leftJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
    .where(eq(column, sql.placeholder('idx')))
    .orderBy(desc(histories.historyIdx))
    .limit(500);

/** `embedded`: the PGlite instance behind `db`, whose lists are then planned once (infra/pglite-planned-once). */
export function createHistoryRepository(db: Db, embedded?: EmbeddedClient) {
  /** The list prepared once (drizzle builds a query's SQL on every call otherwise). */
  const listBy = (column: ListColumn, name: string) => historyListQuery(db, column).prepare(name);
  /** One record as a list shows it. */
  type ListRow = Awaited<ReturnType<ReturnType<typeof listBy>['execute']>>[number];
  const columns = Object.keys(listColumns) as (keyof typeof listColumns)[];
  const texts = new Map<string, { sql: string; params: unknown[] }>();
  const listOnPglite = (
    client: EmbeddedClient,
    column: ListColumn,
    name: string,
    idx: number,
  ): Promise<ListRow[]> => {
    let text = texts.get(name);
    if (text === undefined) texts.set(name, (text = historyListQuery(db, column).toSQL()));
    return executePlannedOnce(client, name, text, columns, idx) as Promise<ListRow[]>;
  };
  let ofStory: ReturnType<typeof listBy> | null = null;
  let ofMilestone: ReturnType<typeof listBy> | null = null;
  return {
    async insert(rows: NewHistory[]): Promise<void> {
      if (rows.length > 0) await db.insert(histories).values(rows);
    },
    async listOfStory(storyIdx: number): Promise<ListRow[]> {
      if (embedded) return listOnPglite(embedded, histories.storyIdx, 'history_of_story', storyIdx);
      ofStory ??= listBy(histories.storyIdx, 'history_of_story');
      return ofStory.execute({ idx: storyIdx });
    },
    async listOfMilestone(milestoneIdx: number): Promise<ListRow[]> {
      if (embedded)
        return listOnPglite(embedded, histories.milestoneIdx, 'history_of_milestone', milestoneIdx);
      ofMilestone ??= listBy(histories.milestoneIdx, 'history_of_milestone');
      return ofMilestone.execute({ idx: milestoneIdx });
    },
    /** By id alone: the caller learns the project from the row, then must be a member of it. */
    async findById(historyIdx: number): Promise<HistoryRow | null> {
      const [row] = await db.select().from(histories).where(eq(histories.historyIdx, historyIdx));
      return row ?? null;
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
