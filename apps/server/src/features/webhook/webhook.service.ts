import { randomUUID } from 'node:crypto';
import { URL } from 'node:url';
import {
  WEBHOOK_SECRET_OVERLAP_HOURS,
  isChatWebhookType,
  type CreatedWebhook,
  type WebhookSecret,
} from '@teamline/contract';
import type {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  Webhook,
  WebhookDelivery as WebhookDeliveryDto,
  WebhookTestResult,
  createWebhookRequest,
  updateWebhookRequest,
} from '@teamline/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import { loadOr404AndAuthorize } from '../../platform/authorization/load-and-authorize.js';
import { pointsToPrivateNetwork } from '../../platform/outbound-http/outbound-http.js';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import type { AuditEntry } from '../../platform/audit/audit-trail.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { TokenCipher } from '../github/token-cipher.js';
import { formatFor, standardTestMessage } from './formatters/index.js';
import { attemptDelivery, type AttemptResult } from './webhook-sender.js';
import { signingSecrets, type WebhookDelivery } from './webhook-delivery.js';
import { newWebhookSecret, standardHeaders } from './webhook-signing.js';
import { renderMessage } from './webhook-message.js';
import type { WebhookRepository, WebhookRow } from './webhook.repository.js';
import { costlyCallLimits } from '../../platform/rate-limit/costly-calls.js';
import { toDelivery, toWebhook } from './webhook.presenter.js';

/** A hook's address is its secret (Slack, Discord): the audit log keeps its host only. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** The name the log shows: the hook's own, else its type and host (as Settings › Webhooks does). */
const webhookRecord = (
  kind: 'webhook.created' | 'webhook.updated' | 'webhook.deleted',
  row: WebhookRow,
  changes: Record<string, unknown>,
): AuditEntry => ({
  kind,
  projectIdx: row.projectIdx,
  target: { type: 'webhook', idx: row.webhookIdx },
  changes: { name: row.name ?? `${row.type} · ${hostOf(row.url)}`, ...changes },
});

/** What an edit moved, as `{ from, to }` (the address as its host). */
function webhookChanges(before: WebhookRow, after: WebhookRow) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const fields = ['name', 'type', 'categories', 'events', 'eventNames', 'language', 'status'] as const;
  for (const field of fields)
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      changes[field] = { from: before[field], to: after[field] };
  if (before.url !== after.url) changes.url = { from: hostOf(before.url), to: hostOf(after.url) };
  return changes;
}

/**
 * Webhooks as project admins manage them (`webhook.manage`): list, add, change, delete, send a
 * test, read the delivery log and retry a failed delivery. A hook or delivery of a project the
 * caller does not administer answers WEBHOOK_NOT_FOUND / WEBHOOK_DELIVERY_NOT_FOUND to strangers.
 */
