import type { Settlement } from '@teamline/contract';
import type { ContractRow, SettlementHistoryRow, SettlementRow } from './settlement.repository.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toSettlement(
  row: SettlementRow,
  contract: ContractRow,
  amounts?: Pick<Settlement, 'minutes' | 'grossAmount' | 'withholdingAmount' | 'netAmount'>,
): Settlement {
  return {
    settlementIdx: row.settlementIdx,
    contractIdx: row.contractIdx,
    projectIdx: row.projectIdx,
    memberInProjectIdx: row.memberInProjectIdx,
    month: row.month,
    status: row.status,
    minutes: amounts?.minutes ?? row.minutes,
    grossAmount: amounts?.grossAmount ?? row.grossAmount,
    withholdingAmount: amounts?.withholdingAmount ?? row.withholdingAmount,
    netAmount: amounts?.netAmount ?? row.netAmount,
    currency: row.currency,
    dailyRate: contract.dailyRate,
    withholdingRateBp: contract.withholdingRateBp,
    submittedAt: iso(row.submittedAt),
    autoApproveAt: iso(row.autoApproveAt),
    decidedAt: iso(row.decidedAt),
    decidedByIdx: row.decidedByIdx,
    autoApproved: row.autoApproved,
    returnNote: row.returnNote,
    paidDt: row.paidDt,
    paidReference: row.paidReference,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toHistory = (h: SettlementHistoryRow) => ({
  fromStatus: h.fromStatus,
  toStatus: h.toStatus,
  actorIdx: h.actorIdx,
  note: h.note,
  createdAt: h.createdAt.toISOString(),
});
