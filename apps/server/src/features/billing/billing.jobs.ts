import { FREE_MEMBER_ALLOWANCE, dayCodeOf } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import { renderMail } from '../../infra/mail.js';
import { eventConsumer, type EventConsumer } from '../../platform/events/event-dispatcher.js';
import { defineJob } from '../../platform/jobs/job.types.js';
import { MAIL_JOB } from '../../platform/jobs/mail.job.js';
import type { BillingDeps } from './billing.deps.js';
import { reconcile } from './intent-outcome.js';
import { renew } from './subscription.js';
import { inactivateIfDue, reevaluate } from './warning.js';

export const BILLING_SWEEP_JOB = 'billing.sweep';
export const BILLING_RECONCILE_JOB = 'billing.reconcile';

/**
 * The durable clock of billing, every five minutes on every instance (pg-boss makes one job per
 * tick): warnings out of date (members added or removed by any path), graces that ran out (the
 * project becomes INACTIVE), renewals whose period ended and retries of failed renewals that are due.
 * Each item runs in its own transaction under the project's lock and is keyed by what it pays for,
 * so a rerun, a retry or two instances at once charge once.
 */
export async function sweep(deps: BillingDeps) {
  const now = deps.ctx.clock.now();
  const result = { evaluated: 0, inactivated: 0, renewals: [] as string[] };
  for (const projectIdx of await deps.repo.projectsToEvaluate(FREE_MEMBER_ALLOWANCE)) {
    await reevaluate(deps, projectIdx);
    result.evaluated++;
  }
  for (const projectIdx of await deps.repo.graceExpired(now))
    if (await inactivateIfDue(deps, projectIdx)) result.inactivated++;
  for (const sub of await deps.repo.dueRenewals(dayCodeOf(now), now))
    result.renewals.push(`${sub.subscriptionIdx}: ${await renew(deps, sub.subscriptionIdx)}`);
  return result;
}

export const billingJobs = (deps: BillingDeps) => [
  defineJob<Record<string, never>>({
    name: BILLING_SWEEP_JOB,
    cron: '*/5 * * * *',
    options: { retryLimit: 3, retryDelay: 30, policy: 'exclusive' },
    handler: () => sweep(deps),
  }),
  // Charge intents a crash (or a lost gateway answer) left pending: asked about every minute.
  defineJob<Record<string, never>>({
    name: BILLING_RECONCILE_JOB,
    cron: '* * * * *',
    options: { retryLimit: 3, retryDelay: 15, policy: 'exclusive' },
    handler: () => reconcile(deps),
  }),
];

/**
 * A run of the reconciliation at start-up, once the leases of intents the previous process left
 * have run out (before, their requests might still be alive on another instance).
 */
export function reconcileAfterStart(app: FastifyInstance, deps: BillingDeps) {
  app.addHook('onReady', async () => {
    const startAfter = new Date(Date.now() + deps.ctx.config.billing.leaseMs);
    // Its own singleton key: the queue is exclusive, and a waiting start-up run must not keep
    // the cron's (or a test's) runs out meanwhile.
    await deps.ctx.jobs.send(BILLING_RECONCILE_JOB, {}, { startAfter, singletonKey: 'after-start' });
  });
}

/** A member joined or left: the warning follows at once, not at the next sweep. */
export const warnOnMembers = (deps: BillingDeps): EventConsumer => ({
  name: 'billing.member-count',
  events: ['member.joined', 'member.removed', 'project.created'],
  async handle(event) {
    await reevaluate(deps, event.projectIdx);
  },
});

/** The notice to admins when a warning starts (each in their language); keyed by event and reader. */
export const mailWarning = (deps: BillingDeps): EventConsumer =>
  eventConsumer({
    name: 'billing.warning-mail',
    events: ['subscription.warned'],
    async handle(event) {
      const payload = event.payload;
      const project = await deps.repo.project(event.projectIdx);
      const link = `${deps.ctx.config.publicUrl}/#/setting?tab=subscription&projectIdx=${event.projectIdx}`;
      for (const admin of await deps.repo.admins(event.projectIdx)) {
        const mail = renderMail('billingWarning', admin.lang, admin.email, link, {
          project: project?.name ?? '',
          totalMember: payload.totalMember,
          covered: payload.sheets + FREE_MEMBER_ALLOWANCE,
          date: payload.graceUntil.slice(0, 10),
        });
        await deps.ctx.jobs.send(
          MAIL_JOB,
          { ...mail, projectIdx: event.projectIdx },
          { singletonKey: `billing-warning:${event.eventIdx}:${admin.email}` },
        );
      }
    },
  });
