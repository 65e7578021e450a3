import {
  apiPaths,
  bulkDeleteTimekeepingRequest,
  bulkDeleteTimekeepingResponse,
  createTimekeepingRequest,
  timekeeping,
  timekeepingListQuery,
  idx,
  updateTimekeepingRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project, record } from '../../platform/authorization/route-policy.js';

export async function timekeepingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { timekeeping: service } = app.services;
  const tags = ['timekeeping'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.timekeeping,
    {
      config: { policy: project('planning.view') },
      schema: {
        tags,
        security,
        description:
          'By storyIdx, or by projectIdx with an optional from/to (YYYYMMDD) range and memberInProjectIdx.',
        querystring: timekeepingListQuery,
        response: responds(200, z.array(timekeeping)),
      },
    },
    async (request) => ({ data: await service.list(actorOf(request), request.query) }),
  );
  app.post(
    apiPaths.timekeeping,
    {
      config: { policy: record('time.log', 'STORY_NOT_FOUND') },
      schema: { tags, security, body: createTimekeepingRequest, response: responds(201, timekeeping) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.create(actorOf(request), request.body) }),
  );
  app.patch(
    apiPaths.timekeepingOne(':timekeepingIdx'),
    {
      config: { policy: record('time.edit', 'TIMEKEEPING_NOT_FOUND') },
      schema: {
        tags,
        security,
        description:
          'Story, date, minutes or note of one entry (the owner, their lead, an admin); 409 TIMEKEEPING_LOCKED ' +
          'when its month, or the month it moves to, is submitted, approved or paid.',
        params: z.object({ timekeepingIdx: idx }),
        body: updateTimekeepingRequest,
        response: responds(200, timekeeping),
      },
    },
    async (request) => ({
      data: await service.update(actorOf(request), request.params.timekeepingIdx, request.body),
    }),
  );
  app.delete(
    apiPaths.timekeepingBulk,
    {
      config: { policy: record('time.delete', 'TIMEKEEPING_NOT_FOUND') },
      schema: {
        tags,
        security,
        description:
          'All or nothing: each entry must be the caller’s own or theirs to edit (docs/product/projects-and-membership.md#permission-check).',
        body: bulkDeleteTimekeepingRequest,
        response: responds(200, bulkDeleteTimekeepingResponse),
      },
    },
    async (request) => ({ data: await service.bulkDelete(actorOf(request), request.body.timekeepingIdxs) }),
  );
}
