import { z } from 'zod';
import { budgetPeriods, budgetThresholds } from '../rules/budget.js';
import { currencies } from '../rules/settlement.js';
import { idx, moneyAmount } from './common.js';

/** `GET /member/spending?year=`: the year (UTC), this year when absent. */
export const spendingQuery = z.object({
  year: z.coerce.number().int().min(2000, 'numberRange').max(2100, 'numberRange').optional(),
});

const money = { currency: z.enum(currencies), grossAmount: z.number().int() };

/** Spend of one project: per month and currency, and its year's total per currency. */
export const projectSpend = z.object({
  projectIdx: z.number().int(),
  projectName: z.string(),
  months: z.array(z.object({ month: z.string(), ...money })),
  totals: z.array(z.object(money)),
});
export type ProjectSpend = z.infer<typeof projectSpend>;

/**
 * The caller's spend across the projects where they are the paying side (a client, or admin
 * authority): approved and paid settlements' gross, as recorded, per project × month × currency.
 */
export const spendingReport = z.object({
  year: z.number().int(),
  projects: z.array(projectSpend),
  /** Per month and currency across the projects. */
  months: z.array(z.object({ month: z.string(), ...money })),
  /** The year per currency across the projects (never two currencies added together). */
  totals: z.array(z.object(money)),
});
export type SpendingReport = z.infer<typeof spendingReport>;

export const budgetParams = z.object({ projectIdx: idx });

/** `PUT /project/{projectIdx}/budget`: a budget of the project (`milestoneIdx` null) or of one milestone. */
export const putBudgetRequest = z.object({
  milestoneIdx: idx.nullable().default(null),
  /** Minor units, 1 to 2,147,483,647 like every amount typed into the app (`moneyAmount`). */
  amount: moneyAmount,
  currency: z.enum(currencies),
  period: z.enum(budgetPeriods).default('total'),
});
export type PutBudgetRequest = z.infer<typeof putBudgetRequest>;

/** `DELETE /project/{projectIdx}/budget?milestoneIdx=`: absent for the project's own budget. */
export const budgetDeleteQuery = z.object({ milestoneIdx: idx.optional() });

export const budget = z.object({
  budgetIdx: z.number().int(),
  projectIdx: z.number().int(),
  milestoneIdx: z.number().int().nullable(),
  milestoneTitle: z.string().nullable(),
  amount: z.number().int(),
  currency: z.enum(currencies),
  period: z.enum(budgetPeriods),
  /** `total` or the current month `YYYYMM`. */
  periodKey: z.string(),
  /** Spend of the period in the budget's currency (minor units). */
  spent: z.number().int(),
  /** The period's forecast from the current month's burn (docs/product/spending-and-budgets.md#forecast). */
  forecast: z.number().int(),
  /** Thresholds already reached in this period (80, 100). */
  reached: z.array(
    z.union(budgetThresholds.map((t) => z.literal(t)) as [z.ZodLiteral<80>, z.ZodLiteral<100>]),
  ),
});
export type Budget = z.infer<typeof budget>;

export const budgetList = z.object({
  projectIdx: z.number().int(),
  /** The current month `YYYYMM` (UTC) the forecast is made in. */
  month: z.string(),
  budgets: z.array(budget),
  /** The project's milestones, to pick one for a budget. */
  milestones: z.array(z.object({ milestoneIdx: z.number().int(), title: z.string() })),
});
export type BudgetList = z.infer<typeof budgetList>;
