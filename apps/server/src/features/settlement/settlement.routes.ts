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

/** docs/product/timekeeping-and-settlement.md#settlement-flow: the settlement calls. */
export async function settlementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { settlement: settlements } = app.services;
  const tags = ['settlement'];
  const security = [{ bearer: [] }];
  const params = settlementIdxParams;

  app.get(
    apiPaths.settlement,
    { schema: { tags, security, querystring: settlementListQuery, response: responds(200, settlementList) } },
    async (request) => ({ data: await settlements.list(actorOf(request), request.query) }),
  );

  app.get(
    apiPaths.settlementOne(':settlementIdx'),
    { schema: { tags, security, params, response: responds(200, settlement) } },
    async (request) => ({ data: await settlements.get(actorOf(request), request.params.settlementIdx) }),
  );

  for (const move of ['submit', 'approve'] as const)
    app.post(
      apiPaths.settlementMove(':settlementIdx', move),
      { schema: { tags, security, params, response: responds(200, settlement) } },
      async (request) => ({
        data: await settlements.move(actorOf(request), request.params.settlementIdx, move),
      }),
    );

  app.post(
    apiPaths.settlementMove(':settlementIdx', 'return'),
    {
      schema: { tags, security, params, body: returnSettlementRequest, response: responds(200, settlement) },
    },
    async (request) => ({
      data: await settlements.move(actorOf(request), request.params.settlementIdx, 'return', request.body),
    }),
  );

  app.post(
    apiPaths.settlementMove(':settlementIdx', 'pay'),
    { schema: { tags, security, params, body: paySettlementRequest, response: responds(200, settlement) } },
    async (request) => ({
      data: await settlements.move(actorOf(request), request.params.settlementIdx, 'pay', request.body),
    }),
  );

  // `GET /settlement/{settlementIdx}/export?format=csv|pdf`: the statement from `statement`.
  await settlementExportRoutes(fastify, settlements);
}
