import type { PutBudgetRequest } from '@teamline/contract';
import { api } from '../../../lib/api';

/** The client's spend across projects and a project's budgets (docs/product/spending-and-budgets.md). */
export const spendingApi = {
  report: (year: number) => api.get('memberSpending', { query: { year } }),
  budgets: (projectIdx: number) => api.get(['projectBudget', projectIdx]),
  save: (projectIdx: number, body: PutBudgetRequest) => api.put(['projectBudget', projectIdx], { body }),
  remove: (projectIdx: number, milestoneIdx: number | null) =>
    api.delete(['projectBudget', projectIdx], { query: { milestoneIdx: milestoneIdx ?? undefined } }),
};

export const spendingKeys = {
  report: (year: number) => ['member', 'spending', year] as const,
  budgets: (projectIdx: number) => ['project', projectIdx, 'budget'] as const,
};
