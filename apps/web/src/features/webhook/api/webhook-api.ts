import { type CreateWebhookRequest, type UpdateWebhookRequest } from '@teamline/contract';
import { api } from '../../../lib/api';

/** docs/product/notifications-and-webhooks.md#webhooks: the calls of Settings › Webhooks (project admins). */
export const webhookApi = {
  list: (projectIdx: number) => api.get('webhook', { query: { projectIdx } }),
  create: (body: CreateWebhookRequest) => api.post('webhook', { body }),
  update: (webhookIdx: number, body: UpdateWebhookRequest) => api.patch(['webhookOne', webhookIdx], { body }),
  remove: (webhookIdx: number) => api.delete(['webhookOne', webhookIdx]),
  test: (webhookIdx: number) => api.post(['webhookTest', webhookIdx]),
  /** A standard hook's new signing secret, answered once. */
  rotateSecret: (webhookIdx: number) => api.post(['webhookSecret', webhookIdx]),
  deliveries: (webhookIdx: number) => api.get(['webhookDeliveries', webhookIdx]),
  retry: (deliveryIdx: number) => api.post(['webhookDeliveryRetry', deliveryIdx]),
};
