import { z } from 'zod';
import { currencies } from '../rules/settlement.js';
import { idx } from './common.js';
import { settlementStatuses } from './settlement.js';

/**
 * The caller's earnings across projects (docs/product/earnings-and-spending.md#earnings):
 * `GET /member/earnings?year=YYYY` and the yearly statement per payer
 * `GET /member/earnings/statement?year=&payer=&format=csv|pdf`.
 */
export const earningsYear = z.coerce.number().int().min(2000, 'numberRange').max(2100, 'numberRange');

export const earningsQuery = z.object({ year: earningsYear });
export type EarningsQuery = z.infer<typeof earningsQuery>;

export const earningsStatementQuery = z.object({
  year: earningsYear,
  /** The payer: the project whose contracts paid the caller. */
  payer: idx,
  format: z.enum(['csv', 'pdf']),
});
export type EarningsStatementQuery = z.infer<typeof earningsStatementQuery>;

const moneySum = z.object({
  currency: z.enum(currencies),
  count: z.number().int(),
  minutes: z.number().int(),
  grossAmount: z.number().int(),
  withholdingAmount: z.number().int(),
  netAmount: z.number().int(),
});
export type MoneySumDto = z.infer<typeof moneySum>;

/** One of the caller's settlements of the year (earned or pending), with its payer's names. */
export const earningsSettlement = z.object({
  settlementIdx: z.number().int(),
  contractIdx: z.number().int(),
  projectIdx: z.number().int(),
  projectName: z.string(),
  /** The client company named on the project, else the project's name. */
  payerName: z.string(),
  month: z.string(),
  status: z.enum(settlementStatuses),
  currency: z.enum(currencies),
  minutes: z.number().int(),
  grossAmount: z.number().int(),
  withholdingAmount: z.number().int(),
  netAmount: z.number().int(),
  withholdingRateBp: z.number().int(),
  /** `YYYYMMDD` of the payment (paid ones). */
  paidDt: z.string().nullable(),
});
export type EarningsSettlement = z.infer<typeof earningsSettlement>;

export const earnings = z.object({
  year: z.number().int(),
  /** Years in which the caller has an earned or pending settlement, newest first (for the picker). */
  years: z.array(z.number().int()),
  months: z.array(moneySum.extend({ month: z.string() })),
  totals: z.array(moneySum),
  payers: z.array(
    moneySum.extend({ projectIdx: z.number().int(), projectName: z.string(), payerName: z.string() }),
  ),
  pending: z.array(moneySum),
  /** Every settlement the sums come from, by month then project. */
  settlements: z.array(earningsSettlement),
});
export type Earnings = z.infer<typeof earnings>;
