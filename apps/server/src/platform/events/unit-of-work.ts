import type { Db } from '../../infra/db.js';
import { inTransaction } from '../../shared/transaction.js';
import type { EventDispatcher } from './event-dispatcher.js';
import { createEventRecorder, type EventRecorder } from './outbox.repository.js';

export type UnitOfWork<R> = <T>(work: (r: R & { events: EventRecorder }) => Promise<T>) => Promise<T>;

/**
 * One transaction over a module's repositories and the event recorder, so a change and its events
 * commit together (or not at all); the dispatcher is kicked after the commit.
 */
export function unitOfWork<R extends object>(
  db: Db,
  dispatcher: Pick<EventDispatcher, 'kick'>,
  repositories: (handle: Db) => R,
): UnitOfWork<R> {
  return async (work) => {
    const result = await inTransaction(db, (tx) =>
      work({ ...repositories(tx), events: createEventRecorder(tx) }),
    );
    dispatcher.kick();
    return result;
  };
}
