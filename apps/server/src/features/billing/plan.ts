import {
  FREE_MEMBER_ALLOWANCE,
  REFUND_FULL_DAYS,
  SHEET_GRACE_DAYS,
  YEARLY_FACTOR_PERCENT,
  billingPlans,
  currencies,
  planMonths,
  sheetPeriodPrice,
  type PlanTable,
} from '@teamline/contract';
import type { BillingDeps } from './billing.deps.js';

/** `GET /plan`: the price table from configuration, one sheet for one period of each plan. */
export function planTable(deps: Pick<BillingDeps, 'monthlyPrices'>): PlanTable {
  const { monthlyPrices } = deps;
  return {
    plans: billingPlans.map((plan) => ({
      plan,
      months: planMonths[plan],
      factorPercent: plan === 'FREE' ? 0 : plan === '12M' ? YEARLY_FACTOR_PERCENT : 100,
      prices: {
        KRW: sheetPeriodPrice(plan, monthlyPrices.KRW),
        USD: sheetPeriodPrice(plan, monthlyPrices.USD),
      },
    })),
    monthlyPrices: { ...monthlyPrices },
    freeMembers: FREE_MEMBER_ALLOWANCE,
    graceDays: SHEET_GRACE_DAYS,
    refundFullDays: REFUND_FULL_DAYS,
    currencies: [...currencies],
  };
}
