import { formatDay, formatMonth } from '@teamline/contract';
import { eventConsumer, type EventConsumer } from '../../platform/events/event-dispatcher.js';
import { MAIL_JOB } from '../../platform/jobs/mail.job.js';
import type { Jobs } from '../../platform/jobs/job.types.js';
import { renderMail, type MailMessage } from '../../infra/mail.js';
import type { SettlementRepository } from './settlement.repository.js';

/** The UTC calendar day of an instant, as the API dates its days. */
const utcDay = (at: Date) => ({ y: at.getUTCFullYear(), m: at.getUTCMonth() + 1, d: at.getUTCDate() });

/**
 * The notice a day before the automatic approval, by e-mail to everyone who may still answer the
 * settlement (clients and admin authority, never its professional), each in their own language, with
 * a link to the month on the client settlement page.
 */
export async function autoApproveNoticeMails(
  repo: SettlementRepository,
  publicUrl: string,
  settlementIdx: number,
): Promise<MailMessage[]> {
  const row = await repo.findById(settlementIdx);
  if (!row || row.status !== 'submitted' || !row.autoApproveAt) return [];
  const deciders = await repo.decidersOf(row.projectIdx, row.memberInProjectIdx);
  const link = `${publicUrl}/#/calculate/client/${row.projectIdx}?month=${row.month}`;
  if (deciders.length === 0) return [];
  // The names once; each reader's own language comes with them from `decidersOf`.
  const names = await repo.statementNames(row.projectIdx, row.memberInProjectIdx, deciders[0]!.memberIdx);
  const autoApproveAt = row.autoApproveAt;
  return deciders.map((reader) => ({
    ...renderMail('settlementAutoApproveDue', reader.lang, reader.email, link, {
      member: names.memberName,
      project: names.projectName,
      month: formatMonth(row.month, reader.lang),
      date: formatDay(utcDay(autoApproveAt), reader.lang),
    }),
    projectIdx: row.projectIdx,
  }));
}

/**
 * Sends the notice mails once the `settlement.auto_approve_due` event has committed. A redelivered
 * event queues nothing new while the first mails wait or run: each mail's job is keyed by the event
 * and the reader.
 */
export const mailAutoApproveNotice = (
  repo: SettlementRepository,
  jobs: Jobs,
  publicUrl: string,
): EventConsumer =>
  eventConsumer({
    name: 'settlement.auto-approve-notice-mail',
    events: ['settlement.auto_approve_due'],
    async handle(event) {
      const { settlementIdx } = event.payload;
      for (const mail of await autoApproveNoticeMails(repo, publicUrl, settlementIdx))
        await jobs.send(MAIL_JOB, mail, { singletonKey: `settlement-notice:${event.eventIdx}:${mail.to}` });
    },
  });
