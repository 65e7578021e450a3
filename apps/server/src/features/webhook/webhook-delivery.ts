import {
  WEBHOOK_LOG_DAYS,
  isEventOf,
  standardWebhookEvents,
  type ChatWebhookType,
  type Language,
} from '@teamline/contract';
import type { AppContext } from '../../shared/context.js';
import { eventConsumer, type EventConsumer } from '../../platform/events/event-dispatcher.js';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import type { TokenCipher } from '../github/token-cipher.js';
import { formatFor, standardMessage } from './formatters/index.js';
import { attemptDelivery, type AttemptResult } from './webhook-sender.js';
import { messageIdOf, standardHeaders } from './webhook-signing.js';
import { factsOf } from './webhook-facts.js';
import { renderMessage, webhookEventNames, webhookEventOf } from './webhook-message.js';
import type { LeasedHook, OpenDelivery, WebhookRepository, WebhookRow } from './webhook.repository.js';

export const DELIVER_JOB = 'webhook.deliver';
export const SWEEP_JOB = 'webhook.sweep';
export const CLEANUP_JOB = 'webhook.cleanup';

export interface DeliverJobData {
  projectIdx: number;
  webhookIdx: number;
}

/** The events the fan-out listens to: the chat tools' and the standard hooks' (once each). */
const fanOutEvents = [...new Set([...webhookEventNames, ...standardWebhookEvents])];

/**
 * The secrets a standard hook signs with at `at`: its own, and the one before a rotation while that
 * still overlaps. Throws TokenUnreadableError when SECRET_KEY changed since they were sealed.
 */
export function signingSecrets(
  cipher: TokenCipher,
  hook: Pick<LeasedHook, 'secretCipher' | 'previousSecretCipher' | 'previousSecretUntil'>,
  at: Date,
): string[] {
  const secrets = hook.secretCipher ? [cipher.open(hook.secretCipher)] : [];
  if (hook.previousSecretCipher && hook.previousSecretUntil && hook.previousSecretUntil > at)
    secrets.push(cipher.open(hook.previousSecretCipher));
  return secrets;
}

/** How long one sender keeps a hook before handing it to a fresh job (its lease outlives this). */
const RUN_BUDGET_SHARE = 0.5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The delivery engine. Every matching committed event becomes one row per hook (the fan-out
 * consumer), and a `webhook.deliver` job for the hook. A job takes the hook's lease and sends its
 * deliveries oldest first, one at a time, at most one per `minIntervalMs`: a later delivery waits
 * until the one before it is delivered or has finally failed, so a hook's messages arrive in order.
 * A failed attempt sets the row's next attempt by the schedule and queues a job for that moment;
 * the sweep (every minute, and at start) queues jobs for whatever is due and unleased, so a job
 * lost to a crash delays a delivery, never loses it.
 */
