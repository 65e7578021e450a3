import type { DomainEvent, Language } from '@teamline/contract';
import type { EventConsumer } from '../../platform/events/event-dispatcher.js';
import { MAIL_JOB } from '../../platform/jobs/mail.job.js';
import type { Jobs } from '../../platform/jobs/job.types.js';
import { renderMail, type MailMessage } from '../../infra/mail.js';
import type { SettlementRepository } from './settlement.repository.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYYMM` as the reader writes a month: 2026.11 · Nov 2026 · 11/2026 (as the web app shows it). */
export function monthText(month: string, lang: Language): string {
  const y = month.slice(0, 4);
  const m = month.slice(4, 6);
  if (lang === 'kr') return `${y}.${m}`;
  if (lang === 'vi') return `${m}/${y}`;
  return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(y), Number(m) - 1, 1)),
  );
}

/** A day as the reader writes it (UTC): 2026.11.30 · Nov 30, 2026 · 30/11/2026. */
export function dayText(at: Date, lang: Language): string {
  const [y, m, d] = [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()];
  if (lang === 'kr') return `${y}.${pad(m)}.${pad(d)}`;
  if (lang === 'vi') return `${pad(d)}/${pad(m)}/${y}`;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}

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
      month: monthText(row.month, reader.lang),
      date: dayText(autoApproveAt, reader.lang),
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
): EventConsumer => ({
  name: 'settlement.auto-approve-notice-mail',
  events: ['settlement.auto_approve_due'],
  async handle(event: DomainEvent) {
    const { settlementIdx } = event.payload as { settlementIdx: number };
    for (const mail of await autoApproveNoticeMails(repo, publicUrl, settlementIdx))
      await jobs.send(MAIL_JOB, mail, { singletonKey: `settlement-notice:${event.eventIdx}:${mail.to}` });
  },
});
