import {
  apiPaths,
  paySettlementRequest,
  returnSettlementRequest,
  settlement,
  settlementIdxParams,
  settlementList,
  settlementListQuery,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';
import { settlementExportRoutes } from './export/settlement-export.routes.js';
import { project, record } from '../../platform/authorization/route-policy.js';

/** docs/product/timekeeping-and-settlement.md#settlement-flow: the settlement calls. */
export async function settlementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { settlement: settlements } = app.services;
  const tags = ['settlement'];
  const security = [{ bearer: [] }];
  const params = settlementIdxParams;

  // Settlements: seen like their contract (contractRecord), anyone else gets SETTLEMENT_NOT_FOUND;
  // submitted by the professional alone, decided and paid by the hiring side (never by the professional).
  app.get(
    apiPaths.settlement,
    {
      config: { policy: project('settlement.list') },
      schema: { tags, security, querystring: settlementListQuery, response: responds(200, settlementList) },
    },
    async (request) => ({ data: await settlements.list(actorOf(request), request.query) }),
  );

  app.get(
    apiPaths.settlementOne(':settlementIdx'),
    {
      config: { policy: record('settlement.view', 'SETTLEMENT_NOT_FOUND') },
      schema: { tags, security, params, response: responds(200, settlement) },
    },
    async (request) => ({ data: await settlements.get(actorOf(request), request.params.settlementIdx) }),
  );

  // Approving is the hiring side's decision, like returning; submitting is the professional's.
  for (const [move, action] of [
    ['submit', 'settlement.submit'],
    ['approve', 'settlement.decide'],
  ] as const)
    app.post(
      apiPaths.settlementMove(':settlementIdx', move),
      {
        config: { policy: record(action, 'SETTLEMENT_NOT_FOUND') },
        schema: { tags, security, params, response: responds(200, settlement) },
      },
      async (request) => ({
        data: await settlements.move(actorOf(request), request.params.settlementIdx, move),
      }),
    );

  app.post(
    apiPaths.settlementMove(':settlementIdx', 'return'),
    {
      config: { policy: record('settlement.decide', 'SETTLEMENT_NOT_FOUND') },
      schema: { tags, security, params, body: returnSettlementRequest, response: responds(200, settlement) },
    },
    async (request) => ({
      data: await settlements.move(actorOf(request), request.params.settlementIdx, 'return', request.body),
    }),
  );

  app.post(
    apiPaths.settlementMove(':settlementIdx', 'pay'),
    {
      config: { policy: record('settlement.pay', 'SETTLEMENT_NOT_FOUND') },
      schema: { tags, security, params, body: paySettlementRequest, response: responds(200, settlement) },
    },
    async (request) => ({
      data: await settlements.move(actorOf(request), request.params.settlementIdx, 'pay', request.body),
    }),
  );

  // `GET /settlement/{settlementIdx}/export?format=csv|pdf`: the statement from `statement`.
  await settlementExportRoutes(fastify, settlements);
}
