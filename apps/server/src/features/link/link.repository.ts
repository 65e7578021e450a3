import { and, asc, eq } from 'drizzle-orm';
import { links } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type LinkRow = typeof links.$inferSelect;

export function createLinkRepository(db: Db) {
  return {
    async listOfProject(projectIdx: number): Promise<LinkRow[]> {
      return db.select().from(links).where(eq(links.projectIdx, projectIdx)).orderBy(asc(links.linkIdx));
    },
    async insert(row: typeof links.$inferInsert): Promise<LinkRow> {
      const [created] = await db.insert(links).values(row).returning();
      return created!;
    },
    async findById(linkIdx: number): Promise<LinkRow | null> {
      const [row] = await db.select().from(links).where(eq(links.linkIdx, linkIdx));
      return row ?? null;
    },
    async delete(projectIdx: number, linkIdx: number) {
      await db.delete(links).where(and(eq(links.projectIdx, projectIdx), eq(links.linkIdx, linkIdx)));
    },
    async findByUrl(projectIdx: number, url: string): Promise<LinkRow | null> {
      const [row] = await db
        .select()
        .from(links)
        .where(and(eq(links.projectIdx, projectIdx), eq(links.url, url)));
      return row ?? null;
    },
  };
}
export type LinkRepository = ReturnType<typeof createLinkRepository>;
