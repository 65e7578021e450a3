import { eq, sql } from 'drizzle-orm';
import { planningVersions } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export function createPlanningVersionRepository(db: Db) {
  // Read before every cached timeline or dashboard answer: built once, not on every call.
  let currentQuery: ReturnType<typeof prepareCurrent> | null = null;
  const prepareCurrent = () =>
    db
      .select({ version: planningVersions.version })
      .from(planningVersions)
      .where(eq(planningVersions.projectIdx, sql.placeholder('projectIdx')))
      .prepare('planning_version_current');
  return {
    /**
     * First statement of every planning write transaction: bumps the project's version and holds
     * its row lock until commit, so a project's planning writes run one after another (order keys
     * computed from neighbours stay distinct, the epic count stays ≤ 30) and cached timelines of
     * older versions stop being served.
     */
    async bump(projectIdx: number): Promise<number> {
      const [row] = await db
        .insert(planningVersions)
        .values({ projectIdx, version: 1 })
        .onConflictDoUpdate({
          target: planningVersions.projectIdx,
          set: { version: sql`${planningVersions.version} + 1` },
        })
        .returning({ version: planningVersions.version });
      return row!.version;
    },
    async current(projectIdx: number): Promise<number> {
      currentQuery ??= prepareCurrent();
      const [row] = await currentQuery.execute({ projectIdx });
      return row?.version ?? 0;
    },
  };
}
export type PlanningVersionRepository = ReturnType<typeof createPlanningVersionRepository>;
