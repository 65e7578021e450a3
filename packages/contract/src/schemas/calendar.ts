import { z } from 'zod';
import { idx } from './common.js';

/**
 * Calendar feeds (issue 34 "Connect out", docs/product/integrations.md#calendar-feeds): a secret
 * address (`/api/calendar/<secret>.ics`, RFC 5545) a calendar app subscribes to. A member feed ("my
 * calendar") holds the due dates of the stories assigned to the member, the milestones of their
 * projects and their contract periods; a project feed holds one project's milestones and story due
 * dates, and stops when its owner leaves the project. The server keeps only the secret's SHA-256, so
 * the address is in the creation's answer only; making another of the same feed revokes the old one.
 */
export const calendarFeedKinds = ['member', 'project'] as const;
export type CalendarFeedKind = (typeof calendarFeedKinds)[number];

/** Live feeds one member may hold (one per project and their own): a ceiling, not a plan. */
export const CALENDAR_FEEDS_PER_MEMBER = 50;

/** `POST /member/calendar`: without `projectIdx`, the member's own feed; with it, that project's. */
export const createCalendarFeedRequest = z.object({ projectIdx: idx.optional() });
export type CreateCalendarFeedRequest = z.infer<typeof createCalendarFeedRequest>;

/** A feed as its owner's list shows it: never the secret. */
export const calendarFeed = z.object({
  calendarIdx: z.number().int(),
  kind: z.enum(calendarFeedKinds),
  projectIdx: z.number().int().nullable(),
  projectName: z.string().nullable(),
  createdAt: z.string(),
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

export const calendarFeedList = z.array(calendarFeed);

/** The creation's answer: the feed and, this once only, its address (`https://…/api/calendar/<secret>.ics`). */
export const createdCalendarFeed = z.object({ feed: calendarFeed, url: z.string() });
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeed>;

export const calendarFeedParams = z.object({ calendarIdx: idx });
/** The public feed's address: the secret (43 base64url characters) and `.ics`. */
export const calendarFileParams = z.object({ secret: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
