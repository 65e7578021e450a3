import {
  apiPaths,
  budget,
  budgetDeleteQuery,
  budgetList,
  budgetParams,
  putBudgetRequest,
  spendingQuery,
  spendingReport,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { project } from '../../platform/authorization/route-policy.js';
import { actorOf, responds } from '../../shared/http.js';

/** The client's spend across projects and the budgets of a project (docs/product/spending-and-budgets.md). */
export async function spendingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { spending } = app.services;
  const tags = ['spending'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.memberSpending,
    {
      // Per project the table decides (`budget.view`); projects the caller may not see money of are absent.
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        querystring: spendingQuery,
        description:
          "The caller's spend in a year (`year`, this year by default) across the projects where they are a " +
          'client or have admin authority: the gross of approved and paid settlements as recorded, per project, ' +
          'month and currency, with totals per currency (never two currencies added together).',
        response: responds(200, spendingReport),
      },
    },
    async (request) => ({ data: await spending.spending(actorOf(request), request.query.year) }),
  );

  app.get(
    apiPaths.projectBudget(':projectIdx'),
    {
      config: { policy: project('budget.view') },
      schema: {
        tags,
        security,
        params: budgetParams,
        description:
          "The project's budget and its milestones' budgets: amount, currency, period, the period's spend, the " +
          'forecast from the current month and the thresholds (80, 100 %) already reached.',
        response: responds(200, budgetList),
      },
    },
    async (request) => ({ data: await spending.list(actorOf(request), request.params.projectIdx) }),
  );

  app.put(
    apiPaths.projectBudget(':projectIdx'),
    {
      config: { policy: project('budget.manage') },
      schema: {
        tags,
        security,
        params: budgetParams,
        body: putBudgetRequest,
        description:
          'Sets the budget of the project (`milestoneIdx` null) or of one of its milestones: `amount` in minor ' +
          'units (1 to 2,147,483,647), `currency`, `period` (`total` or `month`). A changed budget re-arms its alerts. ' +
          "Another project's milestone: 404 `BUDGET_MILESTONE_NOT_FOUND`.",
        response: responds(200, budget),
      },
    },
    async (request) => ({
      data: await spending.put(actorOf(request), request.params.projectIdx, request.body),
    }),
  );

  app.delete(
    apiPaths.projectBudget(':projectIdx'),
    {
      config: { policy: project('budget.manage') },
      schema: {
        tags,
        security,
        params: budgetParams,
        querystring: budgetDeleteQuery,
        description:
          "Removes the project's budget (no `milestoneIdx`) or a milestone's; 404 `BUDGET_NOT_FOUND` when there is none.",
        response: responds(200, z.object({})),
      },
    },
    async (request) => {
      await spending.remove(actorOf(request), request.params.projectIdx, request.query.milestoneIdx ?? null);
      return { data: {} };
    },
  );
}
