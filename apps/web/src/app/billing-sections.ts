import { lazy } from 'react';

/**
 * The billing sections of project settings (payment, coupons, card, subscription) come from the
 * billing feature; settings shows them through this slot, and their chunk loads when one is opened.
 */
export const BillingSection = lazy(() =>
  import('../features/billing/components/BillingSection').then((m) => ({ default: m.BillingSection })),
);
