import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { AiJobState } from '@teamline/contract';
import { aiJobs, githubConnections, members, projects } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';
import { inTransaction } from '../../shared/transaction.js';

/** How many jobs may be open (queued or running) at once; jobs opened before `since` are stuck, not counted. */
export interface OpenJobRoom {
  perProject: number;
  perMember: number;
  since: Date;
}

export type AiJobRow = typeof aiJobs.$inferSelect;

export function createAiRepository(db: Db) {
  return {
    /**
     * Inserts the job if its project and its author both have fewer open jobs than allowed; null
     * otherwise. Counted under locks on the project's and the author's rows, so jobs started at once
     * cannot all see the same count.
     */
    async insertIfRoom(row: typeof aiJobs.$inferInsert, room: OpenJobRoom): Promise<AiJobRow | null> {
      return inTransaction(db, async (tx) => {
        await tx
          .select({ one: projects.projectIdx })
          .from(projects)
          .where(eq(projects.projectIdx, row.projectIdx))
          .for('no key update');
        await tx
          .select({ one: members.memberIdx })
          .from(members)
          .where(eq(members.memberIdx, row.createdByIdx))
          .for('no key update');
        const open = async (whose: SQL) => {
          const [found] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(aiJobs)
            .where(
              and(whose, inArray(aiJobs.state, ['queued', 'running']), gte(aiJobs.createdAt, room.since)),
            );
          return found?.n ?? 0;
        };
        if ((await open(eq(aiJobs.projectIdx, row.projectIdx))) >= room.perProject) return null;
        if ((await open(eq(aiJobs.createdByIdx, row.createdByIdx))) >= room.perMember) return null;
        const [created] = await tx.insert(aiJobs).values(row).returning();
        return created!;
      });
    },
    async find(aiJobIdx: number): Promise<AiJobRow | null> {
      const [row] = await db.select().from(aiJobs).where(eq(aiJobs.aiJobIdx, aiJobIdx));
      return row ?? null;
    },
    /** Moves the job on only from one of `from` (a cancelled job stays cancelled); null: it was not there. */
    async move(
      aiJobIdx: number,
      from: AiJobState[],
      set: Partial<typeof aiJobs.$inferInsert>,
    ): Promise<AiJobRow | null> {
      const [row] = await db
        .update(aiJobs)
        .set({ ...set, updatedAt: sql`now()` })
        .where(and(eq(aiJobs.aiJobIdx, aiJobIdx), inArray(aiJobs.state, from)))
        .returning();
      return row ?? null;
    },
    async progress(aiJobIdx: number, done: number, total: number) {
      await db
        .update(aiJobs)
        .set({ progress: { done, total } })
        .where(and(eq(aiJobs.aiJobIdx, aiJobIdx), eq(aiJobs.state, 'running')));
    },
    async languageOf(memberIdx: number) {
      const [row] = await db
        .select({ lang: members.lang })
        .from(members)
        .where(eq(members.memberIdx, memberIdx));
      return row?.lang ?? 'en';
    },
    async projectKeyOf(projectIdx: number): Promise<string | null> {
      const [row] = await db
        .select({ key: githubConnections.projectKey })
        .from(githubConnections)
        .where(eq(githubConnections.projectIdx, projectIdx));
      return row?.key ?? null;
    },
  };
}
export type AiRepository = ReturnType<typeof createAiRepository>;
