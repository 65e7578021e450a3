import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '@teamline/contract';
import { interpolate, resources } from '@teamline/contract/i18n';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '../shared/html.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link of the mail, logged by the outbox so a developer can click it. */
  link?: string;
  /** The project the mail is about (invitations), so its admins see the sending job. */
  projectIdx?: number;
  /** `Message-ID` header; the mail job sets one per job, so a repeated delivery is recognisably the same mail. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export type MailTemplate =
  | 'joinVerify'
  | 'passwordReset'
  | 'signInLink'
  | 'invite'
  | 'settlementAutoApproveDue'
  | 'billingReceipt'
  | 'billingPaymentFailed'
  | 'billingWarning'
  | 'myDataReady'
  | 'newBrowser';

/** A translated mail with one call-to-action link, as plain text and simple HTML. */
export function renderMail(
  template: MailTemplate,
  lang: Language,
  to: string,
  link: string,
  values: Record<string, string | number>,
): MailMessage {
  const texts = resources[lang].mail;
  const t = texts[template];
  const expiry = interpolate(t.expiry, values);
  const body = interpolate(t.body, values);
  const text = [body, '', `${t.action}: ${link}`, '', expiry, t.ignore, '', `— ${texts.footer}`].join('\n');
  const html = `<!doctype html><html lang="${lang === 'kr' ? 'ko' : lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#00D696;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="word-break:break-all;color:#555">${escapeHtml(link)}</p>
<p style="color:#555">${escapeHtml(expiry)}<br>${escapeHtml(t.ignore)}</p>
<p style="color:#999">${escapeHtml(texts.footer)}</p>
</body></html>`;
  return { to, subject: interpolate(t.subject, values), text, html, link };
}

/** SMTP when SMTP_URL is set. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Development outbox: each mail becomes `<timestamp>-<to>.eml` (sortable, so the newest mail to an
 * address is the last file for it) and its link is logged.
 */
export function createOutboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
      await mkdir(dir, { recursive: true });
      sequence = (sequence + 1) % 1000;
      const stamp = `${Date.now()}${String(sequence).padStart(3, '0')}`;
      const file = join(dir, `${stamp}-${message.to.replace(/[^a-zA-Z0-9@._+-]/g, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, file, link: message.link }, 'mail written to outbox');
    },
    async close() {
      transport.close();
    },
  };
}