export function createWebhookService(
  ctx: AppContext,
  repo: WebhookRepository,
  transaction: UnitOfWork<WebhookRepository>,
  authz: Authorization<MembershipRow>,
  delivery: WebhookDelivery,
  cipher: TokenCipher,
) {
  async function checkAddress(url: string) {
    if (await pointsToPrivateNetwork(url, ctx.config.outboundAllowPrivate))
      throw new AppError('WEBHOOK_URL_PRIVATE', undefined, { url: 'webhookUrlPrivate' });
  }

  /** What "send test" answers; a refused private address is the URL field's error. */
  function testAnswer(result: AttemptResult): WebhookTestResult {
    if (
      result.outcome === 'refused' &&
      result.statusCode === null &&
      /not a public address/.test(result.excerpt ?? '')
    )
      throw new AppError('WEBHOOK_URL_PRIVATE', undefined, { url: 'webhookUrlPrivate' });
    return {
      ok: result.outcome === 'delivered',
      statusCode: result.statusCode,
      responseExcerpt: result.excerpt,
      asynchronous: result.statusCode === 202,
    };
  }

  async function load(actor: Actor, webhookIdx: number): Promise<WebhookRow> {
    const loaded = await loadOr404AndAuthorize(authz, actor, 'webhook.manage', 'WEBHOOK_NOT_FOUND', () =>
      repo.findById(webhookIdx),
    );
    return loaded.row;
  }

  return {
    async list(actor: Actor, projectIdx: number): Promise<Webhook[]> {
      await authz.authorize(actor, 'webhook.manage', projectIdx);
      return (await repo.listOfProject(projectIdx)).map(toWebhook);
    },

    /** A standard hook gets its signing secret here: in this answer only, sealed in the database. */
    async create(actor: Actor, input: z.output<typeof createWebhookRequest>): Promise<CreatedWebhook> {
      await authz.authorize(actor, 'webhook.manage', input.projectIdx);
      await checkAddress(input.url);
      const chat = isChatWebhookType(input.type);
      const secret = chat ? null : newWebhookSecret();
      const row = await transaction(async (r) => {
        const inserted = await r.insert({
          projectIdx: input.projectIdx,
          name: input.name?.trim() || null,
          type: input.type,
          url: input.url,
          // Each kind keeps only its own choice: categories × events, or catalogue events.
          categories: chat ? input.categories : [],
          events: chat ? input.events : [],
          eventNames: chat ? [] : input.eventNames,
          secretCipher: secret === null ? null : cipher.seal(secret),
          language: input.language,
          status: input.status,
          createdByIdx: actor.memberIdx,
        });
        r.audit.record(
          webhookRecord('webhook.created', inserted, {
            type: inserted.type,
            url: hostOf(inserted.url),
            categories: inserted.categories,
            events: inserted.events,
            ...(chat ? {} : { eventNames: inserted.eventNames }),
            status: inserted.status,
          }),
        );
        return inserted;
      });
      return { ...toWebhook(row), secret };
    },

    /**
     * A new signing secret for a standard hook, answered once; the one before keeps signing beside
     * it for WEBHOOK_SECRET_OVERLAP_HOURS (a second rotation within that time drops the oldest).
     */
    async rotateSecret(actor: Actor, webhookIdx: number): Promise<WebhookSecret> {
      const row = await load(actor, webhookIdx);
      if (row.type !== 'standard') throw new AppError('WEBHOOK_NOT_STANDARD');
      const secret = newWebhookSecret();
      const until = new Date(ctx.clock.now().getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000);
      await transaction(async (r) => {
        const updated = await r.update(webhookIdx, {
          secretCipher: cipher.seal(secret),
          previousSecretCipher: row.secretCipher,
          previousSecretUntil: row.secretCipher ? until : null,
        });
        r.audit.record(webhookRecord('webhook.updated', updated, { secret: { from: null, to: 'rotated' } }));
      });
      return { secret, previousSecretUntil: until.toISOString() };
    },

    async update(
      actor: Actor,
      webhookIdx: number,
      input: z.output<typeof updateWebhookRequest>,
    ): Promise<Webhook> {
      const row = await load(actor, webhookIdx);
      // A standard hook has a secret and catalogue events, a chat hook neither: no switching.
      if (input.type !== undefined && isChatWebhookType(input.type) !== isChatWebhookType(row.type))
        throw new AppError('WEBHOOK_TYPE_LOCKED');
      const chat = isChatWebhookType(row.type);
      if (input.url !== undefined) await checkAddress(input.url);
      const reactivated = input.status === 'ACTIVE' && row.status !== 'ACTIVE';
      await transaction(async (r) => {
        const updated = await r.update(webhookIdx, {
          ...(input.name !== undefined ? { name: input.name?.trim() || null } : {}),
          ...(input.type !== undefined ? { type: input.type } : {}),
          ...(input.url !== undefined ? { url: input.url } : {}),
          ...(input.categories !== undefined && chat ? { categories: input.categories } : {}),
          ...(input.events !== undefined && chat ? { events: input.events } : {}),
          ...(input.eventNames !== undefined && !chat ? { eventNames: input.eventNames } : {}),
          ...(input.language !== undefined ? { language: input.language } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(reactivated ? { disabledAt: null, disabledReason: null } : {}),
        });
        const changes = webhookChanges(row, updated);
        if (Object.keys(changes).length > 0)
          r.audit.record(webhookRecord('webhook.updated', updated, changes));
      });
      // Deliveries that waited while it was off go out now, in order.
      if (reactivated) await delivery.kick(row);
      return toWebhook((await repo.findWithLast(webhookIdx))!);
    },

    async remove(actor: Actor, webhookIdx: number): Promise<void> {
      const row = await load(actor, webhookIdx);
      await transaction(async (r) => {
        await r.delete(webhookIdx);
        r.audit.record(webhookRecord('webhook.deleted', row, { type: row.type, url: hostOf(row.url) }));
      });
    },

    /** Newest first, the last 100. */
    async deliveries(actor: Actor, webhookIdx: number): Promise<WebhookDeliveryDto[]> {
      await load(actor, webhookIdx);
      return (await repo.deliveriesOf(webhookIdx)).map(toDelivery);
    },

    /** "Retry now": a failed or given-up delivery is due again at once (attempts go on counting). */
    async retry(actor: Actor, deliveryIdx: number): Promise<WebhookDeliveryDto> {
      const { row } = await loadOr404AndAuthorize(
        authz,
        actor,
        'webhook.manage',
        'WEBHOOK_DELIVERY_NOT_FOUND',
        () => repo.findDelivery(deliveryIdx),
      );
      if (row.status !== 'failed' && row.status !== 'gaveUp')
        throw new AppError('WEBHOOK_DELIVERY_NOT_RETRYABLE', { status: row.status });
      const updated = await repo.updateDelivery(deliveryIdx, {
        status: 'pending',
        nextAttemptAt: ctx.clock.now(),
      });
      await delivery.kick({ webhookIdx: row.webhookIdx, projectIdx: row.projectIdx });
      return toDelivery(updated);
    },

    /**
     * "Send test": a sample message in the hook's language and format, sent now (not queued, not
     * logged), answering what the receiver said. Teams answers 202 and posts later: `asynchronous`.
     */
    async test(actor: Actor, webhookIdx: number): Promise<WebhookTestResult> {
      const row = await load(actor, webhookIdx);
      // Each test is a POST to an address a user typed: counted per hook, project and caller.
      await ctx.limiter.take(costlyCallLimits.webhookTestPerHook, row.webhookIdx);
      await ctx.limiter.take(costlyCallLimits.webhookTestPerProject, row.projectIdx);
      await ctx.limiter.take(costlyCallLimits.webhookTestPerMember, actor.memberIdx);
      await checkAddress(row.url);
      const now = ctx.clock.now();
      if (!isChatWebhookType(row.type)) {
        let secrets: string[];
        try {
          secrets = signingSecrets(cipher, row, now);
        } catch {
          secrets = [];
        }
        // SECRET_KEY changed since the secret was sealed: nothing is sent unsigned.
        if (secrets.length === 0)
          return {
            ok: false,
            statusCode: null,
            responseExcerpt: 'the signing secret does not open with this SECRET_KEY: rotate the secret',
            asynchronous: false,
          };
        const result = await attemptDelivery(
          ctx.outbound,
          row.url,
          standardTestMessage(row.projectIdx, row.webhookIdx, now),
          {
            timeoutMs: ctx.config.webhook.timeoutMs,
            sign: (text) => standardHeaders(secrets, `msg_teamline_test_${randomUUID()}`, now, text),
          },
        );
        return testAnswer(result);
      }
      const message = renderMessage(
        {
          category: 'test',
          event: 'test',
          projectIdx: row.projectIdx,
          projectName: await repo.projectName(row.projectIdx),
          occurredAt: now.toISOString(),
          title: null,
          itemIdx: row.webhookIdx,
          path: `/timeline/${row.projectIdx}`,
        },
        row.language,
        ctx.config.publicUrl,
      );
      const result = await attemptDelivery(ctx.outbound, row.url, formatFor(row.type, message), {
        timeoutMs: ctx.config.webhook.timeoutMs,
      });
      return testAnswer(result);
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
export type { CreateWebhookRequest, UpdateWebhookRequest };
