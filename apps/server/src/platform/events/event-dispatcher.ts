import type { DomainEvent, DomainEventName } from '@teamline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { outsideRequest } from '../request-context.js';
import { toDomainEvent, type OutboxRepository } from './outbox.repository.js';

/**
 * Something that acts on committed events: the realtime socket, later webhooks and notifications.
 * It may see an event more than once (a crash after it acted, before the event was marked), so it
 * must be idempotent, using `event.eventIdx` as its key where acting twice would show.
 * `handle` gets only the events it listed, typed by name (`DomainEvent<N>`); write one with
 * `eventConsumer` so N is inferred from `events` and the payloads need no cast.
 */
export interface EventConsumer<N extends DomainEventName = DomainEventName> {
  /** Stable: it names the consumer in the outbox's consumption records. */
  name: string;
  events: readonly N[] | 'all';
  handle(event: DomainEvent<N>): Promise<void>;
}

/**
 * A consumer whose `handle` sees the payloads of the events it lists (N is inferred from `events`).
 * It widens to `EventConsumer` (any event) safely: the dispatcher hands it only the events it lists.
 */
export const eventConsumer = <const N extends DomainEventName>(
  consumer: EventConsumer<N> & { events: readonly N[] },
): EventConsumer => consumer;

export interface EventDispatcher {
  /** Dispatch what is pending now (called after every commit that recorded events); never throws. */
  kick(): void;
  /** Resolves when nothing is being dispatched (tests, shutdown). */
  idle(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

const BATCH = 100;
/** Retry delays after a consumer fails: 1 s, 5 s, 30 s, 2 min, then every 10 min. */
const retryDelaysMs = [1_000, 5_000, 30_000, 120_000, 600_000];

/**
 * Delivers outbox events to consumers after the commit, at least once and in order per dispatcher.
 * Every commit kicks it; a sweep every `sweepMs` (and once at start) picks up what a crashed or
 * failed dispatch left behind. Several instances share the work through leases on the rows.
 */
export function createEventDispatcher(options: {
  outbox: OutboxRepository;
  consumers: () => readonly EventConsumer[];
  log: FastifyBaseLogger;
  sweepMs: number;
  leaseMs?: number;
  /** false: nothing is dispatched (tests of a crash between commit and dispatch). */
  enabled?: boolean;
  retryDelaysMs?: readonly number[];
}): EventDispatcher {
  const { outbox, log } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let sweep: NodeJS.Timeout | undefined;

  async function dispatchBatch(): Promise<number> {
    const batch = await outbox.claim(BATCH, leaseMs);
    if (batch.length === 0) return 0;
    const retried = batch.filter((row) => row.attempts > 1).map((row) => row.eventIdx);
    const alreadyDone = await outbox.consumed(retried);
    const delivered: number[] = [];
    for (const row of batch) {
      const event = toDomainEvent(row);
      const done: string[] = [];
      let failure: unknown = null;
      for (const consumer of options.consumers()) {
        if (consumer.events !== 'all' && !consumer.events.includes(event.name)) continue;
        if (alreadyDone.has(`${row.eventIdx}:${consumer.name}`)) continue;
        try {
          await consumer.handle(event);
          done.push(consumer.name);
        } catch (err) {
          failure = err;
          log.warn(
            { err, eventIdx: row.eventIdx, event: row.name, consumer: consumer.name },
            'event consumer failed',
          );
        }
      }
      if (failure === null) {
        delivered.push(row.eventIdx);
        continue;
      }
      // Only the consumers that failed see the event again.
      await outbox.markConsumed(row.eventIdx, done);
      const delays = options.retryDelaysMs ?? retryDelaysMs;
      const delay = delays[Math.min(row.attempts - 1, delays.length - 1)]!;
      await outbox.release(
        row.eventIdx,
        failure instanceof Error ? failure.message : JSON.stringify(failure),
        delay,
      );
    }
    await outbox.markDispatched(delivered);
    return batch.length;
  }

  async function drain() {
    do {
      again = false;
      while (!stopped && (await dispatchBatch()) === BATCH);
    } while (again && !stopped);
  }

  const dispatcher: EventDispatcher = {
    kick() {
      if (stopped || options.enabled === false) return;
      if (running) {
        again = true;
        return;
      }
      // A commit in a request kicks the dispatch, but its deliveries belong to no one request.
      running = outsideRequest(drain)
        .catch((err: unknown) => log.error({ err }, 'event dispatch failed'))
        .finally(() => {
          running = null;
        });
    },
    async idle() {
      while (running) await running;
    },
    start() {
      stopped = false;
      dispatcher.kick();
      sweep = setInterval(() => dispatcher.kick(), options.sweepMs);
      sweep.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(sweep);
      await dispatcher.idle();
    },
  };
  return dispatcher;
}
