import { apiPaths, type Contract, type ContractList, type OfferContractRequest } from '@teamline/contract';

import { api } from './api';

/**
 * The contract calls (docs/product/contracts.md#terms), shared by the contracts
 * panel, the settlement pages (whether the caller has a contract) and a contract request's detail.
 */
export const contractApi = {
  list: (projectIdx: number) => api<ContractList>(apiPaths.contract, { query: { projectIdx } }),
  offer: (body: OfferContractRequest) => api<Contract>(apiPaths.contract, { method: 'POST', body }),
  accept: (contractIdx: number) =>
    api<Contract>(apiPaths.contractMove(contractIdx, 'accept'), { method: 'POST' }),
  decline: (contractIdx: number, reason: string) =>
    api<Contract>(apiPaths.contractMove(contractIdx, 'decline'), { method: 'POST', body: { reason } }),
  end: (contractIdx: number) => api<Contract>(apiPaths.contractMove(contractIdx, 'end'), { method: 'POST' }),
};

/** Under the project's planning key: contract.* and request.* events refetch them. */
export const contractKeys = {
  all: (projectIdx: number) => ['planning', projectIdx, 'contract'] as const,
  list: (projectIdx: number) => ['planning', projectIdx, 'contract', 'list'] as const,
};
