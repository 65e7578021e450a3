import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { memberExports } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type MemberExportRow = typeof memberExports.$inferSelect;

/** The only code touching `member_export`: the member's archives and their states. */
export function createMemberExportRepository(db: Db) {
  return {
    /** A new queued archive; null while another of the member's is queued or running (the partial unique index). */
    async insertQueued(memberIdx: number, at: Date): Promise<MemberExportRow | null> {
      const [row] = await db
        .insert(memberExports)
        .values({ memberIdx, state: 'queued', createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },
    async findById(exportIdx: number): Promise<MemberExportRow | null> {
      const [row] = await db.select().from(memberExports).where(eq(memberExports.exportIdx, exportIdx));
      return row ?? null;
    },
    async latestOf(memberIdx: number): Promise<MemberExportRow | null> {
      const [row] = await db
        .select()
        .from(memberExports)
        .where(eq(memberExports.memberIdx, memberIdx))
        .orderBy(desc(memberExports.exportIdx))
        .limit(1);
      return row ?? null;
    },
    /** Queued or running → running from 0 (a retry starts over); false when it is no longer either. */
    async start(exportIdx: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(memberExports)
        .set({ state: 'running', progress: 0, updatedAt: at })
        .where(
          and(eq(memberExports.exportIdx, exportIdx), inArray(memberExports.state, ['queued', 'running'])),
        )
        .returning({ exportIdx: memberExports.exportIdx });
      return rows.length > 0;
    },
    async progress(exportIdx: number, progress: number, at: Date): Promise<void> {
      await db
        .update(memberExports)
        .set({ progress, updatedAt: at })
        .where(and(eq(memberExports.exportIdx, exportIdx), eq(memberExports.state, 'running')));
    },
    /** Running → ready with its bytes; false when it stopped running meanwhile (the member withdrew). */
    async ready(
      exportIdx: number,
      done: { storageKey: string; size: number; at: Date; expiresAt: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(memberExports)
        .set({
          state: 'ready',
          progress: 100,
          storageKey: done.storageKey,
          size: done.size,
          readyAt: done.at,
          expiresAt: done.expiresAt,
          updatedAt: done.at,
        })
        .where(and(eq(memberExports.exportIdx, exportIdx), eq(memberExports.state, 'running')))
        .returning({ exportIdx: memberExports.exportIdx });
      return rows.length > 0;
    },
    async fail(exportIdx: number, at: Date): Promise<void> {
      await db
        .update(memberExports)
        .set({ state: 'failed', updatedAt: at })
        .where(
          and(eq(memberExports.exportIdx, exportIdx), inArray(memberExports.state, ['queued', 'running'])),
        );
    },

    // ---- the sweep ----
    /** Ready archives past their time become expired; every expired one still holding bytes is listed. */
    async expire(at: Date): Promise<{ exportIdx: number; storageKey: string }[]> {
      await db
        .update(memberExports)
        .set({ state: 'expired', updatedAt: at })
        .where(and(eq(memberExports.state, 'ready'), lt(memberExports.expiresAt, at)));
      const rows = await db
        .select({ exportIdx: memberExports.exportIdx, storageKey: memberExports.storageKey })
        .from(memberExports)
        .where(and(eq(memberExports.state, 'expired'), isNotNull(memberExports.storageKey)));
      return rows.flatMap((r) =>
        r.storageKey ? [{ exportIdx: r.exportIdx, storageKey: r.storageKey }] : [],
      );
    },
    /** After its bytes left storage. */
    async forgetBytes(exportIdx: number): Promise<void> {
      await db.update(memberExports).set({ storageKey: null }).where(eq(memberExports.exportIdx, exportIdx));
    },
    /** Queued archives whose job was never sent (a crash between the insert and the send). */
    async stuckQueued(before: Date): Promise<MemberExportRow[]> {
      return db
        .select()
        .from(memberExports)
        .where(and(eq(memberExports.state, 'queued'), lt(memberExports.updatedAt, before)));
    },
    /** Running archives nobody has moved for long (their job gave up): failed, so the member may ask again. */
    async failStale(before: Date, at: Date): Promise<number> {
      const rows = await db
        .update(memberExports)
        .set({ state: 'failed', updatedAt: at })
        .where(and(eq(memberExports.state, 'running'), lt(memberExports.updatedAt, before)))
        .returning({ exportIdx: memberExports.exportIdx });
      return rows.length;
    },
    /** Touches a queued row, so the sweep does not send its job again at once. */
    async touch(exportIdx: number, at: Date): Promise<void> {
      await db
        .update(memberExports)
        .set({ updatedAt: at })
        .where(and(eq(memberExports.exportIdx, exportIdx), sql`${memberExports.state} = 'queued'`));
    },
  };
}
export type MemberExportRepository = ReturnType<typeof createMemberExportRepository>;
