import type { EmbeddedClient } from './pglite-thread.js';
import { Placeholder } from 'drizzle-orm';

const prepared = new WeakMap<EmbeddedClient, Map<string, Promise<unknown>>>();

/**
 * Runs a read of one integer id that PGlite plans once per session. PGlite sends every query as an
 * unnamed statement, planned on each call (drizzle's `.prepare()` keeps only the SQL text there):
 * for a short indexed read planning took as long as running it (0.36 of 0.8 ms). A session-level
 * `PREPARE` is planned once; `EXECUTE` refuses protocol parameters, so its arguments are written
 * into its text, and only safe integers are accepted. `query` is drizzle's `toSQL()` of the same
 * query the PostgreSQL path runs: its placeholder takes `id`, its other parameters (a limit) are
 * kept; rows come back keyed by `columns`, in the statement's column order.
 */
export async function executePlannedOnce<K extends string>(
  client: EmbeddedClient,
  name: string,
  query: { sql: string; params: unknown[] },
  columns: readonly K[],
  id: number,
): Promise<Record<K, unknown>[]> {
  const args = query.params.map((param) => (param instanceof Placeholder ? id : param));
  for (const arg of args)
    if (typeof arg !== 'number' || !Number.isSafeInteger(arg))
      throw new TypeError(`${name}: ${String(arg)} is not an integer`);
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Map<string, Promise<unknown>>()));
  let ready = names.get(name);
  if (!ready) {
    const types = args.map(() => 'integer').join(', ');
    ready = client.exec(`prepare ${name}(${types}) as ${query.sql}`);
    names.set(name, ready);
    ready.catch(() => names.delete(name));
  }
  await ready;
  const { rows } = await client.query<unknown[]>(`execute ${name}(${args.join(', ')})`, [], {
    rowMode: 'array',
  });
  return rows.map(
    (row) => Object.fromEntries(columns.map((column, i) => [column, row[i]])) as Record<K, unknown>,
  );
}
