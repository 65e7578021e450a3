import { defineModule } from '../../platform/module.js';
import { defineJob } from '../../platform/jobs/job.types.js';
import { notificationConsumer } from './notification.consumer.js';
import { createNotificationRepository } from './notification.repository.js';
import { notificationRoutes } from './notification.routes.js';
import { createNotificationService, type NotificationService } from './notification.service.js';

declare module '../../platform/services.js' {
  interface Services {
    notification: NotificationService;
  }
}

export const DIGEST_JOB = 'notification.digest';

/**
 * Notifications (issue 13): notices from committed domain events, the bell's list, preferences,
 * immediate mails and the daily digest (07:00 UTC). Other modules call `services.notification.notify`.
 */
export const notificationModule = defineModule({
  name: 'notification',
  services: ({ ctx }) => ({
    notification: createNotificationService(ctx, createNotificationRepository(ctx.database.db)),
  }),
  routes: notificationRoutes,
  consumers: ({ ctx, services }) => [
    notificationConsumer(createNotificationRepository(ctx.database.db), services.notification),
  ],
  jobs: ({ services }) => [
    defineJob<Record<string, never>>({
      name: DIGEST_JOB,
      cron: '0 7 * * *',
      options: { retryLimit: 3, retryDelay: 60, expireInSeconds: 900 },
      handler: () => services.notification.runDigest(),
    }),
  ],
});
