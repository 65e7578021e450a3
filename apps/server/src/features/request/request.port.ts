import type { Db } from '../../infra/db.js';
import { createRequestRepository, type RequestRepository } from './request.repository.js';

export type { RequestRow } from './request.repository.js';

/**
 * Requests as another feature writes them inside its own transaction: a contract offer is a
 * request of type `contract`, inserted, locked and answered with the contract (docs/decisions.md
 * "A feature uses another through what that feature's module hands out"). Only this file and the
 * module are imported from outside features/request.
 */
export type RequestRecords = Pick<RequestRepository, 'insert' | 'lockById' | 'update'>;

/** The request records on a handle: the database, or the caller's transaction. */
export function requestRecordsOn(handle: Db): RequestRecords {
  return createRequestRepository(handle);
}
