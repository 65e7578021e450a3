import { z } from 'zod';
import { currencies } from '../rules/settlement.js';
import { dateCode, idx, multiLine, singleLine } from './common.js';

/**
 * Settlement of a contract for one month (docs/product/timekeeping-and-settlement.md#pay-arithmetic).
 * One per contract and month `YYYYMM`, computed from that month's time entries of the contract's
 * professional within the contract's period:
 *
 *  `draft` ─submit (professional)→ `submitted` ─approve (client or admin, not oneself)→ `approved`
 *                                              └return with a note→ `returned` ─submit→ `submitted`
 *  `approved` ─pay (client or admin: date, reference)→ `paid`
 *
 * A draft or returned settlement is recomputed on every read; submitting freezes the amounts and
 * locks the month's entries (edits answer 409 TIMEKEEPING_LOCKED); returning unlocks them. An
 * approved or paid amount never changes. A submitted settlement not answered in
 * `SETTLEMENT_AUTO_APPROVE_DAYS` (7) is approved by a durable job, with a notice a day before.
 */
export const settlementStatuses = ['draft', 'submitted', 'returned', 'approved', 'paid'] as const;
export type SettlementStatus = (typeof settlementStatuses)[number];

/** Statuses in which the month's entries of the contract's professional are locked. */
export const lockingSettlementStatuses = [
  'submitted',
  'approved',
  'paid',
] as const satisfies readonly SettlementStatus[];

/** The moves of `POST /settlement/{settlementIdx}/submit|approve|return|pay`: from which statuses, to which. */
export const settlementMoves = {
  submit: { from: ['draft', 'returned'], to: 'submitted' },
  approve: { from: ['submitted'], to: 'approved' },
  return: { from: ['submitted'], to: 'returned' },
  pay: { from: ['approved'], to: 'paid' },
} as const satisfies Record<string, { from: readonly SettlementStatus[]; to: SettlementStatus }>;
export type SettlementMove = keyof typeof settlementMoves;
export const settlementMoveNames = Object.keys(settlementMoves) as SettlementMove[];

/** `YYYYMM`. */
export const monthCode = z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'dateFormat');

export const settlementLine = z.object({
  /** null once its story was deleted: the time still counts. */
  storyIdx: z.number().int().nullable(),
  /** The story's title when it was read (null once deleted). */
  storyTitle: z.string().nullable().optional(),
  /** `YYYYMMDD`. */
  workDt: z.string(),
  minutes: z.number().int(),
  /** Minor units; the lines add up to `grossAmount` exactly (largest remainder). */
  amount: z.number().int(),
});
export type SettlementLineDto = z.infer<typeof settlementLine>;

/** One move of a settlement: who (null: the automatic job), when, from which status to which, the note. */
export const settlementHistoryEntry = z.object({
  fromStatus: z.enum(settlementStatuses),
  toStatus: z.enum(settlementStatuses),
  /** memberInProjectIdx of who moved it; null for the automatic approval. */
  actorIdx: z.number().int().nullable(),
  /** The return's note; null for the other moves. */
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type SettlementHistoryEntry = z.infer<typeof settlementHistoryEntry>;

export const settlement = z.object({
  settlementIdx: z.number().int(),
  contractIdx: z.number().int(),
  projectIdx: z.number().int(),
  /** The professional (the contract's member). */
  memberInProjectIdx: z.number().int(),
  /** `YYYYMM`. */
  month: z.string(),
  status: z.enum(settlementStatuses),
  minutes: z.number().int(),
  grossAmount: z.number().int(),
  withholdingAmount: z.number().int(),
  netAmount: z.number().int(),
  currency: z.enum(currencies),
  /** The contract's terms, copied for the statement. */
  dailyRate: z.number().int(),
  withholdingRateBp: z.number().int(),
  /** Per story and day; absent from list answers (`GET /settlement?…`), present on one settlement. */
  lines: z.array(settlementLine).optional(),
  submittedAt: z.string().nullable(),
  /** When the auto-approval job will approve it (submitted only). */
  autoApproveAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Who approved or returned it; null for the automatic approval. */
  decidedByIdx: z.number().int().nullable(),
  /** True when the durable job approved it. */
  autoApproved: z.boolean(),
  /** The note of the last return. */
  returnNote: z.string().nullable(),
  /** `YYYYMMDD` of the payment. */
  paidDt: z.string().nullable(),
  paidReference: z.string().nullable(),
  updatedAt: z.string(),
  /** Every move, oldest first; on one settlement (`GET /settlement/{settlementIdx}`) only. */
  history: z.array(settlementHistoryEntry).optional(),
  /** What the caller may do with it, decided by the server. */
  can: z
    .object({
      submit: z.boolean(),
      approve: z.boolean(),
      return: z.boolean(),
      pay: z.boolean(),
      export: z.boolean(),
    })
    .optional(),
});
export type Settlement = z.infer<typeof settlement>;

export const settlementListQuery = z.object({ projectIdx: idx, month: monthCode });
export type SettlementListQuery = z.infer<typeof settlementListQuery>;

/** The month's settlements the caller may see, and the project's spend per month for the chart. */
/** Approved and paid gross of one month in one currency. */
export const settlementSpend = z.object({
  month: z.string(),
  currency: z.enum(currencies),
  grossAmount: z.number().int(),
});
export type SettlementSpend = z.infer<typeof settlementSpend>;

export const settlementList = z.object({
  month: z.string(),
  settlements: z.array(settlement),
  /** Approved and paid gross per month and currency over the last 12 months up to `month`. */
  spend: z.array(settlementSpend),
});
export type SettlementList = z.infer<typeof settlementList>;

export const settlementIdxParams = z.object({ settlementIdx: idx });

export const returnSettlementRequest = z.object({
  note: multiLine().trim().min(1, 'required').max(2000),
});
export type ReturnSettlementRequest = z.infer<typeof returnSettlementRequest>;

export const paySettlementRequest = z.object({
  paidDt: dateCode,
  reference: singleLine().trim().min(1, 'required').max(200),
});
export type PaySettlementRequest = z.infer<typeof paySettlementRequest>;

export const settlementExportQuery = z.object({ format: z.enum(['csv', 'pdf']) });
export type SettlementExportFormat = z.infer<typeof settlementExportQuery>['format'];
