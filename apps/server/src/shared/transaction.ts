import type { Db } from '../infra/db.js';

/** Runs `work` in one transaction; repositories built on the handle it gets take part in it. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
