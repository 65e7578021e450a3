import { z } from 'zod';
import { currencies } from '../rules/settlement.js';
import { dateCode, idx, intIn, moneyAmount, multiLine } from './common.js';
import { requestStatuses } from './request.js';

/**
 * Contracts (docs/product/contracts.md#terms): an admin or a client offers a
 * professional member of the project a daily rate for a period. The offer is a request of kind
 * `contract`; the contract's status is its request's: `awaiting` (offered), `inProgress`
 * (accepted), `rejected` (declined), `completed` (ended). Terms never change once offered: a new
 * rate is a new contract. Money is integer minor units (won; cents for USD).
 */
export const contractStatuses = requestStatuses;
export type ContractStatus = (typeof contractStatuses)[number];
/** Statuses that hold the member's one contract slot in a project. */
export const runningContractStatuses = [
  'awaiting',
  'inProgress',
] as const satisfies readonly ContractStatus[];

/** The moves of `POST /contract/{contractIdx}/accept|decline|end`: from which status, to which. */
export const contractMoves = {
  accept: { from: 'awaiting', to: 'inProgress' },
  decline: { from: 'awaiting', to: 'rejected' },
  end: { from: 'inProgress', to: 'completed' },
} as const satisfies Record<string, { from: ContractStatus; to: ContractStatus }>;
export type ContractMove = keyof typeof contractMoves;

export const contract = z.object({
  contractIdx: z.number().int(),
  projectIdx: z.number().int(),
  /** The professional. */
  memberInProjectIdx: z.number().int(),
  /** The offer: a request of kind `contract` from the offerer to the professional. */
  requestIdx: z.number().int(),
  dailyRate: z.number().int(),
  currency: z.enum(currencies),
  /** `YYYYMMDD`. */
  startDt: z.string(),
  /** `YYYYMMDD`; null: open-ended until it is ended (ending sets it). */
  endDt: z.string().nullable(),
  scope: z.string(),
  /** Basis points: 330 = 3.3 %. */
  withholdingRateBp: z.number().int(),
  status: z.enum(contractStatuses),
  /** Who offered it (memberInProjectIdx). */
  offeredByIdx: z.number().int(),
  /** Why the professional declined; null otherwise. */
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do with it (on every answer: list and one), decided by the server. */
  can: z.object({ accept: z.boolean(), decline: z.boolean(), end: z.boolean() }).optional(),
});
export type Contract = z.infer<typeof contract>;

export const contractListQuery = z.object({ projectIdx: idx });
export type ContractListQuery = z.infer<typeof contractListQuery>;
export const contractList = z.object({ contracts: z.array(contract) });
export type ContractList = z.infer<typeof contractList>;

/**
 * The terms of a contract (docs/product/contracts.md#terms): what an offer and a hire
 * (`updateApplicationRequest`) both send, checked alike; `withPeriodRule` adds the period's rule.
 */
export const contractTerms = z.object({
  dailyRate: moneyAmount,
  currency: z.enum(currencies),
  startDt: dateCode,
  endDt: dateCode.nullable().optional(),
  scope: multiLine().trim().min(1, 'required').max(20_000),
  withholdingRateBp: intIn(0, 10_000, 'withholdingRange').default(0),
});

/** A period's end, when given, is not before its start (`endBeforeStart` on `endDt`). */
export const withPeriodRule = <T extends z.ZodType<{ startDt: string; endDt?: string | null }>>(schema: T) =>
  schema.refine((v) => v.endDt == null || v.endDt >= v.startDt, {
    message: 'endBeforeStart',
    path: ['endDt'],
  });

export const offerContractRequest = withPeriodRule(
  z.object({ projectIdx: idx, memberInProjectIdx: idx, ...contractTerms.shape }),
);
export type OfferContractRequest = z.infer<typeof offerContractRequest>;

export const declineContractRequest = z.object({
  reason: multiLine().trim().min(1, 'required').max(2000),
});
export type DeclineContractRequest = z.infer<typeof declineContractRequest>;

export const contractIdxParams = z.object({ contractIdx: idx });
