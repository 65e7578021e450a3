import { and, asc, count, desc, eq, gt, gte, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditChain, auditLog, members } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type ChainHead = typeof auditChain.$inferSelect;

/** Which records a reader asked for: one project's or one account's, then the filters. */
export interface AuditFilter {
  projectIdx?: number;
  /** The own-account log: records about this account. */
  accountIdx?: number;
  /** Records this account did or concerned (the "person" filter of a project's log). */
  personIdx?: number;
  /** One kind (`member.role_changed`) or a category (`member`). */
  kind?: string;
  from?: Date;
  to?: Date;
  /** Records older than this id (the CSV export reads in batches below it). */
  beforeIdx?: number;
}

/** A record with the nicknames of its actor and member as they are now. */
export type AuditListRow = AuditRow & { actorNickname: string | null; memberNickname: string | null };

/** The audit log's tables: the only code that reads or writes `audit_log` and `audit_chain`. */
export function createAuditRepository(db: Db) {
  const where = (f: AuditFilter): SQL | undefined =>
    and(
      f.projectIdx === undefined ? undefined : eq(auditLog.projectIdx, f.projectIdx),
      f.accountIdx === undefined ? undefined : eq(auditLog.memberIdx, f.accountIdx),
      f.personIdx === undefined
        ? undefined
        : or(eq(auditLog.actorIdx, f.personIdx), eq(auditLog.memberIdx, f.personIdx)),
      f.kind === undefined
        ? undefined
        : f.kind.includes('.')
          ? eq(auditLog.kind, f.kind)
          : like(auditLog.kind, `${f.kind}.%`),
      f.from === undefined ? undefined : gte(auditLog.occurredAt, f.from),
      f.to === undefined ? undefined : lt(auditLog.occurredAt, f.to),
      f.beforeIdx === undefined ? undefined : lt(auditLog.auditIdx, f.beforeIdx),
    );

  return {
    /** Locks the chain's head until the transaction ends: appends take turns here. */
    async lockHead(): Promise<ChainHead> {
      const [head] = await db.select().from(auditChain).where(eq(auditChain.id, 1)).for('update');
      if (!head) throw new Error('audit_chain has no head row (migration 0029 seeds it)');
      return head;
    },
    async head(): Promise<ChainHead> {
      const [head] = await db.select().from(auditChain).where(eq(auditChain.id, 1));
      return head!;
    },
    async append(rows: AuditRow[]) {
      await db.insert(auditLog).values(rows);
      const last = rows[rows.length - 1]!;
      await db
        .update(auditChain)
        .set({ lastIdx: last.auditIdx, lastHash: last.hash })
        .where(eq(auditChain.id, 1));
    },

    async page(filter: AuditFilter, offset: number, limit: number): Promise<AuditListRow[]> {
      const actor = alias(members, 'audit_actor');
      const member = alias(members, 'audit_member');
      const rows = await db
        .select({ record: auditLog, actorNickname: actor.nickname, memberNickname: member.nickname })
        .from(auditLog)
        .leftJoin(actor, eq(actor.memberIdx, auditLog.actorIdx))
        .leftJoin(member, eq(member.memberIdx, auditLog.memberIdx))
        .where(where(filter))
        .orderBy(desc(auditLog.auditIdx))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        ...r.record,
        actorNickname: r.actorNickname,
        memberNickname: r.memberNickname,
      }));
    },
    async count(filter: AuditFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(auditLog).where(where(filter));
      return row?.n ?? 0;
    },

    /** The records after `afterIdx` in chain order, `limit` at a time (verify walks the whole chain). */
    async after(afterIdx: number, limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(gt(auditLog.auditIdx, afterIdx))
        .orderBy(asc(auditLog.auditIdx))
        .limit(limit);
    },

    /** The newest record of the retention's prefix: every record up to it is older than `cutoff`. */
    async lastBefore(cutoff: Date): Promise<AuditRow | null> {
      const [firstKept] = await db
        .select({ auditIdx: auditLog.auditIdx })
        .from(auditLog)
        .where(gte(auditLog.occurredAt, cutoff))
        .orderBy(asc(auditLog.auditIdx))
        .limit(1);
      const [row] = await db
        .select()
        .from(auditLog)
        .where(
          and(
            lt(auditLog.occurredAt, cutoff),
            firstKept ? lt(auditLog.auditIdx, firstKept.auditIdx) : undefined,
          ),
        )
        .orderBy(desc(auditLog.auditIdx))
        .limit(1);
      return row ?? null;
    },

    /**
     * The retention job's delete (in its transaction, with the head locked): records up to
     * `anchor`, oldest first, at most `limit`; the head's anchor moves to the last one deleted.
     * The transaction-local setting is what the append-only trigger lets through.
     */
    async deleteThrough(anchor: AuditRow, fromIdx: number) {
      await db.execute(sql`select set_config('teamline.audit_retention', 'on', true)`);
      await db
        .delete(auditLog)
        .where(and(gt(auditLog.auditIdx, fromIdx), lte(auditLog.auditIdx, anchor.auditIdx)));
      await db.execute(sql`select set_config('teamline.audit_retention', 'off', true)`);
      await db
        .update(auditChain)
        .set({ anchorIdx: anchor.auditIdx, anchorHash: anchor.hash })
        .where(eq(auditChain.id, 1));
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
