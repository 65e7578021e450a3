import { lazy } from 'react';

/** Settings › Budgets comes from the spending feature (issue 34); its chunk loads when the tab is opened. */
export const BudgetsSection = lazy(() =>
  import('../features/spending/components/BudgetsSection').then((m) => ({ default: m.BudgetsSection })),
);
