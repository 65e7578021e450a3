import type { WebhookCategory, WebhookEvent } from '@teamline/contract';

/**
 * What every chat message says, before a tool's own format: built once per event and language
 * (`webhook-message.ts`), then turned into Slack, Discord, Teams or Dooray JSON by the pure
 * formatters beside this file. Texts are plain (no markup); each formatter escapes for its tool.
 */
export interface ChatMessage {
  category: WebhookCategory | 'test';
  event: WebhookEvent | 'test';
  /** e.g. `New story`. */
  heading: string;
  /** The milestone's, story's or request's title (or the test message's). */
  title: string;
  /** `New story: Login page`: the notification line and every tool's fallback text. */
  summary: string;
  /** e.g. `in Project A`. */
  context: string;
  /** Link back into the app. */
  url: string;
  /** The label of the link, e.g. `Open in Teamline`. */
  linkLabel: string;
  description: string | null;
  fields: { label: string; value: string }[];
  /** `#RRGGBB`: green for new, blue for edit, red for delete. */
  color: string;
  /** Name and icon the message is posted as (where the tool lets the sender choose). */
  botName: string;
  iconUrl: string;
  /** ISO time of the change. */
  occurredAt: string;
}

/**
 * Cuts text to at most `max` UTF-16 units (what JavaScript and the tools count; never more than
 * code points), ending in `…` when cut, without splitting an emoji's surrogate pair.
 */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let out = '';
  for (const point of text) {
    if (out.length + point.length > max - 1) break;
    out += point;
  }
  return `${out}…`;
}

/**
 * The longest cut of `raw` whose transformed form (escaped, wrapped in markup) fits `max`: escaping
 * can lengthen a text (`&` → `&amp;`), so the raw text is cut again until the result fits.
 */
export function fit(raw: string, max: number, transform: (text: string) => string): string {
  let room = max;
  for (;;) {
    const out = transform(cut(raw, room));
    if (out.length <= max || room <= 0) return out.length <= max ? out : '';
    room -= Math.max(1, out.length - max);
  }
}

/** Bytes of a value as the tool receives it (JSON, UTF-8). */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** `#00D696` → 0x00d696 (Discord's integer colour). */
export const colorInt = (hex: string): number => Number.parseInt(hex.replace('#', ''), 16);
