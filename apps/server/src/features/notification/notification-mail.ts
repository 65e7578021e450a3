import { notificationText, type Language, type NotificationParams } from '@teamline/contract';
import { plural, resources } from '@teamline/contract/i18n';
import type { MailMessage } from '../../infra/mail.js';
import { escapeHtml } from '../../shared/html.js';

/** An app path (`/timeline/3?selectedStory=7`) as a link into the web app (hash router). */
export const appLink = (publicUrl: string, path: string | null): string => `${publicUrl}/#${path ?? '/'}`;

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#00D696;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;

const page = (lang: Language, inner: string) =>
  `<!doctype html><html lang="${lang === 'kr' ? 'ko' : lang}"><body style="font-family:sans-serif;line-height:1.5">
${inner}
</body></html>`;

export interface NoticeForMail {
  kind: string;
  params: NotificationParams;
  link: string | null;
  projectIdx: number | null;
}

/** One notice as a mail in the reader's language: the notice's title as subject, its body, one link. */
export function renderNoticeMail(
  notice: NoticeForMail,
  lang: Language,
  to: string,
  publicUrl: string,
): MailMessage {
  const texts = resources[lang];
  const m = texts.mail.notification;
  const { title, body } = notificationText(texts.ui.notification.kinds, notice.kind, notice.params, lang);
  const link = appLink(publicUrl, notice.link);
  const text = [title, '', body, '', `${m.action}: ${link}`, '', m.ignore, '', `— ${texts.mail.footer}`].join(
    '\n',
  );
  const html = page(
    lang,
    `<p><strong>${escapeHtml(title)}</strong></p>
<p>${escapeHtml(body)}</p>
${button(link, m.action)}
<p style="color:#555">${escapeHtml(m.ignore)}</p>
<p style="color:#999">${escapeHtml(texts.mail.footer)}</p>`,
  );
  return {
    to,
    subject: title,
    text,
    html,
    link,
    ...(notice.projectIdx ? { projectIdx: notice.projectIdx } : {}),
  };
}

/** The daily summary: every waiting notice's title and body with its own link. */
export function renderDigestMail(
  notices: NoticeForMail[],
  lang: Language,
  to: string,
  publicUrl: string,
): MailMessage {
  const texts = resources[lang];
  const m = texts.mail.notification;
  const lines = notices.map((n) => {
    const { title, body } = notificationText(texts.ui.notification.kinds, n.kind, n.params, lang);
    return { title, body, link: appLink(publicUrl, n.link) };
  });
  const home = `${publicUrl}/#/`;
  const text = [
    m.digestIntro,
    '',
    ...lines.flatMap((l) => [`• ${l.title}`, `  ${l.body}`, `  ${l.link}`, '']),
    `${m.digestAction}: ${home}`,
    '',
    m.ignore,
    '',
    `— ${texts.mail.footer}`,
  ].join('\n');
  const html = page(
    lang,
    `<p>${escapeHtml(m.digestIntro)}</p>
<ul>${lines
      .map(
        (l) =>
          `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.title)}</a><br><span style="color:#555">${escapeHtml(l.body)}</span></li>`,
      )
      .join('')}</ul>
${button(home, m.digestAction)}
<p style="color:#555">${escapeHtml(m.ignore)}</p>
<p style="color:#999">${escapeHtml(texts.mail.footer)}</p>`,
  );
  return { to, subject: plural(m, 'digestSubject', lang, { count: notices.length }), text, html, link: home };
}
