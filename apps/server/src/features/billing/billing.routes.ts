import {
  apiPaths,
  billingResult,
  cardList,
  couponQuery,
  idx,
  paymentQuery,
  payment,
  planTable as planTableSchema,
  projectCoupon,
  refundRequest,
  registerCardRequest,
  registerCouponRequest,
  registeredCard,
  sheetChangeRequest,
  subscribeRequest,
  subscription,
  subscriptionQuery,
  updateSubscriptionRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project, record } from '../../platform/authorization/route-policy.js';

/** docs/product/billing.md#plans-and-prices: plans, the subscription, sheets, refunds, payments, cards and coupons. */
export async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { billing } = app.services;
  const tags = ['billing'];
  const security = [{ bearer: [] }];
  const params = z.object({ subscriptionIdx: idx });
  const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(255).optional() }).passthrough();

  // Subscriptions and billing: every member reads the subscription (the warning bar), admins manage
  // it; the price table and one's own cards need only an account.
  app.get(
    apiPaths.plan,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, response: responds(200, planTableSchema) },
    },
    async () => ({
      data: billing.plans(),
    }),
  );

  app.get(
    apiPaths.subscription,
    {
      config: { policy: project('project.view') },
      schema: { tags, security, querystring: subscriptionQuery, response: responds(200, subscription) },
    },
    async (request) => ({ data: await billing.get(actorOf(request), request.query.projectIdx) }),
  );

  app.post(
    apiPaths.subscription,
    {
      config: { policy: project('billing.manage') },
      schema: {
        tags,
        security,
        headers: idempotencyHeader,
        body: subscribeRequest,
        response: responds(201, billingResult),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const data = await billing.idempotent(request, actor, (claim) =>
        billing.subscribe(actor, request.body, claim),
      );
      return reply.code(201).send({ data });
    },
  );

  app.patch(
    apiPaths.subscriptionOne(':subscriptionIdx'),
    {
      config: { policy: record('billing.manage', 'SUBSCRIPTION_NOT_FOUND') },
      schema: {
        tags,
        security,
        params,
        body: updateSubscriptionRequest,
        response: responds(200, subscription),
      },
    },
    async (request) => ({
      data: await billing.update(actorOf(request), request.params.subscriptionIdx, request.body),
    }),
  );

  app.post(
    apiPaths.subscriptionSheets(':subscriptionIdx'),
    {
      config: { policy: record('billing.manage', 'SUBSCRIPTION_NOT_FOUND') },
      schema: {
        tags,
        security,
        params,
        headers: idempotencyHeader,
        body: sheetChangeRequest,
        response: responds(200, billingResult),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return {
        data: await billing.idempotent(request, actor, (claim) =>
          billing.sheets(actor, request.params.subscriptionIdx, request.body, claim),
        ),
      };
    },
  );

  app.post(
    apiPaths.subscriptionRefund(':subscriptionIdx'),
    {
      config: { policy: record('billing.manage', 'SUBSCRIPTION_NOT_FOUND') },
      schema: {
        tags,
        security,
        params,
        headers: idempotencyHeader,
        body: refundRequest,
        response: responds(200, billingResult),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return {
        data: await billing.idempotent(request, actor, (claim) =>
          billing.refund(actor, request.params.subscriptionIdx, request.body, claim),
        ),
      };
    },
  );

  app.get(
    apiPaths.payment,
    {
      config: { policy: project('billing.manage') },
      schema: { tags, security, querystring: paymentQuery, response: responds(200, z.array(payment)) },
    },
    async (request) => ({ data: await billing.payments(actorOf(request), request.query.projectIdx) }),
  );

  app.get(
    apiPaths.card,
    { config: { policy: 'authenticated' }, schema: { tags, security, response: responds(200, cardList) } },
    async (request) => ({
      data: await billing.cards(actorOf(request)),
    }),
  );

  app.post(
    apiPaths.card,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, body: registerCardRequest, response: responds(201, registeredCard) },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await billing.registerCard(actorOf(request), request.body) }),
  );

  app.delete(
    apiPaths.cardOne(':cardIdx'),
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, params: z.object({ cardIdx: idx }), response: responds(200, z.object({})) },
    },
    async (request) => {
      await billing.deleteCard(actorOf(request), request.params.cardIdx);
      return { data: {} };
    },
  );

  app.get(
    apiPaths.coupon,
    {
      config: { policy: project('billing.manage') },
      schema: { tags, security, querystring: couponQuery, response: responds(200, z.array(projectCoupon)) },
    },
    async (request) => ({ data: await billing.coupons(actorOf(request), request.query.projectIdx) }),
  );

  app.post(
    apiPaths.coupon,
    {
      config: { policy: project('billing.manage') },
      schema: {
        tags,
        security,
        body: registerCouponRequest,
        response: responds(201, z.array(projectCoupon)),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await billing.registerCoupon(actorOf(request), request.body) }),
  );
}
