import type { Mailer, MailMessage } from '../../infra/mail.js';
import type { Metrics } from '../observability/metrics.js';
import { defineJob, type JobDefinition, type Jobs } from './job.types.js';

export const MAIL_JOB = 'mail.send';

/**
 * Sends one mail through the configured transport (SMTP or the development outbox). A transport
 * error fails the attempt and pg-boss retries it with backoff; a mail the transport accepted
 * completes the job, which is then never run again. The job id is the mail's `Message-ID`, so in
 * the one case left (the process dies between the SMTP server's acceptance and the job's
 * completion) the second delivery carries the same id and mail clients show it once.
 */
export function mailJob(transport: Mailer, metrics?: Metrics): JobDefinition<MailMessage> {
  return defineJob<MailMessage>({
    name: MAIL_JOB,
    // About 2 s, 4 s, 8 s … then every 10 min at most: half an hour of SMTP outage loses no mail.
    options: {
      retryLimit: 8,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 600,
      deleteAfterSeconds: 86_400,
    },
    async handler({ id, data }) {
      const messageId = `<${id}@teamline.mail>`;
      try {
        await transport.send({ ...data, messageId });
      } catch (err) {
        metrics?.mailFailed();
        throw err;
      }
      return { messageId };
    },
  });
}

/**
 * The mailer services use: `send` queues a `mail.send` job and returns, so a slow or failing SMTP
 * server neither delays nor fails the request that asked for the mail.
 */
export function queuedMailer(jobs: Jobs, transport: Mailer): Mailer {
  return {
    async send(message) {
      await jobs.send(MAIL_JOB, message);
    },
    close: () => transport.close(),
  };
}
