import type { EmbeddedClient } from '../../infra/pglite-thread.js';
import { fromPglite, type Db } from 'pg-boss';

/**
 * pg-boss's `db` on the app's embedded PGlite instance: `executeSql(text, values)` runs a
 * parameterised statement with `query()` and pg-boss's parameterless multi-statement blocks
 * (schema, migrations, `BEGIN … advisory lock … COMMIT`) with `exec()`, rolling back a block that
 * failed half-way so the single connection is never left in an aborted transaction. That is
 * pg-boss's own PGlite adapter (`fromPglite`, used with `backend: 'pglite'`).
 *
 * Why it cannot deadlock with the app: EmbeddedClient has one connection and runs every `query()`/`exec()`
 * behind its transaction lock, so a pg-boss poll waits for an open app transaction to commit
 * instead of slipping into it, and the app's next transaction waits for the poll. `FOR UPDATE SKIP
 * LOCKED` and advisory locks work as on PostgreSQL (there is simply no second session to skip).
 * The one rule, as for repositories: never await a pg-boss call (`jobs.send`) inside a transaction
 * callback on PGlite, it would wait for the transaction it is in.
 */
export function pgliteJobDb(client: EmbeddedClient): Db {
  return fromPglite(client);
}
