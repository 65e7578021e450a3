import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  billingCards,
  billingCustomers,
  couponRedemptions,
  coupons,
  idempotentRequests,
  members,
  membersInProject,
  payments,
  projects,
  subscriptions,
} from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type CardRow = typeof billingCards.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type RedemptionRow = typeof couponRedemptions.$inferSelect;

const activeMember = isNull(membersInProject.removedAt);

/** One paying request's hold on its `Idempotency-Key`: the member, the key, and who holds it now. */
export interface KeyClaim {
  memberIdx: number;
  key: string;
  owner: string;
}
const keyOf = (claim: KeyClaim) =>
  and(eq(idempotentRequests.memberIdx, claim.memberIdx), eq(idempotentRequests.key, claim.key));

/** The only code touching the billing tables; built on the database or a unit of work's transaction. */
export function createBillingRepository(db: Db) {
  return {
    /**
     * Serialises every billing change of one project (all instances, PostgreSQL advisory lock held to
     * the end of the transaction): two identical requests see each other's result.
     */
    async lockProject(projectIdx: number) {
      await db.execute(sql`select pg_advisory_xact_lock(7301, ${projectIdx})`);
    },

    async project(projectIdx: number) {
      const [row] = await db
        .select({
          projectIdx: projects.projectIdx,
          name: projects.name,
          status: projects.status,
          sheets: projects.sheets,
          delYn: projects.delYn,
        })
        .from(projects)
        .where(eq(projects.projectIdx, projectIdx));
      return row ?? null;
    },
    async setProject(projectIdx: number, set: { status?: 'ACTIVE' | 'INACTIVE'; sheets?: number }) {
      await db.update(projects).set(set).where(eq(projects.projectIdx, projectIdx));
    },
    async totalMember(projectIdx: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(membersInProject)
        .where(and(eq(membersInProject.projectIdx, projectIdx), activeMember));
      return row?.n ?? 0;
    },
    /** Admins of a project with their address and language (receipts, failure and warning mails). */
    async admins(projectIdx: number) {
      return db
        .select({ memberIdx: members.memberIdx, email: members.email, lang: members.lang })
        .from(membersInProject)
        .innerJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
        .where(
          and(
            eq(membersInProject.projectIdx, projectIdx),
            activeMember,
            or(eq(membersInProject.isAdmin, true), eq(membersInProject.role, 'admin')),
          ),
        );
    },
    /**
     * Live projects whose warning state is out of date: short of sheets without a grace, or with a
     * grace (or INACTIVE) while no longer short.
     */
    async projectsToEvaluate(freeMembers: number): Promise<number[]> {
      const counts = db
        .select({
          projectIdx: membersInProject.projectIdx,
          n: sql<number>`count(*)::int`.as('n'),
        })
        .from(membersInProject)
        .where(activeMember)
        .groupBy(membersInProject.projectIdx)
        .as('counts');
      const rows = await db
        .select({ projectIdx: projects.projectIdx })
        .from(projects)
        .innerJoin(counts, eq(counts.projectIdx, projects.projectIdx))
        .leftJoin(subscriptions, eq(subscriptions.projectIdx, projects.projectIdx))
        .where(
          and(
            eq(projects.delYn, 'N'),
            or(
              and(
                sql`${counts.n} > ${projects.sheets} + ${freeMembers}`,
                or(isNull(subscriptions.graceUntil), eq(projects.status, 'ACTIVE')),
              ),
              and(
                sql`${counts.n} <= ${projects.sheets} + ${freeMembers}`,
                or(isNotNull(subscriptions.graceUntil), eq(projects.status, 'INACTIVE')),
              ),
            ),
          ),
        );
      return rows.map((r) => r.projectIdx);
    },

    // ── Subscriptions ──
    async subscriptionOfProject(projectIdx: number): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.projectIdx, projectIdx));
      return row ?? null;
    },
    async subscriptionById(subscriptionIdx: number): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.subscriptionIdx, subscriptionIdx));
      return row ?? null;
    },
    /** The project's row, created (plan FREE) when missing. */
    async ensureSubscription(projectIdx: number): Promise<SubscriptionRow> {
      await db.insert(subscriptions).values({ projectIdx }).onConflictDoNothing();
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.projectIdx, projectIdx));
      return row!;
    },
    async updateSubscription(subscriptionIdx: number, set: Partial<typeof subscriptions.$inferInsert>) {
      const [row] = await db
        .update(subscriptions)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(subscriptions.subscriptionIdx, subscriptionIdx))
        .returning();
      return row!;
    },
    /** Paid subscriptions whose renewal (or its retry) is due. */
    async dueRenewals(today: string, now: Date): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            ne(subscriptions.plan, 'FREE'),
            inArray(subscriptions.status, ['ACTIVE', 'PAST_DUE']),
            lte(subscriptions.periodEndDt, today),
            or(isNull(subscriptions.nextRetryAt), lte(subscriptions.nextRetryAt, now)),
          ),
        );
    },
    /** Projects whose grace ran out and still ACTIVE. */
    async graceExpired(now: Date): Promise<number[]> {
      const rows = await db
        .select({ projectIdx: subscriptions.projectIdx })
        .from(subscriptions)
        .innerJoin(projects, eq(projects.projectIdx, subscriptions.projectIdx))
        .where(
          and(lte(subscriptions.graceUntil, now), eq(projects.status, 'ACTIVE'), eq(projects.delYn, 'N')),
        );
      return rows.map((r) => r.projectIdx);
    },

    // ── Payments ──
    async insertPayment(values: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(values).returning();
      return row!;
    },
    /** The completed payment for `paysFor` (paid, or refunded since), if there is one. */
    async paymentPaidFor(paysFor: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.paysFor, paysFor), inArray(payments.status, ['paid', 'refunded'])));
      return row ?? null;
    },
    /** The project's oldest unanswered intent: while there is one, no other charge of it starts. */
    async pendingOfProject(projectIdx: number): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.projectIdx, projectIdx), eq(payments.status, 'pending')))
        .orderBy(asc(payments.paymentIdx))
        .limit(1);
      return row ?? null;
    },
    /** The rows of one paying operation (a refund has one per refunded charge), in order. */
    async operationRows(operation: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(eq(payments.operation, operation))
        .orderBy(asc(payments.paymentIdx));
    },
    /** Operations with an intent unanswered since before `before` (their request is gone). */
    async staleOperations(before: Date): Promise<string[]> {
      const rows = await db
        .selectDistinct({ operation: payments.operation })
        .from(payments)
        .where(and(eq(payments.status, 'pending'), lte(payments.createdAt, before)));
      return rows.map((r) => r.operation).filter((o): o is string => !!o);
    },
    /** Answers an intent once: null when it was answered already (by its request or the reconciliation). */
    async completePayment(
      paymentIdx: number,
      set: Partial<typeof payments.$inferInsert>,
    ): Promise<PaymentRow | null> {
      const [row] = await db
        .update(payments)
        .set(set)
        .where(and(eq(payments.paymentIdx, paymentIdx), eq(payments.status, 'pending')))
        .returning();
      return row ?? null;
    },
    async failedAttempts(paysFor: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(and(eq(payments.paysFor, paysFor), eq(payments.status, 'failed')));
      return row?.n ?? 0;
    },
    async payment(paymentIdx: number): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.paymentIdx, paymentIdx));
      return row ?? null;
    },
    async updatePayment(paymentIdx: number, set: Partial<typeof payments.$inferInsert>) {
      const [row] = await db.update(payments).set(set).where(eq(payments.paymentIdx, paymentIdx)).returning();
      return row!;
    },
    async paymentsOfProject(projectIdx: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(eq(payments.projectIdx, projectIdx))
        .orderBy(desc(payments.createdAt), desc(payments.paymentIdx));
    },
    /** Charges of the running period that still hold money (refunds return them). */
    async refundableCharges(subscriptionIdx: number, periodStartDt: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.subscriptionIdx, subscriptionIdx),
            inArray(payments.kind, ['subscribe', 'renewal', 'add']),
            inArray(payments.status, ['paid', 'refunded']),
            sql`${payments.periodStartDt} >= ${periodStartDt}`,
            sql`${payments.amount} > ${payments.refundedAmount}`,
          ),
        )
        .orderBy(asc(payments.paymentIdx));
    },

    // ── Cards ──
    async customerKey(memberIdx: number, fresh: string): Promise<string> {
      await db.insert(billingCustomers).values({ memberIdx, customerKey: fresh }).onConflictDoNothing();
      const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.memberIdx, memberIdx));
      return row!.customerKey;
    },
    async cardsOf(memberIdx: number): Promise<CardRow[]> {
      return db
        .select()
        .from(billingCards)
        .where(eq(billingCards.memberIdx, memberIdx))
        .orderBy(desc(billingCards.cardIdx));
    },
    async card(cardIdx: number): Promise<CardRow | null> {
      const [row] = await db.select().from(billingCards).where(eq(billingCards.cardIdx, cardIdx));
      return row ?? null;
    },
    async insertCard(values: typeof billingCards.$inferInsert): Promise<CardRow> {
      const [row] = await db.insert(billingCards).values(values).returning();
      return row!;
    },
    async deleteCard(cardIdx: number) {
      await db.delete(billingCards).where(eq(billingCards.cardIdx, cardIdx));
    },
    async cardInUse(cardIdx: number): Promise<boolean> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.cardIdx, cardIdx),
            ne(subscriptions.plan, 'FREE'),
            ne(subscriptions.status, 'CANCELED'),
            eq(subscriptions.cancelAtPeriodEnd, false),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    // ── Coupons ──
    async couponByNumber(number: string): Promise<CouponRow | null> {
      const [row] = await db.select().from(coupons).where(eq(coupons.number, number));
      return row ?? null;
    },
    async insertCoupons(values: (typeof coupons.$inferInsert)[]): Promise<CouponRow[]> {
      return db.insert(coupons).values(values).returning();
    },
    async redemption(couponIdx: number): Promise<RedemptionRow | null> {
      const [row] = await db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponIdx, couponIdx));
      return row ?? null;
    },
    /** Inserts the registration; false when the number was registered meanwhile. */
    async redeem(values: typeof couponRedemptions.$inferInsert): Promise<boolean> {
      const rows = await db.insert(couponRedemptions).values(values).onConflictDoNothing().returning();
      return rows.length === 1;
    },
    async couponsOfProject(projectIdx: number) {
      return db
        .select({ coupon: coupons, redemption: couponRedemptions })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.couponIdx, couponRedemptions.couponIdx))
        .where(eq(couponRedemptions.projectIdx, projectIdx))
        .orderBy(asc(couponRedemptions.registeredAt));
    },
    /** The project's oldest coupon with periods left. */
    async activeCoupon(projectIdx: number) {
      const [row] = await db
        .select({ coupon: coupons, redemption: couponRedemptions })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.couponIdx, couponRedemptions.couponIdx))
        .where(and(eq(couponRedemptions.projectIdx, projectIdx), gt(couponRedemptions.remainingPeriods, 0)))
        .orderBy(asc(couponRedemptions.registeredAt))
        .limit(1);
      return row ?? null;
    },
    async useCouponPeriod(couponIdx: number) {
      await db
        .update(couponRedemptions)
        .set({ remainingPeriods: sql`greatest(${couponRedemptions.remainingPeriods} - 1, 0)` })
        .where(eq(couponRedemptions.couponIdx, couponIdx));
    },

    // ── Idempotency-Key ──
    /**
     * Claims the key for `owner` with a lease: null when claimed now, else the existing row
     * (answered, still held, or run out). Claims older than `since` are forgotten first.
     */
    async claimKey(claim: KeyClaim, fingerprint: string, now: Date, since: Date, leaseUntil: Date) {
      const { memberIdx, key, owner } = claim;
      await db
        .delete(idempotentRequests)
        .where(
          and(
            eq(idempotentRequests.memberIdx, memberIdx),
            eq(idempotentRequests.key, key),
            lte(idempotentRequests.createdAt, since),
          ),
        );
      const inserted = await db
        .insert(idempotentRequests)
        .values({ memberIdx, key, fingerprint, createdAt: now, owner, leaseUntil })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 1) return null;
      const [row] = await db
        .select()
        .from(idempotentRequests)
        .where(and(eq(idempotentRequests.memberIdx, memberIdx), eq(idempotentRequests.key, key)));
      return row ?? null;
    },
    /** Takes over an unanswered claim whose lease ran out; null when another retry was first. */
    async takeOverKey(claim: KeyClaim, now: Date, leaseUntil: Date) {
      const [row] = await db
        .update(idempotentRequests)
        .set({ owner: claim.owner, leaseUntil })
        .where(
          and(
            keyOf(claim),
            isNull(idempotentRequests.statusCode),
            or(isNull(idempotentRequests.leaseUntil), lte(idempotentRequests.leaseUntil, now)),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Renews the lease while the request runs; false once it is no longer this request's. */
    async renewKey(claim: KeyClaim, leaseUntil: Date): Promise<boolean> {
      const rows = await db
        .update(idempotentRequests)
        .set({ leaseUntil })
        .where(
          and(keyOf(claim), eq(idempotentRequests.owner, claim.owner), isNull(idempotentRequests.statusCode)),
        )
        .returning({ key: idempotentRequests.key });
      return rows.length === 1;
    },
    /** Ties the payment operation to the claim (in the intent's transaction); false when it was taken over. */
    async linkKey(claim: KeyClaim, operation: string): Promise<boolean> {
      const rows = await db
        .update(idempotentRequests)
        .set({ operation })
        .where(
          and(keyOf(claim), eq(idempotentRequests.owner, claim.owner), isNull(idempotentRequests.statusCode)),
        )
        .returning({ key: idempotentRequests.key });
      return rows.length === 1;
    },
    async answerKey(claim: KeyClaim, statusCode: number, response: unknown) {
      await db
        .update(idempotentRequests)
        .set({ statusCode, response, leaseUntil: null })
        .where(and(keyOf(claim), eq(idempotentRequests.owner, claim.owner)));
    },
    /** Lets a retry take the claim over at once (the operation it started stays tied to it). */
    async expireKey(claim: KeyClaim, now: Date) {
      await db
        .update(idempotentRequests)
        .set({ leaseUntil: now })
        .where(
          and(keyOf(claim), eq(idempotentRequests.owner, claim.owner), isNull(idempotentRequests.statusCode)),
        );
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
