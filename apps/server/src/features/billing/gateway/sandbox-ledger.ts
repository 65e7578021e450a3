import { and, asc, eq, sql } from 'drizzle-orm';
import { sandboxCancels, sandboxCharges } from '../../../db/schema/index.js';
import type { Db } from '../../../infra/db.js';

export type SandboxCharge = typeof sandboxCharges.$inferSelect;

/**
 * The sandbox gateway's own tables (the only code touching them): what it charged and refunded,
 * kept across restarts as a real gateway keeps them. Each statement stands alone (autocommit), on
 * the gateway's side of the line: never inside one of the app's transactions.
 */
export function createSandboxLedger(db: Db) {
  return {
    async order(orderId: string): Promise<SandboxCharge | null> {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, orderId));
      return row ?? null;
    },
    /** Records the order's outcome once; a second call for the order gets the first record back. */
    async record(values: typeof sandboxCharges.$inferInsert): Promise<SandboxCharge> {
      const [inserted] = await db.insert(sandboxCharges).values(values).onConflictDoNothing().returning();
      return inserted ?? (await this.order(values.orderId))!;
    },
    /** Every charge taken (`DONE`), oldest first. */
    async charges(): Promise<SandboxCharge[]> {
      return db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.status, 'DONE'))
        .orderBy(asc(sandboxCharges.createdAt), asc(sandboxCharges.orderId));
    },
    async cancels() {
      return db.select().from(sandboxCancels).orderBy(asc(sandboxCancels.createdAt));
    },
    /**
     * Cancels `amount` of a charge once per idempotency key: 'done' (now or before), 'too much' when
     * less is left of the charge. One transaction of the gateway's own.
     */
    async cancel(idempotencyKey: string, paymentKey: string, amount: number): Promise<'done' | 'too much'> {
      return db.transaction(async (tx) => {
        const [first] = await tx
          .insert(sandboxCancels)
          .values({ idempotencyKey, paymentKey, amount })
          .onConflictDoNothing()
          .returning();
        if (!first) return 'done';
        const [charge] = await tx
          .update(sandboxCharges)
          .set({ canceledAmount: sql`${sandboxCharges.canceledAmount} + ${amount}` })
          .where(
            and(
              eq(sandboxCharges.paymentKey, paymentKey),
              sql`${sandboxCharges.amount} - ${sandboxCharges.canceledAmount} >= ${amount}`,
            ),
          )
          .returning();
        if (charge) return 'done';
        const [known] = await tx
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.paymentKey, paymentKey));
        if (!known) return 'done';
        await tx.delete(sandboxCancels).where(eq(sandboxCancels.idempotencyKey, idempotencyKey));
        return 'too much';
      });
    },
  };
}
export type SandboxLedger = ReturnType<typeof createSandboxLedger>;
