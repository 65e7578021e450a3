import type { Db } from '../../infra/db.js';
import { bufferedAuditRecorder, type AuditRecorder } from '../audit/audit-trail.js';
import type { AppContext } from '../../shared/context.js';
import { inTransaction } from '../../shared/transaction.js';
import { createEventRecorder, type EventRecorder } from './outbox.repository.js';

/**
 * Ports every transaction carries besides a module's own repositories, each declared by the feature
 * that owns it through declaration merging (features/membership/membership.port.ts adds `members`),
 * so the kernel hands them out without importing a feature. The context's `transactionPorts` builds
 * them on the transaction's handle.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface TransactionPorts {}

/**
 * What a unit of work's callback gets: the repositories on the transaction, the ports every
 * transaction carries, the outbox and the audit recorder.
 */
export type UnitOfWorkHandle<R> = TransactionPorts & R & { events: EventRecorder; audit: AuditRecorder };

export type UnitOfWork<R> = <T>(work: (r: UnitOfWorkHandle<R>) => Promise<T>) => Promise<T>;

/** What a unit of work stands on: the dispatcher it kicks after the commit, the audit trail, the ports. */
export type UnitOfWorkContext = Pick<AppContext, 'events' | 'audit' | 'transactionPorts'>;

/**
 * One transaction over a module's repositories, the event recorder and the audit recorder, so a
 * change, its events and its audit records commit together (or not at all); the dispatcher is
 * kicked after the commit. Audit records are appended when the work is done, just before the commit:
 * the chain's lock (platform/audit/audit-trail.ts) is then always the transaction's last lock and is
 * held only for the commit, whatever the work locked or waited for before.
 */
export function unitOfWork<R extends object>(
  db: Db,
  ctx: UnitOfWorkContext,
  repositories: (handle: Db) => R,
): UnitOfWork<R> {
  return async (work) => {
    const result = await inTransaction(db, async (tx) => {
      const audit = bufferedAuditRecorder();
      const handle = {
        ...ctx.transactionPorts(tx),
        ...repositories(tx),
        events: createEventRecorder(tx),
        audit,
      };
      const out = await work(handle);
      await ctx.audit.record(tx, audit.entries);
      return out;
    });
    ctx.events.kick();
    return result;
  };
}

/** A feature's store: its repositories and the transaction ports on the database, and its unit of work. */
export type Store<R> = TransactionPorts & R & { transaction: UnitOfWork<R> };

/**
 * A feature's repositories on the database with the ports every transaction carries (so a read
 * outside a transaction asks the same `members`), and a unit of work handing out the same set.
 */
export function createStore<R extends object>(
  db: Db,
  ctx: UnitOfWorkContext,
  repositories: (handle: Db) => R,
): Store<R> {
  return { ...ctx.transactionPorts(db), ...repositories(db), transaction: unitOfWork(db, ctx, repositories) };
}
