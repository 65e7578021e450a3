import type { BudgetPeriod, BudgetThreshold, Currency } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { milestones } from './planning.js';
import { projects } from './project.js';
import { settlements } from './settlement.js';
import { ts } from './columns.js';

/**
 * A budget of a project (milestone null) or of one of its milestones (docs/product/spending-and-budgets.md):
 * an amount in minor units of one currency, for the whole project or per month. `revision` counts
 * the changes of amount, currency or period: a crossing recorded under an older revision no longer
 * counts, so raising a budget re-arms its alerts.
 */
export const budgets = pgTable(
  'budget',
  {
    budgetIdx: serial('budget_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    milestoneIdx: integer('milestone_idx').references(() => milestones.milestoneIdx, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    period: text('period').$type<BudgetPeriod>().notNull(),
    revision: integer('revision').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One budget per project and one per milestone; the project's own is milestone null.
    unique('budget_scope_uq').on(t.projectIdx, t.milestoneIdx).nullsNotDistinct(),
    check('budget_amount_check', sql`${t.amount} > 0`),
    check('budget_period_check', sql`${t.period} in ('total', 'month')`),
  ],
);

/**
 * A threshold a budget reached, once per (budget, revision, period, threshold): the unique key is
 * what makes the alert fire once however often or concurrently the settlement events are handled.
 * Written in the transaction that records the `budget.threshold_reached` event.
 */
export const budgetCrossings = pgTable(
  'budget_crossing',
  {
    budgetCrossingIdx: serial('budget_crossing_idx').primaryKey(),
    budgetIdx: integer('budget_idx')
      .notNull()
      .references(() => budgets.budgetIdx, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    /** `total` or the month `YYYYMM` of a monthly budget. */
    periodKey: text('period_key').notNull(),
    threshold: integer('threshold').$type<BudgetThreshold>().notNull(),
    spent: bigint('spent', { mode: 'number' }).notNull(),
    /** The settlement whose approval crossed it; null when a budget change did. */
    settlementIdx: integer('settlement_idx').references(() => settlements.settlementIdx),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('budget_crossing_uq').on(t.budgetIdx, t.revision, t.periodKey, t.threshold)],
);