export function createWebhookDelivery(
  ctx: AppContext,
  repo: WebhookRepository,
  transaction: UnitOfWork<WebhookRepository>,
  cipher: TokenCipher,
) {
  const settings = ctx.config.webhook;
  const now = () => ctx.clock.now();
  const queue = (hook: DeliverJobData, startAfter?: Date) =>
    ctx.jobs.send(
      DELIVER_JOB,
      { projectIdx: hook.projectIdx, webhookIdx: hook.webhookIdx },
      startAfter ? { startAfter } : {},
    );

  /** When the attempt after `attempts` failed ones is due, or null when the schedule is spent. */
  function nextAttemptAt(attempts: number, retryAfterSeconds: number | null, at: Date): Date | null {
    const step = settings.retrySeconds[attempts];
    if (step === undefined) return null;
    return new Date(at.getTime() + Math.max(step, retryAfterSeconds ?? 0) * 1000);
  }

  /** Switches the hook off after a 404/410 and records `webhook.disabled` (once) for its admins. */
  async function disable(hook: LeasedHook, result: AttemptResult, at: Date) {
    const reason = [result.statusCode, result.excerpt?.slice(0, 100)].filter(Boolean).join(' ');
    await transaction(async (r) => {
      const disabled = await r.disable(hook.webhookIdx, at, reason);
      if (disabled)
        await r.events.record('webhook.disabled', hook.projectIdx, {
          webhookIdx: hook.webhookIdx,
          projectIdx: hook.projectIdx,
          type: hook.type,
          name: hook.name,
          statusCode: result.statusCode ?? 0,
          reason,
        });
    });
  }

  /**
   * One attempt of a delivery; a standard hook's is signed now (the timestamp of this attempt, the
   * delivery's own id). A secret that no longer opens (SECRET_KEY changed) fails the delivery.
   */
  async function attemptOne(hook: LeasedHook, head: OpenDelivery, at: Date): Promise<AttemptResult> {
    let sign: ((text: string) => Record<string, string>) | undefined;
    if (hook.type === 'standard') {
      let secrets: string[];
      try {
        secrets = signingSecrets(cipher, hook, at);
      } catch {
        secrets = [];
      }
      if (secrets.length === 0)
        return {
          outcome: 'refused',
          statusCode: null,
          excerpt: 'the signing secret does not open with this SECRET_KEY: rotate the secret',
          retryAfterSeconds: null,
        };
      sign = (text) => standardHeaders(secrets, messageIdOf(head.deliveryIdx), at, text);
    }
    return attemptDelivery(ctx.outbound, hook.url, head.body, {
      timeoutMs: settings.timeoutMs,
      now,
      ...(sign ? { sign } : {}),
    });
  }

  return {
    /**
     * The job's work: take the hook's lease (or leave, when another sender holds it or the hook is
     * off) and send its due deliveries oldest first, one at a time, spaced by `minIntervalMs`. A
     * delivery not due yet (a retry) has a job queued for its time; a long backlog hands over to a
     * fresh job. Each attempt is recorded in the statement that renews or releases the lease, so a
     * delivery added meanwhile is either seen by this sender or finds the hook free for its own job.
     * One delivery costs two statements: lease with the head, and the attempt with the lease.
     */
    async deliverHook(webhookIdx: number): Promise<{ sent: number }> {
      const claimed = await repo.claimWithHead(webhookIdx, now(), settings.leaseMs);
      if (!claimed) return { sent: 0 };
      const { hook } = claimed;
      let head: OpenDelivery | null = claimed.head;
      let held = true;
      let sent = 0;
      const budgetEnd = Date.now() + settings.leaseMs * RUN_BUDGET_SHARE;
      let lastSent = hook.lastSentAt?.getTime() ?? 0;
      try {
        for (;;) {
          if (!head) {
            if (await repo.releaseIfIdle(webhookIdx, now())) {
              held = false;
              break;
            }
            head = await repo.oldestOpen(webhookIdx);
            continue;
          }
          if (head.nextAttemptAt.getTime() > now().getTime()) {
            // The head waits for its retry; later deliveries wait behind it.
            await queue(hook, head.nextAttemptAt);
            break;
          }
          if (Date.now() > budgetEnd) {
            await queue(hook);
            break;
          }
          // A timer may fire a millisecond early (CI measured a 300 ms pace as 299): wait again for
          // what is left, a bounded number of times in case the clock does not move (a test clock).
          for (let tries = 0; tries < 3; tries++) {
            const wait = lastSent + settings.minIntervalMs - now().getTime();
            if (wait <= 0) break;
            await sleep(wait);
          }
          const at = now();
          const result = await attemptOne(hook, head, at);
          lastSent = at.getTime();
          sent++;
          const attempts = head.attempts + 1;
          const next =
            result.outcome === 'retry' ? nextAttemptAt(attempts, result.retryAfterSeconds, at) : null;
          const status =
            result.outcome === 'delivered'
              ? 'delivered'
              : result.outcome === 'retry'
                ? next
                  ? 'pending'
                  : 'gaveUp'
                : 'failed';
          if (status !== 'delivered') ctx.metrics.webhookFailed(result.outcome);
          const stillHeld = await repo.recordAttempt(
            webhookIdx,
            head.deliveryIdx,
            {
              status,
              statusCode: result.statusCode,
              attempts,
              responseExcerpt: result.excerpt,
              at,
              nextAttemptAt: next,
              deliveredAt: status === 'delivered' ? at : null,
            },
            now(),
            new Date(now().getTime() + settings.leaseMs),
          );
          if (next) await queue(hook, next);
          if (result.outcome === 'gone') {
            await disable(hook, result, at);
            held = false; // disabling the hook cleared its lease
            break;
          }
          if (!stillHeld) {
            held = false;
            break;
          }
          head = await repo.oldestOpen(webhookIdx);
        }
      } finally {
        if (held) await repo.release(webhookIdx);
      }
      return { sent };
    },

    /** Queues a job for every ACTIVE, unleased hook with a delivery due: crash recovery. */
    async sweep(): Promise<{ queued: number }> {
      const due = await repo.dueHooks(now());
      for (const hook of due) await queue(hook);
      return { queued: due.length };
    },

    /** Deletes log rows older than `WEBHOOK_LOG_DAYS`. */
    async cleanup(): Promise<{ deleted: number }> {
      return {
        deleted: await repo.deleteDeliveriesBefore(new Date(now().getTime() - WEBHOOK_LOG_DAYS * 86_400_000)),
      };
    },

    /** Queues the hook's sender now (a new delivery, a retry asked for, the hook switched back on). */
    kick: (hook: DeliverJobData) => queue(hook),

    /**
     * The consumer turning committed events into deliveries: one row per matching ACTIVE hook,
     * recorded once per (event, hook) however often the event arrives, then the hooks' jobs. Chat
     * hooks get a message by category × event; standard hooks that chose the event get the event.
     */
    consumer(): EventConsumer {
      const nextAttempt = () => new Date(now().getTime() + (settings.retrySeconds[0] ?? 0) * 1000);
      /** Records one delivery per hook (once per event and hook), then queues the hooks' senders. */
      const deliver = async (
        event: { eventIdx: number; name: string },
        hooks: WebhookRow[],
        bodyOf: (hook: WebhookRow) => object,
      ) => {
        await repo.insertDeliveries(
          hooks.map((hook) => ({
            webhookIdx: hook.webhookIdx,
            projectIdx: hook.projectIdx,
            eventIdx: event.eventIdx,
            eventName: event.name,
            body: bodyOf(hook),
            nextAttemptAt: nextAttempt(),
          })),
        );
        await ctx.jobs.sendMany(
          DELIVER_JOB,
          hooks.map((hook): DeliverJobData => ({ projectIdx: hook.projectIdx, webhookIdx: hook.webhookIdx })),
        );
      };
      return eventConsumer({
        name: 'webhook.fanout',
        events: fanOutEvents,
        async handle(event) {
          if (isEventOf(event, standardWebhookEvents)) {
            const standard = await repo.activeStandardFor(event.projectIdx, event.name);
            if (standard.length > 0) {
              const body = standardMessage(event);
              await deliver(event, standard, () => body);
            }
          }
          if (!isEventOf(event, webhookEventNames)) return;
          const kind = webhookEventOf(event);
          if (!kind) return;
          const hooks = await repo.activeFor(event.projectIdx, kind.category, kind.event);
          if (hooks.length === 0) return;
          const facts = await factsOf(repo, event, kind);
          const bodies = new Map<string, object>();
          const bodyOf = (type: ChatWebhookType, language: Language) => {
            const key = `${type}:${language}`;
            if (!bodies.has(key))
              bodies.set(key, formatFor(type, renderMessage(facts, language, ctx.config.publicUrl)));
            return bodies.get(key)!;
          };
          await deliver(event, hooks, (hook) => bodyOf(hook.type as ChatWebhookType, hook.language));
        },
      });
    },
  };
}
export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
