import { unitOfWork } from '../../platform/events/unit-of-work.js';
import { defineModule } from '../../platform/module.js';
import { createTokenCipher, secretKeyOf } from '../github/token-cipher.js';
import { createWebhookDelivery, type WebhookDelivery } from './webhook-delivery.js';
import { webhookJobs } from './webhook.jobs.js';
import { createWebhookRepository } from './webhook.repository.js';
import { webhookRoutes } from './webhook.routes.js';
import { createWebhookService, type WebhookService } from './webhook.service.js';

declare module '../../platform/services.js' {
  interface Services {
    webhook: WebhookService;
    webhookDelivery: WebhookDelivery;
  }
}

/** Outgoing chat webhooks (issue 13) and Standard Webhooks (issue 34): admin management, the fan-out of events, durable deliveries. */
export const webhookModule = defineModule({
  name: 'webhook',
  services: ({ ctx, services }) => {
    const repo = createWebhookRepository(ctx.database.db);
    const transaction = unitOfWork(ctx.database.db, ctx, createWebhookRepository);
    // Standard hooks' signing secrets are sealed like GitHub tokens, with SECRET_KEY.
    const cipher = createTokenCipher(() => secretKeyOf(ctx.config));
    const webhookDelivery = createWebhookDelivery(ctx, repo, transaction, cipher);
    return {
      webhookDelivery,
      webhook: createWebhookService(ctx, repo, transaction, services.authz, webhookDelivery, cipher),
    };
  },
  routes: webhookRoutes,
  consumers: ({ services }) => [services.webhookDelivery.consumer()],
  jobs: ({ ctx, services }) => webhookJobs(services.webhookDelivery, ctx.config.webhook.concurrency),
  // Whatever was due when the app stopped is queued as soon as it is up again.
  setup: (app) => {
    app.addHook('onReady', async () => {
      await app.services.webhookDelivery
        .sweep()
        .catch((err: unknown) => app.log.warn({ err }, 'webhook sweep at start failed'));
    });
  },
});
