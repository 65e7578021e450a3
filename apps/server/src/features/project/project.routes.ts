import {
  apiPaths,
  createProjectRequest,
  projectIdxParams,
  projectOfMember,
  projectRolesResponse,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';

export async function projectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { project } = app.services;
  const tags = ['project'];
  const security = [{ bearer: [] }];

  app.post(
    apiPaths.project,
    { schema: { tags, security, body: createProjectRequest, response: responds(201, projectOfMember) } },
    async (request, reply) =>
      reply.status(201).send({ data: await project.create(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.projectListOfMember,
    { schema: { tags, security, response: responds(200, z.array(projectOfMember)) } },
    async (request) => ({ data: await project.listOfMember(actorOf(request)) }),
  );

  app.get(
    '/project/:projectIdx/roles',
    { schema: { tags, security, params: projectIdxParams, response: responds(200, projectRolesResponse) } },
    async (request) => ({ data: await project.roles(actorOf(request), request.params.projectIdx) }),
  );
}
