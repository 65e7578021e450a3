import {
  apiPaths,
  createRequestCommentRequest,
  createRequestRequest,
  deletedRequestResponse,
  memberRequest,
  requestComment,
  requestIdxParams,
  requestList,
  requestListQuery,
  updateRequestRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';
import { project, record } from '../../platform/authorization/route-policy.js';

/** docs/product/requests.md#calls: the request calls. */
export async function requestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { request: requests } = app.services;
  const tags = ['request'];
  const security = [{ bearer: [] }];

  // Requests: the list is the caller's own boxes; one request is its parties' (requestRecord), and a
  // member it does not concern gets REQUEST_NOT_FOUND like a stranger.
  app.get(
    apiPaths.request,
    {
      config: { policy: project('request.list') },
      schema: { tags, security, querystring: requestListQuery, response: responds(200, requestList) },
    },
    async (request) => ({ data: await requests.list(actorOf(request), request.query) }),
  );

  app.post(
    apiPaths.request,
    {
      config: { policy: project('request.create') },
      schema: { tags, security, body: createRequestRequest, response: responds(201, memberRequest) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await requests.create(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.requestOne(':requestIdx'),
    {
      config: { policy: record('request.view', 'REQUEST_NOT_FOUND') },
      schema: { tags, security, params: requestIdxParams, response: responds(200, memberRequest) },
    },
    async (request) => ({ data: await requests.get(actorOf(request), request.params.requestIdx) }),
  );

  app.patch(
    apiPaths.requestOne(':requestIdx'),
    {
      config: { policy: record('request.update', 'REQUEST_NOT_FOUND') },
      schema: {
        tags,
        security,
        params: requestIdxParams,
        body: updateRequestRequest,
        response: responds(200, memberRequest),
      },
    },
    async (request) => ({
      data: await requests.update(actorOf(request), request.params.requestIdx, request.body),
    }),
  );

  app.delete(
    apiPaths.requestOne(':requestIdx'),
    {
      config: { policy: record('request.delete', 'REQUEST_NOT_FOUND') },
      schema: { tags, security, params: requestIdxParams, response: responds(200, deletedRequestResponse) },
    },
    async (request) => ({ data: await requests.remove(actorOf(request), request.params.requestIdx) }),
  );

  app.post(
    apiPaths.requestComment(':requestIdx'),
    {
      config: { policy: record('request.comment', 'REQUEST_NOT_FOUND') },
      schema: {
        tags,
        security,
        params: requestIdxParams,
        body: createRequestCommentRequest,
        response: responds(201, requestComment),
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await requests.addComment(actorOf(request), request.params.requestIdx, request.body.content),
      }),
  );
}
