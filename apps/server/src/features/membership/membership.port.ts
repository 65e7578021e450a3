import type { Db } from '../../infra/db.js';
import { createMembershipRepository, type MembershipRepository } from './membership.repository.js';

/**
 * Membership as the rest of the server sees it (docs/decisions.md "Membership is one port"): who is in
 * which project with which role, read or locked on a handle, the last-admin rule and the cache of
 * authorization's lookups. Other features import this file (or the module), never the repository:
 * `npm run lint:layers` refuses it (rule `membership-through-its-port`).
 */
export type { MembershipRow, MemberInProjectRow } from './membership.repository.js';
export type { MembershipService } from './membership.service.js';
export { holdsAdminAuthority } from './last-admin.js';
export { createMembershipCache, MEMBERSHIP_CHANGED, type MembershipCache } from './membership-cache.js';

/** What other features may ask of memberships: reads, the locks a change takes first, a hire's join. */
export type MembershipPort = Pick<
  MembershipRepository,
  | 'findMembership'
  | 'findMembershipInAnyState'
  | 'findActiveRecord'
  | 'findActive'
  | 'findRecords'
  | 'listActive'
  | 'totalMember'
  | 'recordsOfMember'
  | 'lockProject'
  | 'lockMember'
  | 'join'
  | 'addMember'
>;

/** The port on a handle: the database, or a transaction so its reads and locks are the transaction's. */
export function membershipsOn(handle: Db): MembershipPort {
  return createMembershipRepository(handle);
}

/**
 * The ports every unit of work hands its transaction (platform/events/unit-of-work.ts): the context's
 * `transactionPorts`, set where the app is composed.
 */
export function membershipTransactionPorts(handle: Db) {
  return { members: membershipsOn(handle) };
}

declare module '../../platform/events/unit-of-work.js' {
  interface TransactionPorts {
    /** Memberships on the transaction's handle. */
    members: MembershipPort;
  }
}
