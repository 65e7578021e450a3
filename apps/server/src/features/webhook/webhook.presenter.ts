import type { Webhook, WebhookDelivery as WebhookDeliveryDto } from '@teamline/contract';
import type { DeliveryRow, WebhookListRow, WebhookRow } from './webhook.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toWebhook = (row: WebhookRow | WebhookListRow): Webhook => ({
  webhookIdx: row.webhookIdx,
  projectIdx: row.projectIdx,
  name: row.name,
  type: row.type,
  url: row.url,
  categories: row.categories,
  events: row.events,
  eventNames: row.eventNames,
  previousSecretUntil: iso(row.previousSecretUntil),
  language: row.language,
  status: row.status,
  disabledAt: iso(row.disabledAt),
  disabledReason: row.disabledReason,
  lastDeliveryAt: 'lastDeliveryAt' in row ? iso(row.lastDeliveryAt) : null,
  lastDeliveryStatus: 'lastDeliveryStatus' in row ? row.lastDeliveryStatus : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toDelivery = (row: DeliveryRow): WebhookDeliveryDto => ({
  deliveryIdx: row.deliveryIdx,
  webhookIdx: row.webhookIdx,
  eventName: row.eventName,
  status: row.status,
  statusCode: row.statusCode,
  attempts: row.attempts,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  responseExcerpt: row.responseExcerpt,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: iso(row.deliveredAt),
});
