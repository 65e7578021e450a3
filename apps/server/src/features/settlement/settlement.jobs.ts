import { eventConsumer, type EventConsumer } from '../../platform/events/event-dispatcher.js';
import { defineJob, type Jobs } from '../../platform/jobs/job.types.js';
import type { SettlementService } from './settlement.service.js';

export const AUTO_APPROVE_JOB = 'settlement.auto-approve';
export const AUTO_APPROVE_NOTICE_JOB = 'settlement.auto-approve-notice';

/** What both jobs carry: the settlement and the submission they were scheduled for. */
export interface AutoApproveData {
  projectIdx: number;
  settlementIdx: number;
  /** ISO time of the submission; a later resubmission has another and schedules its own jobs. */
  submittedAt: string;
}

/** At most one queued job per submission; a resend while it waits is dropped. */
const options = { retryLimit: 5, retryDelay: 30, expireInSeconds: 120, policy: 'exclusive' } as const;

/**
 * The durable auto-approval: approves a settlement still submitted (with the same submission) when
 * its `autoApproveAt` comes; its twin records the notice a day before. Both re-read the row, so a
 * rerun, a retry or a job of an earlier submission does nothing.
 */
export const settlementJobs = (settlement: SettlementService) => [
  defineJob<AutoApproveData>({
    name: AUTO_APPROVE_JOB,
    options,
    async handler({ data }) {
      return { approved: await settlement.autoApprove(data.settlementIdx, data.submittedAt) };
    },
  }),
  defineJob<AutoApproveData>({
    name: AUTO_APPROVE_NOTICE_JOB,
    options,
    async handler({ data }) {
      return { noticed: await settlement.autoApproveNotice(data.settlementIdx, data.submittedAt) };
    },
  }),
];

/**
 * Schedules both jobs once a submission has committed: a consumer of `settlement.submitted`, so the
 * outbox's at-least-once delivery makes the schedule as durable as the submission. The singleton
 * key (settlement and submission) keeps a redelivery from queueing a second pair.
 */
export const scheduleAutoApproval = (settlement: SettlementService, jobs: Jobs): EventConsumer =>
  eventConsumer({
    name: 'settlement.auto-approve-schedule',
    events: ['settlement.submitted'],
    async handle(event) {
      const { settlementIdx } = event.payload;
      const due = await settlement.schedule(settlementIdx);
      if (!due) return;
      const submittedAt = due.submittedAt.toISOString();
      const data: AutoApproveData = { projectIdx: due.projectIdx, settlementIdx, submittedAt };
      const singletonKey = `${settlementIdx}:${submittedAt}`;
      await jobs.send(AUTO_APPROVE_NOTICE_JOB, data, {
        singletonKey,
        startAfter: due.noticeAt > due.submittedAt ? due.noticeAt : due.submittedAt,
      });
      await jobs.send(AUTO_APPROVE_JOB, data, { singletonKey, startAfter: due.autoApproveAt });
    },
  });
