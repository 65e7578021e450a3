import {
  domainEvents as catalogue,
  type DomainEvent,
  type DomainEventName,
  type DomainEventPayload,
} from '@teamline/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { domainEventConsumptions, domainEvents } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

type EventRow = typeof domainEvents.$inferSelect;

/**
 * The one place a stored event is trusted to match its name's payload: `record` checked it against
 * the catalogue before it was written, so consumers read `event.payload` typed by `event.name`.
 */
export const toDomainEvent = (row: EventRow): DomainEvent =>
  ({
    eventIdx: row.eventIdx,
    name: row.name,
    version: row.version,
    projectIdx: row.projectIdx,
    payload: row.payload,
    occurredAt: row.occurredAt.toISOString(),
  }) as DomainEvent;

/** Writes events on the handle it is given: inside a transaction they commit or roll back with the change. */
export function createEventRecorder(db: Db) {
  return {
    async record<N extends DomainEventName>(name: N, projectIdx: number, payload: DomainEventPayload<N>) {
      const { version, payload: schema } = catalogue[name];
      // A payload outside the catalogue is a programming error: refuse it before it reaches consumers.
      const checked = schema.safeParse(payload);
      if (!checked.success) throw new Error(`event ${name} v${version}: ${checked.error.message}`);
      await db.insert(domainEvents).values({ name, version, projectIdx, payload });
    },
  };
}
export type EventRecorder = ReturnType<typeof createEventRecorder>;

/** The dispatcher's side of the outbox. */
export function createOutboxRepository(db: Db) {
  return {
    /**
     * Up to `limit` undispatched events, oldest first, that no other dispatcher holds; each is
     * leased for `leaseMs` (a dispatcher that dies releases them by letting the lease run out).
     */
    async claim(limit: number, leaseMs: number): Promise<EventRow[]> {
      const result = await db.execute(sql`
        update ${domainEvents}
           set claimed_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = attempts + 1
         where event_idx in (
           select event_idx from ${domainEvents}
            where dispatched_at is null and (claimed_until is null or claimed_until < now())
            order by event_idx
            limit ${limit}
            for update skip locked)
        returning event_idx, name, version, project_idx, payload, occurred_at, attempts`);
      const rows = (result as { rows: Record<string, unknown>[] }).rows;
      return rows
        .map((r) => ({
          eventIdx: Number(r.event_idx),
          name: String(r.name),
          version: Number(r.version),
          projectIdx: Number(r.project_idx),
          payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload,
          occurredAt: new Date(r.occurred_at as string),
          attempts: Number(r.attempts),
          claimedUntil: null,
          lastError: null,
          dispatchedAt: null,
        }))
        .sort((a, b) => a.eventIdx - b.eventIdx);
    },
    /** Consumers that already handled these events (only a retried event has any). */
    async consumed(eventIdxs: number[]): Promise<Set<string>> {
      if (eventIdxs.length === 0) return new Set();
      const rows = await db
        .select()
        .from(domainEventConsumptions)
        .where(inArray(domainEventConsumptions.eventIdx, eventIdxs));
      return new Set(rows.map((r) => `${r.eventIdx}:${r.consumer}`));
    },
    async markConsumed(eventIdx: number, consumers: string[]) {
      if (consumers.length === 0) return;
      await db
        .insert(domainEventConsumptions)
        .values(consumers.map((consumer) => ({ eventIdx, consumer })))
        .onConflictDoNothing();
    },
    async markDispatched(eventIdxs: number[]) {
      if (eventIdxs.length === 0) return;
      await db
        .update(domainEvents)
        .set({ dispatchedAt: sql`now()`, claimedUntil: null, lastError: null })
        .where(inArray(domainEvents.eventIdx, eventIdxs));
    },
    /** A consumer failed: the event is tried again after `retryInMs`. */
    async release(eventIdx: number, error: string, retryInMs: number) {
      await db
        .update(domainEvents)
        .set({
          claimedUntil: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          lastError: error.slice(0, 2000),
        })
        .where(eq(domainEvents.eventIdx, eventIdx));
    },
    async pending(projectIdx?: number): Promise<EventRow[]> {
      return db
        .select()
        .from(domainEvents)
        .where(
          and(
            isNull(domainEvents.dispatchedAt),
            projectIdx === undefined ? undefined : eq(domainEvents.projectIdx, projectIdx),
          ),
        )
        .orderBy(domainEvents.eventIdx);
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
