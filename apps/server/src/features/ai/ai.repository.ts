import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AiJobState } from '@teamline/contract';
import { aiJobs, githubConnections, members } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type AiJobRow = typeof aiJobs.$inferSelect;

export function createAiRepository(db: Db) {
  return {
    async insert(row: typeof aiJobs.$inferInsert): Promise<AiJobRow> {
      const [created] = await db.insert(aiJobs).values(row).returning();
      return created!;
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
