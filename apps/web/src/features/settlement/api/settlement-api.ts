import { type PaySettlementRequest, type SettlementExportFormat } from '@teamline/contract';
import { api } from '../../../lib/api';

export const settlementApi = {
  list: (projectIdx: number, month: string) => api.get('settlement', { query: { projectIdx, month } }),
  get: (settlementIdx: number) => api.get(['settlementOne', settlementIdx]),
  submit: (settlementIdx: number) => api.post(['settlementMove', settlementIdx, 'submit']),
  approve: (settlementIdx: number) => api.post(['settlementMove', settlementIdx, 'approve']),
  return: (settlementIdx: number, note: string) =>
    api.post(['settlementMove', settlementIdx, 'return'], { body: { note } }),
  pay: (settlementIdx: number, body: PaySettlementRequest) =>
    api.post(['settlementMove', settlementIdx, 'pay'], { body }),
  /** The statement file, fetched with the access key like every call (a plain link would carry none). */
  export: (settlementIdx: number, format: SettlementExportFormat) =>
    api.file(['settlementExport', settlementIdx], { query: { format } }),
};

/** Under the project's planning key, so the project's live updates refetch them too. */
export const settlementKeys = {
  all: (projectIdx: number) => ['planning', projectIdx, 'settlement'] as const,
  list: (projectIdx: number, month: string) => ['planning', projectIdx, 'settlement', 'list', month] as const,
  one: (projectIdx: number, settlementIdx: number) =>
    ['planning', projectIdx, 'settlement', 'one', settlementIdx] as const,
};
