import { type OfferContractRequest } from '@teamline/contract';

import { api } from './api';

/**
 * The contract calls (docs/product/contracts.md#terms), shared by the contracts
 * panel, the settlement pages (whether the caller has a contract) and a contract request's detail.
 */
export const contractApi = {
  list: (projectIdx: number) => api.get('contract', { query: { projectIdx } }),
  offer: (body: OfferContractRequest) => api.post('contract', { body }),
  accept: (contractIdx: number) => api.post(['contractMove', contractIdx, 'accept']),
  decline: (contractIdx: number, reason: string) =>
    api.post(['contractMove', contractIdx, 'decline'], { body: { reason } }),
  end: (contractIdx: number) => api.post(['contractMove', contractIdx, 'end']),
};

/** Under the project's planning key: contract.* and request.* events refetch them. */
export const contractKeys = {
  all: (projectIdx: number) => ['planning', projectIdx, 'contract'] as const,
  list: (projectIdx: number) => ['planning', projectIdx, 'contract', 'list'] as const,
};
