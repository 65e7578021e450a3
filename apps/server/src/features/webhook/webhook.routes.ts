import {
  apiPaths,
  createWebhookRequest,
  createdWebhook,
  updateWebhookRequest,
  webhook,
  webhookDelivery,
  webhookDeliveryIdxParams,
  webhookDeliveryList,
  webhookIdxParams,
  webhookListQuery,
  webhookSecret,
  webhookTestResult,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { webhookIcon } from './webhook-icon.js';
import { project, record } from '../../platform/authorization/route-policy.js';

export async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { webhook: hooks } = app.services;
  const tags = ['webhook'];
  const security = [{ bearer: [] }];
  // A bad URL answers WEBHOOK_URL_INVALID naming the field (docs/product/notifications-and-webhooks.md#webhooks), not the generic code.
  const config = { invalidFieldCodes: { url: 'WEBHOOK_URL_INVALID' } } as const;

  // Webhooks (issue 13): project admins only; another project's hook or delivery looks missing.
  app.get(
    apiPaths.webhook,
    {
      config: { policy: project('webhook.manage') },
      schema: { tags, security, querystring: webhookListQuery, response: responds(200, z.array(webhook)) },
    },
    async (request) => ({ data: await hooks.list(actorOf(request), request.query.projectIdx) }),
  );

  app.post(
    apiPaths.webhook,
    {
      config: { ...config, policy: project('webhook.manage') },
      schema: { tags, security, body: createWebhookRequest, response: responds(201, createdWebhook) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await hooks.create(actorOf(request), request.body) }),
  );

  app.patch(
    apiPaths.webhookOne(':webhookIdx'),
    {
      config: { ...config, policy: record('webhook.manage', 'WEBHOOK_NOT_FOUND') },
      schema: {
        tags,
        security,
        params: webhookIdxParams,
        body: updateWebhookRequest,
        response: responds(200, webhook),
      },
    },
    async (request) => ({
      data: await hooks.update(actorOf(request), request.params.webhookIdx, request.body),
    }),
  );

  app.delete(
    apiPaths.webhookOne(':webhookIdx'),
    {
      config: { policy: record('webhook.manage', 'WEBHOOK_NOT_FOUND') },
      schema: { tags, security, params: webhookIdxParams, response: responds(200, z.object({})) },
    },
    async (request) => {
      await hooks.remove(actorOf(request), request.params.webhookIdx);
      return { data: {} };
    },
  );

  app.post(
    apiPaths.webhookTest(':webhookIdx'),
    {
      config: { policy: record('webhook.manage', 'WEBHOOK_NOT_FOUND') },
      schema: { tags, security, params: webhookIdxParams, response: responds(200, webhookTestResult) },
    },
    async (request) => ({ data: await hooks.test(actorOf(request), request.params.webhookIdx) }),
  );

  // A standard hook's new signing secret, answered once (docs/product/notifications-and-webhooks.md#standard-webhooks).
  app.post(
    apiPaths.webhookSecret(':webhookIdx'),
    {
      config: { policy: record('webhook.manage', 'WEBHOOK_NOT_FOUND') },
      schema: { tags, security, params: webhookIdxParams, response: responds(200, webhookSecret) },
    },
    async (request) => ({ data: await hooks.rotateSecret(actorOf(request), request.params.webhookIdx) }),
  );

  app.get(
    apiPaths.webhookDeliveries(':webhookIdx'),
    {
      config: { policy: record('webhook.manage', 'WEBHOOK_NOT_FOUND') },
      schema: { tags, security, params: webhookIdxParams, response: responds(200, webhookDeliveryList) },
    },
    async (request) => ({
      data: { deliveries: await hooks.deliveries(actorOf(request), request.params.webhookIdx) },
    }),
  );

  app.post(
    apiPaths.webhookDeliveryRetry(':deliveryIdx'),
    {
      config: { policy: record('webhook.manage', 'WEBHOOK_DELIVERY_NOT_FOUND') },
      schema: { tags, security, params: webhookDeliveryIdxParams, response: responds(200, webhookDelivery) },
    },
    async (request) => ({ data: await hooks.retry(actorOf(request), request.params.deliveryIdx) }),
  );

  // The image chat tools show beside the messages (Discord avatar_url, Dooray botIconImage).
  // The image chat tools fetch for the messages' sender (no key: they fetch it themselves).
  app.get(
    apiPaths.webhookIcon,
    { config: { policy: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/png').send(webhookIcon()),
  );
}
