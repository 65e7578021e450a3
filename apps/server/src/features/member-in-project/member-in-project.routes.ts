import { apiPaths, memberInProject, projectIdxQuery } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';

export async function memberInProjectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { memberInProject: service } = app.services;
  const tags = ['member-in-project'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.memberInProject,
    {
      schema: {
        tags,
        security,
        querystring: projectIdxQuery,
        response: responds(200, z.array(memberInProject)),
      },
    },
    async (request) => ({ data: await service.list(actorOf(request), request.query.projectIdx) }),
  );

  app.get(
    apiPaths.memberInProjectInfo,
    { schema: { tags, security, querystring: projectIdxQuery, response: responds(200, memberInProject) } },
    async (request) => ({ data: await service.info(actorOf(request), request.query.projectIdx) }),
  );
}
