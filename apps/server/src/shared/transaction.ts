import { sql } from 'drizzle-orm';
import type { Db } from '../infra/db.js';

/** Runs `work` in one transaction; repositories built on the handle it gets take part in it. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/** Namespace of the advisory locks below (the second key is the project). */
const ORDER_LOCK_NAMESPACE = 7_241_901;

/**
 * Serialises order-key changes of one project until the transaction ends, on every instance that
 * shares the database: two moves into the same gap would otherwise compute the same key.
 */
export async function lockProjectOrder(tx: Db, projectIdx: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_LOCK_NAMESPACE}, ${projectIdx})`);
}
