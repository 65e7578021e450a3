import {
  budgetPeriodKey,
  can,
  forecastOf,
  reachedThresholds,
  sumByCurrency,
  type AuditKind,
  type Budget,
  type BudgetList,
  type PutBudgetRequest,
  type SpendingReport,
} from '@teamline/contract';
import type { AuditEntry } from '../../platform/audit/audit-trail.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import {
  createStore,
  type UnitOfWorkContext,
  type UnitOfWorkHandle,
} from '../../platform/events/unit-of-work.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Db } from '../../infra/db.js';
import type { MembershipRow } from '../membership/membership.port.js';
import { daysOf, monthOf } from '../settlement/settlement-months.js';
import { createSpendingRepository, type BudgetRow, type SpendingRepository } from './spending.repository.js';

export function createSpendingStore(db: Db, ctx: UnitOfWorkContext) {
  return createStore(db, ctx, (handle) => ({ spending: createSpendingRepository(handle) }));
}
export type SpendingStore = ReturnType<typeof createSpendingStore>;

/**
 * A budget's audit record (money: docs/product/spending-and-budgets.md): what it is of (the project, or
 * the milestone's title as it was), its amount, currency and period, and its revision.
 */
const budgetRecord = (kind: AuditKind, b: BudgetRow, milestoneTitle: string | null): AuditEntry => ({
  kind,
  projectIdx: b.projectIdx,
  target: { type: 'budget', idx: b.budgetIdx },
  changes: {
    scope: b.milestoneIdx === null ? 'project' : (milestoneTitle ?? `#${b.milestoneIdx}`),
    milestoneIdx: b.milestoneIdx,
    amount: b.amount,
    currency: b.currency,
    period: b.period,
    revision: b.revision,
  },
});

/** A budget's spend in a period: the project's gross, or the lines of its milestone's stories. */
const spentOf = (repo: SpendingRepository, b: BudgetRow, month: string | null) =>
  b.milestoneIdx === null
    ? repo.projectSpent(b.projectIdx, b.currency, month)
    : repo.milestoneSpent(b.projectIdx, b.milestoneIdx, b.currency, month);

/**
 * Records the thresholds a project's budgets reached in the period of `month` that were not recorded
 * yet for the budget's revision, each with its `budget.threshold_reached` event, in the caller's
 * transaction. The budget rows are locked first, and the crossing's unique key turns a replayed or
 * concurrent evaluation into a no-op: each threshold fires once per budget, revision and period.
 */
export async function evaluateBudgets(
  r: Pick<UnitOfWorkHandle<{ spending: SpendingRepository }>, 'spending' | 'events'>,
  projectIdx: number,
  month: string,
  settlementIdx: number | null,
  now: Date,
): Promise<number> {
  let fired = 0;
  for (const b of await r.spending.lockBudgets(projectIdx)) {
    const periodKey = budgetPeriodKey(b.period, month);
    const spent = await spentOf(r.spending, b, b.period === 'total' ? null : month);
    for (const threshold of reachedThresholds(spent, b.amount)) {
      const made = await r.spending.recordCrossing({
        budgetIdx: b.budgetIdx,
        revision: b.revision,
        periodKey,
        threshold,
        spent,
        settlementIdx,
        createdAt: now,
      });
      if (!made) continue;
      fired++;
      await r.events.record('budget.threshold_reached', projectIdx, {
        budgetIdx: b.budgetIdx,
        projectIdx,
        milestoneIdx: b.milestoneIdx,
        threshold,
        period: periodKey,
        spent,
        amount: b.amount,
        currency: b.currency,
        settlementIdx,
      });
    }
  }
  return fired;
}

