import {
  apiPaths,
  type PaySettlementRequest,
  type Settlement,
  type SettlementExportFormat,
  type SettlementList,
} from '@teamline/contract';
import { api } from '../../../lib/api';

export const settlementApi = {
  list: (projectIdx: number, month: string) =>
    api<SettlementList>(apiPaths.settlement, { query: { projectIdx, month } }),
  get: (settlementIdx: number) => api<Settlement>(apiPaths.settlementOne(settlementIdx)),
  submit: (settlementIdx: number) =>
    api<Settlement>(apiPaths.settlementMove(settlementIdx, 'submit'), { method: 'POST' }),
  approve: (settlementIdx: number) =>
    api<Settlement>(apiPaths.settlementMove(settlementIdx, 'approve'), { method: 'POST' }),
  return: (settlementIdx: number, note: string) =>
    api<Settlement>(apiPaths.settlementMove(settlementIdx, 'return'), { method: 'POST', body: { note } }),
  pay: (settlementIdx: number, body: PaySettlementRequest) =>
    api<Settlement>(apiPaths.settlementMove(settlementIdx, 'pay'), { method: 'POST', body }),
  /** The statement file, fetched with the access key like every call (a plain link would carry none). */
  export: (settlementIdx: number, format: SettlementExportFormat) =>
    api<Blob>(apiPaths.settlementExport(settlementIdx), { query: { format }, asBlob: true }),
};

/** Under the project's planning key, so the project's live updates refetch them too. */
export const settlementKeys = {
  all: (projectIdx: number) => ['planning', projectIdx, 'settlement'] as const,
  list: (projectIdx: number, month: string) => ['planning', projectIdx, 'settlement', 'list', month] as const,
  one: (projectIdx: number, settlementIdx: number) =>
    ['planning', projectIdx, 'settlement', 'one', settlementIdx] as const,
};
