import type { Db } from '../../infra/db.js';
import { bufferedAuditRecorder, type AuditRecorder } from '../audit/audit-trail.js';
import type { AppContext } from '../../shared/context.js';
import { inTransaction } from '../../shared/transaction.js';
import { createEventRecorder, type EventRecorder } from './outbox.repository.js';

/** What a unit of work's callback gets: the repositories on the transaction, the outbox and the audit recorder. */
export type UnitOfWorkHandle<R> = R & { events: EventRecorder; audit: AuditRecorder };

export type UnitOfWork<R> = <T>(work: (r: UnitOfWorkHandle<R>) => Promise<T>) => Promise<T>;

/** What a unit of work stands on: the dispatcher it kicks after the commit and the audit trail. */
export type UnitOfWorkContext = Pick<AppContext, 'events' | 'audit'>;

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
      const out = await work({ ...repositories(tx), events: createEventRecorder(tx), audit });
      await ctx.audit.record(tx, audit.entries);
      return out;
    });
    ctx.events.kick();
    return result;
  };
}
