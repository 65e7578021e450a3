import type { BudgetThreshold, Currency } from '@teamline/contract';
import { and, asc, eq, gte, inArray, isNull, lte, sql, sum } from 'drizzle-orm';
import {
  budgetCrossings,
  budgets,
  membersInProject,
  milestones,
  projects,
  settlements,
  stories,
} from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type BudgetRow = typeof budgets.$inferSelect;

/** Settlements whose gross is spend: approved and paid (frozen amounts, docs/product/spending-and-budgets.md). */
const spentStatuses: ('approved' | 'paid')[] = ['approved', 'paid'];

/** The rows of features/spending: the caller's memberships, settlement sums, budgets and their crossings. */
export function createSpendingRepository(db: Db) {
  return {
    /** The caller's active memberships in projects not deleted, with the project's name. */
    memberships(memberIdx: number) {
      return db
        .select({
          projectIdx: membersInProject.projectIdx,
          memberInProjectIdx: membersInProject.memberInProjectIdx,
          role: membersInProject.role,
          isAdmin: membersInProject.isAdmin,
          projectName: projects.name,
        })
        .from(membersInProject)
        .innerJoin(projects, eq(projects.projectIdx, membersInProject.projectIdx))
        .where(
          and(
            eq(membersInProject.memberIdx, memberIdx),
            isNull(membersInProject.removedAt),
            isNull(projects.deletedAt),
          ),
        )
        .orderBy(asc(membersInProject.projectIdx));
    },

    /** Gross per project, month and currency of approved and paid settlements, summed by the database. */
    async spendByMonth(projectIdxs: readonly number[], fromMonth: string, toMonth: string) {
      if (projectIdxs.length === 0) return [];
      const rows = await db
        .select({
          projectIdx: settlements.projectIdx,
          month: settlements.month,
          currency: settlements.currency,
          grossAmount: sum(settlements.grossAmount).mapWith(Number),
        })
        .from(settlements)
        .where(
          and(
            inArray(settlements.projectIdx, [...projectIdxs]),
            inArray(settlements.status, spentStatuses),
            gte(settlements.month, fromMonth),
            lte(settlements.month, toMonth),
          ),
        )
        .groupBy(settlements.projectIdx, settlements.month, settlements.currency);
      return rows.map((r) => ({ ...r, grossAmount: r.grossAmount ?? 0 }));
    },

    /** Gross of the project's spend in one currency, over all months or one month. */
    async projectSpent(projectIdx: number, currency: Currency, month: string | null): Promise<number> {
      const [row] = await db
        .select({ total: sum(settlements.grossAmount).mapWith(Number) })
        .from(settlements)
        .where(
          and(
            eq(settlements.projectIdx, projectIdx),
            eq(settlements.currency, currency),
            inArray(settlements.status, spentStatuses),
            month === null ? undefined : eq(settlements.month, month),
          ),
        );
      return row?.total ?? 0;
    },

    /**
     * A milestone's spend in one currency: the frozen lines of approved and paid settlements whose
     * story is in the milestone now (lines add up to each settlement's gross exactly).
     */
    async milestoneSpent(
      projectIdx: number,
      milestoneIdx: number,
      currency: Currency,
      month: string | null,
    ): Promise<number> {
      const storyRows = await db
        .select({ storyIdx: stories.storyIdx })
        .from(stories)
        .where(and(eq(stories.projectIdx, projectIdx), eq(stories.milestoneIdx, milestoneIdx)));
      if (storyRows.length === 0) return 0;
      const ids = new Set(storyRows.map((s) => s.storyIdx));
      const rows = await db
        .select({ lines: settlements.lines })
        .from(settlements)
        .where(
          and(
            eq(settlements.projectIdx, projectIdx),
            eq(settlements.currency, currency),
            inArray(settlements.status, spentStatuses),
            month === null ? undefined : eq(settlements.month, month),
          ),
        );
      let total = 0;
      for (const row of rows)
        for (const line of row.lines)
          if (line.storyIdx !== null && ids.has(line.storyIdx)) total += line.amount;
      return total;
    },

    listBudgets(projectIdx: number) {
      return db
        .select({ budget: budgets, milestoneTitle: milestones.title })
        .from(budgets)
        .leftJoin(milestones, eq(milestones.milestoneIdx, budgets.milestoneIdx))
        .where(eq(budgets.projectIdx, projectIdx))
        .orderBy(sql`${budgets.milestoneIdx} nulls first`, asc(budgets.budgetIdx));
    },

    /** The project's budgets locked for the rest of the transaction (alerts of one project run one at a time). */
    lockBudgets(projectIdx: number): Promise<BudgetRow[]> {
      return db
        .select()
        .from(budgets)
        .where(eq(budgets.projectIdx, projectIdx))
        .orderBy(asc(budgets.budgetIdx))
        .for('update');
    },

    async findBudget(projectIdx: number, milestoneIdx: number | null): Promise<BudgetRow | null> {
      const [row] = await db
        .select()
        .from(budgets)
        .where(
          and(
            eq(budgets.projectIdx, projectIdx),
            milestoneIdx === null ? isNull(budgets.milestoneIdx) : eq(budgets.milestoneIdx, milestoneIdx),
          ),
        )
        .for('update');
      return row ?? null;
    },

    async insertBudget(row: typeof budgets.$inferInsert): Promise<BudgetRow | null> {
      const [made] = await db.insert(budgets).values(row).onConflictDoNothing().returning();
      return made ?? null;
    },

    async updateBudget(budgetIdx: number, set: Partial<BudgetRow>): Promise<BudgetRow> {
      const [row] = await db.update(budgets).set(set).where(eq(budgets.budgetIdx, budgetIdx)).returning();
      return row!;
    },

    async deleteBudget(budgetIdx: number): Promise<void> {
      await db.delete(budgets).where(eq(budgets.budgetIdx, budgetIdx));
    },

    async milestoneOf(milestoneIdx: number) {
      const [row] = await db
        .select({ projectIdx: milestones.projectIdx, title: milestones.title })
        .from(milestones)
        .where(eq(milestones.milestoneIdx, milestoneIdx));
      return row ?? null;
    },

    projectMilestones(projectIdx: number) {
      return db
        .select({ milestoneIdx: milestones.milestoneIdx, title: milestones.title })
        .from(milestones)
        .where(eq(milestones.projectIdx, projectIdx))
        .orderBy(asc(milestones.orderKey));
    },

    async projectName(projectIdx: number): Promise<string> {
      const [row] = await db
        .select({ name: projects.name })
        .from(projects)
        .where(eq(projects.projectIdx, projectIdx));
      return row?.name ?? '';
    },

    /**
     * Records a crossing; true only for the one caller that inserted it (the unique key of budget,
     * revision, period and threshold makes a replay or a concurrent handler a no-op).
     */
    async recordCrossing(row: {
      budgetIdx: number;
      revision: number;
      periodKey: string;
      threshold: BudgetThreshold;
      spent: number;
      settlementIdx: number | null;
      createdAt: Date;
    }): Promise<boolean> {
      const made = await db
        .insert(budgetCrossings)
        .values(row)
        .onConflictDoNothing()
        .returning({ idx: budgetCrossings.budgetCrossingIdx });
      return made.length > 0;
    },

    /** Thresholds recorded for the budget's revision and period. */
    async crossings(budgetIdx: number, revision: number, periodKey: string): Promise<BudgetThreshold[]> {
      const rows = await db
        .select({ threshold: budgetCrossings.threshold })
        .from(budgetCrossings)
        .where(
          and(
            eq(budgetCrossings.budgetIdx, budgetIdx),
            eq(budgetCrossings.revision, revision),
            eq(budgetCrossings.periodKey, periodKey),
          ),
        )
        .orderBy(asc(budgetCrossings.threshold));
      return rows.map((r) => r.threshold);
    },
  };
}
export type SpendingRepository = ReturnType<typeof createSpendingRepository>;
