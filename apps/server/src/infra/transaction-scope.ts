import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which code runs inside a database transaction: `openDatabase` wraps the handle's `transaction`, so
 * every transaction (units of work, repositories' own, nested savepoints) marks the work it runs.
 * A network call from there would hold the transaction (on embedded PGlite: the whole database) for
 * as long as the far side takes; `platform/network-guard` reports such calls.
 */
const scope = new AsyncLocalStorage<{ since: number }>();

export const insideTransaction = (): boolean => scope.getStore() !== undefined;

/** Runs `work` marked as inside a transaction (the transaction itself is the caller's). */
export const markedAsTransaction = <T>(work: () => Promise<T>): Promise<T> =>
  scope.run({ since: Date.now() }, work);

/**
 * Marks every transaction opened through `db` (once per handle; the handle drizzle gives the
 * callback opens savepoints, already inside the mark).
 */
export function markTransactions<D extends { transaction: (...args: never[]) => unknown }>(db: D): D {
  const original = db.transaction.bind(db) as unknown as (
    work: (tx: unknown) => Promise<unknown>,
    config?: unknown,
  ) => Promise<unknown>;
  (db as unknown as { transaction: typeof original }).transaction = (work, config) =>
    original((tx) => markedAsTransaction(() => work(tx)), config);
  return db;
}

export class NetworkInTransactionError extends Error {
  constructor(what: string) {
    super(`${what} was called inside a database transaction: call it before or after the transaction`);
    this.name = 'NetworkInTransactionError';
  }
}

/** For a call that leaves the process without HTTP (the sandbox gateway, SMTP): refuses inside a transaction. */
export function assertOutsideTransaction(what: string): void {
  if (insideTransaction()) throw new NetworkInTransactionError(what);
}
