import { eq, sql } from 'drizzle-orm';
import { dataFixes } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

/**
 * Where a one-time data fix got to (`data_fix`, db/schema/data-fix.ts): a fix walks its rows in id
 * order, records the last id done after each batch, and is marked done at the end, so a fix killed
 * halfway goes on from its cursor and a finished one is not queued again.
 */
export function createDataFixRepository(db: Db) {
  return {
    /** The fix's cursor and whether it is done (a fix never run starts at 0). */
    async progress(name: string): Promise<{ cursor: number; done: boolean }> {
      await db.insert(dataFixes).values({ name }).onConflictDoNothing();
      const [row] = await db.select().from(dataFixes).where(eq(dataFixes.name, name));
      return { cursor: row?.cursor ?? 0, done: !!row?.doneAt };
    },
    async advance(name: string, cursor: number) {
      await db.update(dataFixes).set({ cursor }).where(eq(dataFixes.name, name));
    },
    async finish(name: string) {
      await db
        .update(dataFixes)
        .set({ doneAt: sql`now()` })
        .where(eq(dataFixes.name, name));
    },
    async isDone(name: string): Promise<boolean> {
      const [row] = await db
        .select({ doneAt: dataFixes.doneAt })
        .from(dataFixes)
        .where(eq(dataFixes.name, name));
      return !!row?.doneAt;
    },
  };
}
export type DataFixRepository = ReturnType<typeof createDataFixRepository>;

/**
 * Runs one fix to its end: `batch(after)` gives the next rows after the cursor, `fix` handles one
 * row (idempotent: a batch redone after a crash changes nothing more); the cursor moves after each
 * batch. How many rows `fix` said it changed.
 */
export async function runDataFix<R>(
  fixes: DataFixRepository,
  name: string,
  batch: (after: number) => Promise<R[]>,
  idOf: (row: R) => number,
  fix: (row: R) => Promise<boolean>,
): Promise<number> {
  let { cursor, done } = await fixes.progress(name);
  let changed = 0;
  while (!done) {
    const rows = await batch(cursor);
    if (rows.length === 0) {
      await fixes.finish(name);
      done = true;
      break;
    }
    for (const row of rows) if (await fix(row)) changed++;
    cursor = idOf(rows[rows.length - 1]!);
    await fixes.advance(name, cursor);
  }
  return changed;
}
