import { defineJob } from '../../platform/jobs/job.types.js';
import {
  CLEANUP_JOB,
  DELIVER_JOB,
  SWEEP_JOB,
  type DeliverJobData,
  type WebhookDelivery,
} from './webhook-delivery.js';

/**
 * The durable jobs of webhooks: `webhook.deliver` sends one hook's due deliveries (several hooks at
 * once, `concurrency`; a receiver that never answers holds only its own hook, for the 10 s timeout);
 * `webhook.sweep` every minute queues hooks whose delivery is due and nobody sends (a job lost in a
 * crash); `webhook.cleanup` daily deletes log rows older than 30 days.
 */
export const webhookJobs = (delivery: WebhookDelivery, concurrency: number) => [
  defineJob<DeliverJobData>({
    name: DELIVER_JOB,
    concurrency,
    // A fan-out to many hooks is fetched in a few round trips; sending a hook again is harmless.
    batchSize: 5,
    // Attempts are counted on the delivery rows, not here: a failing job (the database away) is
    // retried soon, and the sweep catches anything left.
    options: {
      retryLimit: 5,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: 300,
      deleteAfterSeconds: 86_400,
    },
    async handler({ data }) {
      return delivery.deliverHook(data.webhookIdx);
    },
  }),
  defineJob<Record<string, never>>({
    name: SWEEP_JOB,
    cron: '* * * * *',
    options: { retryLimit: 1, expireInSeconds: 60, deleteAfterSeconds: 3_600 },
    handler: () => delivery.sweep(),
  }),
  defineJob<Record<string, never>>({
    name: CLEANUP_JOB,
    cron: '23 3 * * *',
    options: { retryLimit: 2, expireInSeconds: 300 },
    handler: () => delivery.cleanup(),
  }),
];
