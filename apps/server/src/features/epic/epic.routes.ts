import {
  apiPaths,
  createEpicRequest,
  deletedEpicResponse,
  epic,
  idParams,
  projectIdxQuery,
  updateEpicRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project, record } from '../../platform/authorization/route-policy.js';

export async function epicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { epic: epics } = app.services;
  const tags = ['epic'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.epicAllOfProject,
    {
      config: { policy: project('epic.view') },
      schema: { tags, security, querystring: projectIdxQuery, response: responds(200, z.array(epic)) },
    },
    async (request) => ({ data: await epics.list(actorOf(request), request.query.projectIdx) }),
  );
  app.post(
    apiPaths.epic,
    {
      config: { policy: project('epic.manage') },
      schema: {
        tags,
        security,
        description: 'At most 30 a project (409 EPIC_LIMIT_REACHED).',
        body: createEpicRequest,
        response: responds(201, epic),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await epics.create(actorOf(request), request.body) }),
  );
  app.patch(
    apiPaths.epicOne(':id'),
    {
      config: { policy: record('epic.manage', 'EPIC_NOT_FOUND') },
      schema: { tags, security, params: idParams, body: updateEpicRequest, response: responds(200, epic) },
    },
    async (request) => ({ data: await epics.update(actorOf(request), request.params.id, request.body) }),
  );
  app.delete(
    apiPaths.epicOne(':id'),
    {
      config: { policy: record('epic.manage', 'EPIC_NOT_FOUND') },
      schema: { tags, security, params: idParams, response: responds(200, deletedEpicResponse) },
    },
    async (request) => ({ data: await epics.remove(actorOf(request), request.params.id) }),
  );
}
