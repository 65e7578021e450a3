import {
  apiPaths,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type Webhook,
  type WebhookDeliveryList,
  type WebhookTestResult,
} from '@teamline/contract';
import { api } from '../../../lib/api';

/** docs/product/notifications-and-webhooks.md#webhooks: the calls of Settings › Webhooks (project admins). */
export const webhookApi = {
  list: (projectIdx: number) => api<Webhook[]>(apiPaths.webhook, { query: { projectIdx } }),
  create: (body: CreateWebhookRequest) => api<Webhook>(apiPaths.webhook, { method: 'POST', body }),
  update: (webhookIdx: number, body: UpdateWebhookRequest) =>
    api<Webhook>(apiPaths.webhookOne(webhookIdx), { method: 'PATCH', body }),
  remove: (webhookIdx: number) => api<unknown>(apiPaths.webhookOne(webhookIdx), { method: 'DELETE' }),
  test: (webhookIdx: number) => api<WebhookTestResult>(apiPaths.webhookTest(webhookIdx), { method: 'POST' }),
  deliveries: (webhookIdx: number) => api<WebhookDeliveryList>(apiPaths.webhookDeliveries(webhookIdx)),
  retry: (deliveryIdx: number) =>
    api<unknown>(apiPaths.webhookDeliveryRetry(deliveryIdx), { method: 'POST' }),
};