export function createSpendingService(
  ctx: AppContext,
  store: SpendingStore,
  authz: Authorization<MembershipRow>,
) {
  const repo = store.spending;

  /** One budget as the client sees it: the current period's spend, the forecast and what it reached. */
  async function present(b: BudgetRow, milestoneTitle: string | null, now: Date): Promise<Budget> {
    const month = monthOf(now);
    const periodKey = budgetPeriodKey(b.period, month);
    const periodSpent = await spentOf(repo, b, b.period === 'total' ? null : month);
    const monthSpent = b.period === 'month' ? periodSpent : await spentOf(repo, b, month);
    const { last } = daysOf(month);
    return {
      budgetIdx: b.budgetIdx,
      projectIdx: b.projectIdx,
      milestoneIdx: b.milestoneIdx,
      milestoneTitle,
      amount: b.amount,
      currency: b.currency,
      period: b.period,
      periodKey,
      spent: periodSpent,
      forecast: forecastOf({
        periodSpent,
        monthSpent,
        dayOfMonth: now.getUTCDate(),
        daysInMonth: Number(last.slice(6)),
      }),
      reached: await repo.crossings(b.budgetIdx, b.revision, periodKey),
    };
  }

  return {
    /**
     * The caller's spend in a year across the projects where the table lets them see money
     * (`budget.view`: a client or admin authority): approved and paid settlements' gross as recorded,
     * per project × month × currency, with totals per currency. Other projects are simply absent.
     */
    async spending(actor: Actor, year: number | undefined): Promise<SpendingReport> {
      const y = year ?? ctx.clock.now().getUTCFullYear();
      const mine = (await repo.memberships(actor.memberIdx)).filter((m) =>
        can(m, 'budget.view', authz.table),
      );
      const rows = await repo.spendByMonth(
        mine.map((m) => m.projectIdx),
        `${y}01`,
        `${y}12`,
      );
      const byMonth = (list: typeof rows) => {
        const sums = new Map<
          string,
          { month: string; currency: (typeof rows)[number]['currency']; grossAmount: number }
        >();
        for (const r of list) {
          const key = `${r.month}|${r.currency}`;
          const s = sums.get(key);
          if (s) s.grossAmount += r.grossAmount;
          else sums.set(key, { month: r.month, currency: r.currency, grossAmount: r.grossAmount });
        }
        return [...sums.values()].sort((a, b) =>
          a.month === b.month ? a.currency.localeCompare(b.currency) : a.month < b.month ? -1 : 1,
        );
      };
      const projects = mine.map((m) => {
        const own = rows.filter((r) => r.projectIdx === m.projectIdx);
        return {
          projectIdx: m.projectIdx,
          projectName: m.projectName,
          months: byMonth(own),
          totals: sumByCurrency(own),
        };
      });
      return { year: y, projects, months: byMonth(rows), totals: sumByCurrency(rows) };
    },

    /** The project's budgets (its own and its milestones') with spend and forecast; `budget.view`. */
    async list(actor: Actor, projectIdx: number): Promise<BudgetList> {
      await authz.authorize(actor, 'budget.view', projectIdx);
      const now = ctx.clock.now();
      const rows = await repo.listBudgets(projectIdx);
      const budgets: Budget[] = [];
      for (const { budget, milestoneTitle } of rows) budgets.push(await present(budget, milestoneTitle, now));
      return {
        projectIdx,
        month: monthOf(now),
        budgets,
        milestones: await repo.projectMilestones(projectIdx),
      };
    },

    /**
     * Sets the project's budget or a milestone's (`budget.manage`). A change of amount, currency or
     * period starts a new revision, which re-arms the alerts; thresholds the spend already reaches
     * under the new revision fire at once, in the same transaction.
     */
    async put(actor: Actor, projectIdx: number, input: PutBudgetRequest): Promise<Budget> {
      const now = ctx.clock.now();
      const { budgetIdx, title } = await store.transaction(async (r) => {
        const m = await r.members.findMembership(projectIdx, actor.memberIdx);
        authz.decide(m, 'budget.manage', { projectIdx });
        // The project's budgets first, in the order the alert evaluation locks them: never a deadlock.
        await r.spending.lockBudgets(projectIdx);
        let milestoneTitle: string | null = null;
        if (input.milestoneIdx !== null) {
          const milestone = await r.spending.milestoneOf(input.milestoneIdx);
          if (!milestone || milestone.projectIdx !== projectIdx)
            throw new AppError('BUDGET_MILESTONE_NOT_FOUND');
          milestoneTitle = milestone.title;
        }
        const values = { amount: input.amount, currency: input.currency, period: input.period };
        let row = await r.spending.findBudget(projectIdx, input.milestoneIdx);
        let made = false;
        if (!row) {
          row = await r.spending.insertBudget({
            projectIdx,
            milestoneIdx: input.milestoneIdx,
            ...values,
            createdAt: now,
            updatedAt: now,
          });
          made = row !== null;
          // Made meanwhile by another request: change that one.
          row ??= (await r.spending.findBudget(projectIdx, input.milestoneIdx))!;
        }
        const changed =
          row.amount !== values.amount || row.currency !== values.currency || row.period !== values.period;
        if (changed)
          row = await r.spending.updateBudget(row.budgetIdx, {
            ...values,
            revision: row.revision + 1,
            updatedAt: now,
          });
        // A new budget or a changed one; setting the same values again is no change.
        if (made || changed) r.audit.record(budgetRecord('budget.set', row, milestoneTitle));
        await evaluateBudgets(r, projectIdx, monthOf(now), null, now);
        return { budgetIdx: row.budgetIdx, title: milestoneTitle };
      });
      const row = (await repo.listBudgets(projectIdx)).find((x) => x.budget.budgetIdx === budgetIdx)!;
      return present(row.budget, title, now);
    },

    /** Removes the project's budget or a milestone's (`budget.manage`); 404 BUDGET_NOT_FOUND when none. */
    async remove(actor: Actor, projectIdx: number, milestoneIdx: number | null): Promise<void> {
      await store.transaction(async (r) => {
        const m = await r.members.findMembership(projectIdx, actor.memberIdx);
        authz.decide(m, 'budget.manage', { projectIdx });
        const row = await r.spending.findBudget(projectIdx, milestoneIdx);
        if (!row) throw new AppError('BUDGET_NOT_FOUND');
        await r.spending.deleteBudget(row.budgetIdx);
        const milestone = milestoneIdx === null ? null : await r.spending.milestoneOf(milestoneIdx);
        r.audit.record(budgetRecord('budget.removed', row, milestone?.title ?? null));
      });
    },

    /** The alert consumer's work for one approved settlement: its project's budgets in its month. */
    evaluate(projectIdx: number, month: string, settlementIdx: number | null): Promise<number> {
      const now = ctx.clock.now();
      return store.transaction((r) => evaluateBudgets(r, projectIdx, month, settlementIdx, now));
    },
  };
}
export type SpendingService = ReturnType<typeof createSpendingService>;
