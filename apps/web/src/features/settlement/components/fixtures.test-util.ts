import type { Settlement } from '@teamline/contract';

/** A settlement as the API sends it; tests override what they look at. */
export const settlement = (over: Partial<Settlement> = {}): Settlement => ({
  settlementIdx: 11,
  contractIdx: 3,
  projectIdx: 1,
  memberInProjectIdx: 8,
  month: '202603',
  status: 'draft',
  minutes: 960,
  grossAmount: 1234567,
  withholdingAmount: 40740,
  netAmount: 1193827,
  currency: 'KRW',
  dailyRate: 617284,
  withholdingRateBp: 330,
  submittedAt: null,
  autoApproveAt: null,
  decidedAt: null,
  decidedByIdx: null,
  autoApproved: false,
  returnNote: null,
  paidDt: null,
  paidReference: null,
  updatedAt: '2026-03-31T00:00:00.000Z',
  can: { submit: false, approve: false, return: false, pay: false, export: true },
  ...over,
});
