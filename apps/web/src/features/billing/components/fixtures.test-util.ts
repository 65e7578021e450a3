import type { PlanTable, SubscriptionDto } from '@teamline/contract';

/** The subscription as `GET /subscription` sends it; tests override what they look at. */
export const subscription = (over: Partial<SubscriptionDto> = {}): SubscriptionDto => ({
  subscriptionIdx: null,
  projectIdx: 1,
  plan: 'FREE',
  sheets: 0,
  currency: 'KRW',
  status: 'ACTIVE',
  periodStartDt: null,
  periodEndDt: null,
  warning: true,
  graceUntil: '2026-11-27T10:00:00.000Z',
  projectStatus: 'ACTIVE',
  totalMember: 6,
  freeMembers: 4,
  minSheets: 2,
  pendingPlan: null,
  pendingSheets: null,
  cancelAtPeriodEnd: false,
  card: null,
  sheetPeriodPrice: 0,
  nextChargeAmount: null,
  coupon: null,
  refund: null,
  canManage: true,
  ...over,
});

export const plans: PlanTable = {
  plans: [
    { plan: 'FREE', months: 0, factorPercent: 0, prices: { KRW: 0, USD: 0 } },
    { plan: '30D', months: 1, factorPercent: 100, prices: { KRW: 10000, USD: 800 } },
    { plan: '12M', months: 12, factorPercent: 80, prices: { KRW: 96000, USD: 7680 } },
  ],
  monthlyPrices: { KRW: 10000, USD: 800 },
  freeMembers: 4,
  graceDays: 3,
  refundFullDays: 7,
  currencies: ['KRW', 'USD'],
};

export const coupon = {
  couponIdx: 5,
  number: 'WELCOME20',
  type: 'monthly' as const,
  percentOff: 20,
  remainingPeriods: 3,
  periods: 3,
  validFrom: '20261101',
  validUntil: '20271231',
  registeredAt: '2026-11-20T00:00:00.000Z',
};
