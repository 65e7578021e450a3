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
import { project, record } from '../../platform/authorization/route-policy.js';

/** docs/product/contracts.md#calls: the contract calls. */
export async function contractRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { contract: contracts } = app.services;
  const tags = ['contract'];
  const security = [{ bearer: [] }];
  const params = contractIdxParams;

  // Contracts: the list is filtered by the record rule (contractRecord); one contract is seen by its
  // professional, their lead and the hiring side, and anyone else gets CONTRACT_NOT_FOUND.
  app.get(
    apiPaths.contract,
    {
      config: { policy: project('contract.list') },
      schema: { tags, security, querystring: contractListQuery, response: responds(200, contractList) },
    },
    async (request) => ({ data: await contracts.list(actorOf(request), request.query) }),
  );

  app.post(
    apiPaths.contract,
    {
      config: { policy: project('contract.offer') },
      schema: { tags, security, body: offerContractRequest, response: responds(201, contract) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await contracts.offer(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.contractOne(':contractIdx'),
    {
      config: { policy: record('contract.view', 'CONTRACT_NOT_FOUND') },
      schema: { tags, security, params, response: responds(200, contract) },
    },
    async (request) => ({ data: await contracts.get(actorOf(request), request.params.contractIdx) }),
  );

  for (const [move, action] of [
    ['accept', 'contract.accept'],
    ['end', 'contract.end'],
  ] as const)
    app.post(
      apiPaths.contractMove(':contractIdx', move),
      {
        config: { policy: record(action, 'CONTRACT_NOT_FOUND') },
        schema: { tags, security, params, response: responds(200, contract) },
      },
      async (request) => ({ data: await contracts.move(actorOf(request), request.params.contractIdx, move) }),
    );

  app.post(
    apiPaths.contractMove(':contractIdx', 'decline'),
    {
      config: { policy: record('contract.decline', 'CONTRACT_NOT_FOUND') },
      schema: { tags, security, params, body: declineContractRequest, response: responds(200, contract) },
    },
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
