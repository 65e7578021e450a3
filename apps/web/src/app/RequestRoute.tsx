import { ContractOffer } from '../features/contract/components/ContractOffer';
import { RequestPage } from '../features/request/components/RequestPage';

/** A contract request's offer (terms, Accept, Decline) as the request detail shows it. */
export const renderContractOffer = (projectIdx: number, requestIdx: number) => (
  <ContractOffer projectIdx={projectIdx} requestIdx={requestIdx} />
);

/**
 * `/request/{id}`: the request page with the contract feature's offer in a contract request's detail,
 * put together here since features do not import one another.
 */
export function RequestRoute() {
  return <RequestPage renderContractOffer={renderContractOffer} />;
}
