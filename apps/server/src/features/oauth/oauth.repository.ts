import { and, eq, isNull, lt } from 'drizzle-orm';
import { memberIdentities, members, oauthTickets } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type TicketKind = 'state' | 'pre' | 'link';

export function createOauthRepository(db: Db) {
  return {
    async insertTicket(row: {
      tokenHash: string;
      kind: TicketKind;
      payload: Record<string, unknown>;
      expiresAt: Date;
      createdAt: Date;
    }) {
      await db.insert(oauthTickets).values(row);
    },
    /** A live ticket of this kind (unused, not expired), or null. */
    async findLiveTicket(tokenHash: string, kind: TicketKind, now: Date) {
      const [row] = await db.select().from(oauthTickets).where(eq(oauthTickets.tokenHash, tokenHash));
      if (!row || row.kind !== kind || row.usedAt || row.expiresAt <= now) return null;
      return row;
    },
    /** Forgets tickets past their expiry (used or not): they can never be used again. */
    async deleteExpiredTickets(before: Date) {
      await db.delete(oauthTickets).where(lt(oauthTickets.expiresAt, before));
    },
    /** Marks a ticket used only if it still was unused, so two concurrent uses cannot both win. */
    async consumeTicket(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(oauthTickets)
        .set({ usedAt: at })
        .where(and(eq(oauthTickets.id, id), isNull(oauthTickets.usedAt)))
        .returning({ id: oauthTickets.id });
      return rows.length === 1;
    },
    /** The identity row of (issuer, sub), with whether its account is still active. */
    async findIdentity(issuer: string, subject: string) {
      const [row] = await db
        .select({ id: memberIdentities.id, memberIdx: members.memberIdx, deletedAt: members.deletedAt })
        .from(memberIdentities)
        .innerJoin(members, eq(members.memberIdx, memberIdentities.memberIdx))
        .where(and(eq(memberIdentities.issuer, issuer), eq(memberIdentities.subject, subject)));
      return row ?? null;
    },
    async deleteIdentity(id: number) {
      await db.delete(memberIdentities).where(eq(memberIdentities.id, id));
    },
    async insertIdentity(row: { memberIdx: number; issuer: string; subject: string; email: string | null }) {
      await db.insert(memberIdentities).values(row);
    },
  };
}
export type OauthRepository = ReturnType<typeof createOauthRepository>;
