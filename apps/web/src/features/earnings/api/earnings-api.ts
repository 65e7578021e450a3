import type { EarningsStatementQuery } from '@teamline/contract';
import { api } from '../../../lib/api';

/** The caller's earnings across projects (issue 34, docs/product/earnings-and-spending.md#earnings). */
export const earningsApi = {
  year: (year: number) => api.get('memberEarnings', { query: { year } }),
  /** The yearly statement of one payer, fetched with the access key (a plain link would carry none). */
  statement: (query: EarningsStatementQuery) => api.file('memberEarningsStatement', { query }),
};

export const earningsKeys = { year: (year: number) => ['member', 'earnings', year] as const };
