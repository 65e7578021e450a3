import {
  apiPaths,
  notificationList,
  notificationListQuery,
  notificationReadRequest,
  notificationReadResponse,
  notificationSetting,
  notificationSettingRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';

/** docs/product/notifications-and-webhooks.md#notifications: the caller's own notices and preferences. */
export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { notification } = app.services;
  const tags = ['notification'];
  const security = [{ bearer: [] }];

  // Notifications: only the caller's own notices and preferences (queried by their memberIdx).
  app.get(
    apiPaths.notification,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        querystring: notificationListQuery,
        response: responds(200, notificationList),
      },
    },
    async (request) => ({ data: await notification.list(actorOf(request), request.query) }),
  );

  app.post(
    apiPaths.notificationRead,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        body: notificationReadRequest,
        response: responds(200, notificationReadResponse),
      },
    },
    async (request) => ({ data: await notification.markRead(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.notificationSetting,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, response: responds(200, notificationSetting) },
    },
    async (request) => ({ data: await notification.settings(actorOf(request)) }),
  );

  app.put(
    apiPaths.notificationSetting,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        body: notificationSettingRequest,
        response: responds(200, notificationSetting),
      },
    },
    async (request) => ({ data: await notification.saveSettings(actorOf(request), request.body) }),
  );
}
