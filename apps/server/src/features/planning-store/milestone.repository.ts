import { and, asc, desc, eq, gt, lt, ne } from 'drizzle-orm';
import { githubConnections, milestones } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type MilestoneRow = typeof milestones.$inferSelect;
export type NewMilestone = typeof milestones.$inferInsert;

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
      const [row] = await db.select().from(milestones).where(eq(milestones.milestoneIdx, milestoneIdx));
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
        .select()
        .from(milestones)
        .where(and(eq(milestones.projectIdx, projectIdx), eq(milestones.milestoneIdx, milestoneIdx)));
      return row ?? null;
    },
    async lock(projectIdx: number, milestoneIdx: number): Promise<MilestoneRow | null> {
      const [row] = await db
        .select()
        .from(milestones)
        .where(and(eq(milestones.projectIdx, projectIdx), eq(milestones.milestoneIdx, milestoneIdx)))
        .for('update');
      return row ?? null;
    },
    async list(projectIdx: number): Promise<MilestoneRow[]> {
      return db
        .select()
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
    /** The timeline's milestone columns only. */
    async timelineRows(projectIdx: number) {
      return db
        .select({
          milestoneIdx: milestones.milestoneIdx,
          title: milestones.title,
          status: milestones.status,
          startDt: milestones.startDt,
          endDt: milestones.endDt,
          orderKey: milestones.orderKey,
        })
        .from(milestones)
        .where(eq(milestones.projectIdx, projectIdx))
        .orderBy(asc(milestones.orderKey));
    },
    async insert(row: NewMilestone): Promise<MilestoneRow> {
      const [created] = await db.insert(milestones).values(row).returning();
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
        .returning();
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
