import type { Language } from '@teamline/contract';
import { interpolate, resources } from '@teamline/contract/i18n';
import ical from 'ical-generator';

/** One all-day entry of a feed: its first and last day (inclusive, the app's `YYYYMMDD` date codes). */
export interface FeedEvent {
  /** Stable across fetches (`story-12@teamline`), so a calendar app updates the event instead of adding another. */
  uid: string;
  first: string;
  last: string;
  summary: string;
  description: string;
  url: string;
  /** When the source last changed: the event's DTSTAMP and LAST-MODIFIED, so an unchanged feed is byte for byte the same. */
  changedAt: Date;
}

const DAY_MS = 86_400_000;
/** A date code (`20261231`) as the UTC midnight ical-generator writes as that DATE. */
const utcDay = (code: string) =>
  new Date(Date.UTC(Number(code.slice(0, 4)), Number(code.slice(4, 6)) - 1, Number(code.slice(6, 8))));

/** The feed's words in the owner's language (`ui.calendar.feed.*`). */
export function feedText(lang: Language) {
  const texts = resources[lang].ui.calendar.feed;
  return (key: keyof typeof texts, values: Record<string, string>) => interpolate(texts[key], values);
}

/**
 * An RFC 5545 calendar (ical-generator) of all-day events: DTSTART is the first day and DTEND the
 * day after the last (DATE values, exclusive end), so no time zone moves a due date to another day.
 */
export function renderCalendar(name: string, events: FeedEvent[]): string {
  const calendar = ical({
    name,
    prodId: { company: 'Teamline', product: 'Teamline', language: 'EN' },
    // Asks calendar apps to poll hourly (REFRESH-INTERVAL, X-PUBLISHED-TTL); most poll at their own pace.
    ttl: 60 * 60,
  });
  for (const event of events) {
    const last = event.last < event.first ? event.first : event.last;
    calendar.createEvent({
      id: event.uid,
      allDay: true,
      start: utcDay(event.first),
      end: new Date(utcDay(last).getTime() + DAY_MS),
      summary: event.summary,
      description: event.description,
      url: event.url,
      stamp: event.changedAt,
      lastModified: event.changedAt,
    });
  }
  return calendar.toString();
}
