import {
  apiPaths,
  contract,
  contractIdxParams,
  contractList,
  contractListQuery,
  declineContractRequest,
  offerContractRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';

/** docs/product/contracts.md#calls: the contract calls. */
export async function contractRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { contract: contracts } = app.services;
  const tags = ['contract'];
  const security = [{ bearer: [] }];
  const params = contractIdxParams;

  app.get(
    apiPaths.contract,
    { schema: { tags, security, querystring: contractListQuery, response: responds(200, contractList) } },
    async (request) => ({ data: await contracts.list(actorOf(request), request.query) }),
  );

  app.post(
    apiPaths.contract,
    { schema: { tags, security, body: offerContractRequest, response: responds(201, contract) } },
    async (request, reply) =>
      reply.status(201).send({ data: await contracts.offer(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.contractOne(':contractIdx'),
    { schema: { tags, security, params, response: responds(200, contract) } },
    async (request) => ({ data: await contracts.get(actorOf(request), request.params.contractIdx) }),
  );

  for (const move of ['accept', 'end'] as const)
    app.post(
      apiPaths.contractMove(':contractIdx', move),
      { schema: { tags, security, params, response: responds(200, contract) } },
      async (request) => ({ data: await contracts.move(actorOf(request), request.params.contractIdx, move) }),
    );

  app.post(
    apiPaths.contractMove(':contractIdx', 'decline'),
    { schema: { tags, security, params, body: declineContractRequest, response: responds(200, contract) } },
    async (request) => ({
      data: await contracts.move(
        actorOf(request),
        request.params.contractIdx,
        'decline',
        request.body.reason,
      ),
    }),
  );
}
