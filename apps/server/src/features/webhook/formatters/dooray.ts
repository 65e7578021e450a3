import { cut, type ChatMessage } from './message.js';

/**
 * Dooray documents no limits; these keep a message readable and well under what its messenger
 * shows (a long text is folded there anyway).
 */
export const DOORAY_LIMITS = { botName: 50, text: 1_000, title: 256, attachmentText: 4_000 } as const;

/**
 * Dooray's messenger reads Markdown links in a message's texts: `[text](url)` becomes a link and
 * `[@name](dooray://…)` a mention. A zero-width space between `]` and `(` leaves the text looking
 * the same and makes it a link or mention in no Markdown reader (Dooray documents no escape, so a
 * backslash might show as one). The title too, though it is linked to `titleLink` (the app).
 */
export const doorayInert = (text: string): string => text.replaceAll('](', ']\u200b(');

/**
 * A Dooray incoming-webhook message: the heading and project as `text`, one attachment with the
 * linked title, the facts as `label: value` lines and the description, coloured by the event.
 */
export function doorayMessage(m: ChatMessage) {
  const facts = m.fields.map((f) => `${f.label}: ${f.value}`).join('\n');
  const body = doorayInert([facts, m.description].filter(Boolean).join('\n\n'));
  return {
    botName: cut(m.botName, DOORAY_LIMITS.botName),
    botIconImage: m.iconUrl,
    text: cut(doorayInert(`${m.heading} · ${m.context}`), DOORAY_LIMITS.text),
    attachments: [
      {
        title: cut(doorayInert(m.title), DOORAY_LIMITS.title),
        titleLink: m.url,
        text: cut(body, DOORAY_LIMITS.attachmentText),
        color: m.color,
      },
    ],
  };
}
