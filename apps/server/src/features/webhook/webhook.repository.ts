import type { StandardWebhookEvent, WebhookCategory, WebhookEvent } from '@teamline/contract';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import {
  histories,
  members,
  membersInProject,
  milestones,
  projects,
  requests,
  stories,
  storyAssignees,
  webhookDeliveries,
  webhooks,
  requestColumns,
  storyColumns,
} from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
/** A hook with its newest delivery's time and status, for the list. */
export type WebhookListRow = WebhookRow & {
  lastDeliveryAt: Date | null;
  lastDeliveryStatus: DeliveryRow['status'] | null;
};

/** What a sender needs of the hook it holds. */
export type LeasedHook = Pick<
  WebhookRow,
  | 'webhookIdx'
  | 'projectIdx'
  | 'name'
  | 'type'
  | 'url'
  | 'lastSentAt'
  | 'secretCipher'
  | 'previousSecretCipher'
  | 'previousSecretUntil'
>;
/** The head of a hook's queue. */
export type OpenDelivery = Pick<DeliveryRow, 'deliveryIdx' | 'body' | 'attempts' | 'nextAttemptAt'>;

/** Statuses of a delivery still to be sent (its first attempt or a retry). */
const OPEN = ['pending'] as const;

export function createWebhookRepository(db: Db) {
  const last = (webhookIdx: typeof webhooks.webhookIdx) => ({
    lastDeliveryAt:
      sql<Date | null>`(select d.created_at from ${webhookDeliveries} d where d.webhook_idx = ${webhookIdx} order by d.delivery_idx desc limit 1)`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    lastDeliveryStatus: sql<
      DeliveryRow['status'] | null
    >`(select d.status from ${webhookDeliveries} d where d.webhook_idx = ${webhookIdx} order by d.delivery_idx desc limit 1)`,
  });

  return {
    async listOfProject(projectIdx: number): Promise<WebhookListRow[]> {
      return db
        .select({ ...getTableColumns(webhooks), ...last(webhooks.webhookIdx) })
        .from(webhooks)
        .where(eq(webhooks.projectIdx, projectIdx))
        .orderBy(asc(webhooks.webhookIdx));
    },
    async findById(webhookIdx: number): Promise<WebhookRow | null> {
      const [row] = await db.select().from(webhooks).where(eq(webhooks.webhookIdx, webhookIdx));
      return row ?? null;
    },
    async findWithLast(webhookIdx: number): Promise<WebhookListRow | null> {
      const [row] = await db
        .select({ ...getTableColumns(webhooks), ...last(webhooks.webhookIdx) })
        .from(webhooks)
        .where(eq(webhooks.webhookIdx, webhookIdx));
      return row ?? null;
    },
    async insert(row: typeof webhooks.$inferInsert): Promise<WebhookRow> {
      const [created] = await db.insert(webhooks).values(row).returning();
      return created!;
    },
    async update(webhookIdx: number, patch: Partial<typeof webhooks.$inferInsert>): Promise<WebhookRow> {
      const [row] = await db
        .update(webhooks)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(webhooks.webhookIdx, webhookIdx))
        .returning();
      return row!;
    },
    async delete(webhookIdx: number) {
      await db.delete(webhooks).where(eq(webhooks.webhookIdx, webhookIdx));
    },

    /** The project's ACTIVE standard hooks that send this catalogue event. */
    async activeStandardFor(projectIdx: number, eventName: StandardWebhookEvent): Promise<WebhookRow[]> {
      return db
        .select()
        .from(webhooks)
        .where(
          and(
            eq(webhooks.projectIdx, projectIdx),
            eq(webhooks.status, 'ACTIVE'),
            eq(webhooks.type, 'standard'),
            sql`${webhooks.eventNames} @> ${JSON.stringify([eventName])}::jsonb`,
          ),
        )
        .orderBy(asc(webhooks.webhookIdx));
    },

    /** The project's ACTIVE chat hooks that send this category and event. */
    async activeFor(
      projectIdx: number,
      category: WebhookCategory,
      event: WebhookEvent,
    ): Promise<WebhookRow[]> {
      return db
        .select()
        .from(webhooks)
        .where(
          and(
            eq(webhooks.projectIdx, projectIdx),
            eq(webhooks.status, 'ACTIVE'),
            ne(webhooks.type, 'standard'),
            sql`${webhooks.categories} @> ${JSON.stringify([category])}::jsonb`,
            sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`,
          ),
        )
        .orderBy(asc(webhooks.webhookIdx));
    },

    /** One delivery per (event, hook): a redelivered event inserts nothing twice. */
    async insertDeliveries(rows: (typeof webhookDeliveries.$inferInsert)[]): Promise<DeliveryRow[]> {
      if (rows.length === 0) return [];
      return db.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning();
    },
    async deliveriesOf(webhookIdx: number, limit = 100): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookIdx, webhookIdx))
        .orderBy(desc(webhookDeliveries.deliveryIdx))
        .limit(limit);
    },
    async findDelivery(deliveryIdx: number): Promise<DeliveryRow | null> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.deliveryIdx, deliveryIdx));
      return row ?? null;
    },
    async updateDelivery(deliveryIdx: number, patch: Partial<typeof webhookDeliveries.$inferInsert>) {
      const [row] = await db
        .update(webhookDeliveries)
        .set(patch)
        .where(eq(webhookDeliveries.deliveryIdx, deliveryIdx))
        .returning();
      return row!;
    },
    /** The hook's oldest delivery still to be sent: it goes first, the later ones wait for it. */
    async oldestOpen(webhookIdx: number): Promise<DeliveryRow | null> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.webhookIdx, webhookIdx), inArray(webhookDeliveries.status, OPEN)))
        .orderBy(asc(webhookDeliveries.deliveryIdx))
        .limit(1);
      return row ?? null;
    },

    /**
     * Takes the hook's sender lease when it is ACTIVE and free (or its holder's lease ran out):
     * only the holder sends this hook's deliveries. Null when inactive, gone or held.
     */
    async claim(webhookIdx: number, now: Date, leaseMs: number): Promise<WebhookRow | null> {
      const [row] = await db
        .update(webhooks)
        .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
        .where(
          and(
            eq(webhooks.webhookIdx, webhookIdx),
            eq(webhooks.status, 'ACTIVE'),
            or(isNull(webhooks.leaseUntil), lt(webhooks.leaseUntil, now)),
          ),
        )
        .returning();
      return row ?? null;
    },
    async release(webhookIdx: number) {
      await db.update(webhooks).set({ leaseUntil: null }).where(eq(webhooks.webhookIdx, webhookIdx));
    },
    /** Releases the lease unless a delivery is due (then false: the holder goes on). */
    async releaseIfIdle(webhookIdx: number, now: Date): Promise<boolean> {
      const due = sql`exists (select 1 from ${webhookDeliveries} d where d.webhook_idx = ${webhookIdx} and d.status = 'pending' and d.next_attempt_at <= ${now})`;
      const released = await db
        .update(webhooks)
        .set({ leaseUntil: null })
        .where(and(eq(webhooks.webhookIdx, webhookIdx), sql`not ${due}`))
        .returning({ webhookIdx: webhooks.webhookIdx });
      return released.length > 0;
    },
    /**
     * Takes the lease (like `claim`) and reads the hook's oldest open delivery in one statement: the
     * first two steps of every send.
     */
    async claimWithHead(
      webhookIdx: number,
      now: Date,
      leaseMs: number,
    ): Promise<{ hook: LeasedHook; head: OpenDelivery | null } | null> {
      const result = await db.execute(sql`
        with claimed as (
          update ${webhooks}
             set lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
           where webhook_idx = ${webhookIdx} and status = 'ACTIVE'
             and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz)
          returning webhook_idx, project_idx, name, type, url, last_sent_at,
                    secret_cipher, previous_secret_cipher, previous_secret_until)
        select c.webhook_idx, c.project_idx, c.name, c.type, c.url, c.last_sent_at,
               c.secret_cipher, c.previous_secret_cipher, c.previous_secret_until,
               d.delivery_idx, d.body, d.attempts, d.next_attempt_at
          from claimed c
          left join lateral (
            select delivery_idx, body, attempts, next_attempt_at from ${webhookDeliveries}
             where webhook_idx = c.webhook_idx and status = 'pending'
             order by delivery_idx limit 1) d on true`);
      const [r] = (result as { rows: Record<string, unknown>[] }).rows;
      if (!r) return null;
      const hook: LeasedHook = {
        webhookIdx: Number(r.webhook_idx),
        projectIdx: Number(r.project_idx),
        name: (r.name as string | null) ?? null,
        type: r.type as LeasedHook['type'],
        url: String(r.url),
        lastSentAt: r.last_sent_at ? new Date(r.last_sent_at as string) : null,
        secretCipher: (r.secret_cipher as string | null) ?? null,
        previousSecretCipher: (r.previous_secret_cipher as string | null) ?? null,
        previousSecretUntil: r.previous_secret_until ? new Date(r.previous_secret_until as string) : null,
      };
      const head =
        r.delivery_idx === null || r.delivery_idx === undefined
          ? null
          : {
              deliveryIdx: Number(r.delivery_idx),
              body: typeof r.body === 'string' ? (JSON.parse(r.body) as unknown) : r.body,
              attempts: Number(r.attempts),
              nextAttemptAt: new Date(r.next_attempt_at as string),
            };
      return { hook, head };
    },

    /**
     * Records an attempt on its delivery and, in the same statement, the send time on the hook and
     * its lease: renewed while another delivery is due, released when none is (a delivery added just
     * before is seen here; one added just after finds the hook free). True while still held.
     */
    async recordAttempt(
      webhookIdx: number,
      deliveryIdx: number,
      attempt: {
        status: DeliveryRow['status'];
        statusCode: number | null;
        attempts: number;
        responseExcerpt: string | null;
        at: Date;
        nextAttemptAt: Date | null;
        deliveredAt: Date | null;
      },
      now: Date,
      renewUntil: Date,
    ): Promise<boolean> {
      const at = attempt.at.toISOString();
      const result = await db.execute(sql`
        with recorded as (
          update ${webhookDeliveries}
             set status = ${attempt.status}, status_code = ${attempt.statusCode}, attempts = ${attempt.attempts},
                 response_excerpt = ${attempt.responseExcerpt}, last_attempt_at = ${at}::timestamptz,
                 next_attempt_at = coalesce(${attempt.nextAttemptAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
                 delivered_at = coalesce(${attempt.deliveredAt?.toISOString() ?? null}::timestamptz, delivered_at)
           where delivery_idx = ${deliveryIdx}
          returning delivery_idx)
        update ${webhooks}
           set last_sent_at = ${at}::timestamptz,
               lease_until = case when exists (
                 select 1 from ${webhookDeliveries} x
                  where x.webhook_idx = ${webhookIdx} and x.status = 'pending'
                    and x.delivery_idx <> ${deliveryIdx} and x.next_attempt_at <= ${now.toISOString()}::timestamptz)
                 then ${renewUntil.toISOString()}::timestamptz else null end
         where webhook_idx = ${webhookIdx} and exists (select 1 from recorded)
        returning lease_until`);
      const [r] = (result as { rows: Record<string, unknown>[] }).rows;
      return Boolean(r?.lease_until);
    },

    /** Switches a hook INACTIVE because its receiver is gone; false when it already was. */
    async disable(webhookIdx: number, at: Date, reason: string): Promise<WebhookRow | null> {
      const [row] = await db
        .update(webhooks)
        .set({ status: 'INACTIVE', disabledAt: at, disabledReason: reason, leaseUntil: null, updatedAt: at })
        .where(and(eq(webhooks.webhookIdx, webhookIdx), eq(webhooks.status, 'ACTIVE')))
        .returning();
      return row ?? null;
    },

    /** ACTIVE, unleased hooks with a delivery due by `now` (the sweep's work). */
    async dueHooks(now: Date): Promise<{ webhookIdx: number; projectIdx: number }[]> {
      return db
        .selectDistinct({ webhookIdx: webhooks.webhookIdx, projectIdx: webhooks.projectIdx })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.webhookIdx, webhookDeliveries.webhookIdx))
        .where(
          and(
            inArray(webhookDeliveries.status, OPEN),
            lte(webhookDeliveries.nextAttemptAt, now),
            eq(webhooks.status, 'ACTIVE'),
            or(isNull(webhooks.leaseUntil), lt(webhooks.leaseUntil, now)),
          ),
        );
    },
    /** Deletes log rows created before `before`; how many. */
    async deleteDeliveriesBefore(before: Date): Promise<number> {
      const gone = await db
        .delete(webhookDeliveries)
        .where(lt(webhookDeliveries.createdAt, before))
        .returning({ deliveryIdx: webhookDeliveries.deliveryIdx });
      return gone.length;
    },

    // What messages say: read once per event.
    async projectName(projectIdx: number): Promise<string> {
      const [row] = await db
        .select({ name: projects.name })
        .from(projects)
        .where(eq(projects.projectIdx, projectIdx));
      return row?.name ?? `#${projectIdx}`;
    },
    async nicknames(memberInProjectIdxs: number[]): Promise<Map<number, string>> {
      if (memberInProjectIdxs.length === 0) return new Map();
      const rows = await db
        .select({ idx: membersInProject.memberInProjectIdx, nickname: members.nickname })
        .from(membersInProject)
        .innerJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
        .where(inArray(membersInProject.memberInProjectIdx, memberInProjectIdxs));
      return new Map(rows.map((r) => [r.idx, r.nickname]));
    },
    async milestoneTitle(milestoneIdx: number): Promise<string | null> {
      const [row] = await db
        .select({ title: milestones.title })
        .from(milestones)
        .where(eq(milestones.milestoneIdx, milestoneIdx));
      return row?.title ?? null;
    },
    async story(storyIdx: number) {
      const [row] = await db.select(storyColumns).from(stories).where(eq(stories.storyIdx, storyIdx));
      if (!row) return null;
      const assignees = await db
        .select({ idx: storyAssignees.memberInProjectIdx })
        .from(storyAssignees)
        .where(eq(storyAssignees.storyIdx, storyIdx));
      return { ...row, assignees: assignees.map((a) => a.idx) };
    },
    async request(requestIdx: number) {
      const [row] = await db.select(requestColumns).from(requests).where(eq(requests.requestIdx, requestIdx));
      return row ?? null;
    },
    /** The title a deleted story or milestone had, from its newest history record that kept one. */
    async deletedTitle(of: { storyIdx: number } | { milestoneIdx: number }): Promise<string | null> {
      const where =
        'storyIdx' in of
          ? eq(histories.storyIdx, of.storyIdx)
          : and(eq(histories.milestoneIdx, of.milestoneIdx), isNull(histories.storyIdx));
      const [row] = await db
        .select({
          title: sql<
            string | null
          >`coalesce(${histories.before} ->> 'title', ${histories.after} ->> 'title')`,
        })
        .from(histories)
        .where(
          and(
            where,
            sql`coalesce(${histories.before} ->> 'title', ${histories.after} ->> 'title') is not null`,
          ),
        )
        .orderBy(desc(histories.historyIdx))
        .limit(1);
      return row?.title ?? null;
    },
  };
}
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
