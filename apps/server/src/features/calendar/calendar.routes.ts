import {
  apiPaths,
  calendarFeedList,
  calendarFeedParams,
  calendarFileParams,
  createCalendarFeedRequest,
  createdCalendarFeed,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';

/** Whether an If-None-Match header names this entity tag (a list, `*`, or a weak form of it). */
const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });

/**
 * Calendar feeds (issue 34). The management routes are the caller's own (`authenticated`, outside
 * the token areas); the feed is public, its secret is the key, and the rate limits of
 * plugins/rate-limits.ts count its failures per address and its reads per feed.
 */
export async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { calendar } = app.services;
  const tags = ['calendar'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.memberCalendar,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          "The caller's calendar feeds that are not revoked, oldest first: kind (`member`, `project`), project, " +
          'creation and last read by a calendar app. Never the address.',
        response: responds(200, calendarFeedList),
      },
    },
    async (request) => ({ data: await calendar.list(actorOf(request)) }),
  );

  app.post(
    apiPaths.memberCalendar,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          'A new calendar feed address: without `projectIdx` the caller\'s own ("my calendar"), with it that ' +
          "project's (a live member only: 403 `PROJECT_ACCESS_DENIED`). The caller's feed of the same kind is " +
          'revoked with it. The address is in this answer only.',
        body: createCalendarFeedRequest,
        response: responds(201, createdCalendarFeed),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await calendar.create(actorOf(request), request.body) }),
  );

  app.delete(
    apiPaths.memberCalendarOne(':calendarIdx'),
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          "Revokes one of the caller's calendar feeds at once; another's or a revoked one is 404 `CALENDAR_FEED_NOT_FOUND`.",
        params: calendarFeedParams,
        response: responds(200, z.object({})),
      },
    },
    async (request) => {
      await calendar.revoke(actorOf(request), request.params.calendarIdx);
      return { data: {} };
    },
  );

  app.get(
    apiPaths.calendarFeed(':secret'),
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description:
          'The feed of a secret address, `text/calendar` (RFC 5545): all-day events with stable UIDs. Sends an ' +
          'ETag; a matching If-None-Match is 304. Unknown, revoked or ended: 404 `CALENDAR_FEED_NOT_FOUND`.',
        params: calendarFileParams,
      },
    },
    async (request, reply) => {
      const feed = await calendar.render(request.params.secret);
      reply.header('etag', feed.etag).header('cache-control', 'private, no-cache');
      if (matches(request.headers['if-none-match'], feed.etag)) return reply.status(304).send();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="teamline.ics"')
        .send(feed.body());
    },
  );
}
