import {
  apiPaths,
  createProjectRequest,
  deleteProjectRequest,
  deletedProject,
  projectSettings,
  updateProjectRequest,
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
    apiPaths.projectRoles(':projectIdx'),
    { schema: { tags, security, params: projectIdxParams, response: responds(200, projectRolesResponse) } },
    async (request) => ({ data: await project.roles(actorOf(request), request.params.projectIdx) }),
  );

  app.get(
    apiPaths.projectDeleted,
    { schema: { tags, security, response: responds(200, z.array(deletedProject)) } },
    async (request) => ({ data: await project.listDeleted(actorOf(request)) }),
  );

  app.get(
    apiPaths.projectOne(':projectIdx'),
    { schema: { tags, security, params: projectIdxParams, response: responds(200, projectSettings) } },
    async (request) => ({ data: await project.settings(actorOf(request), request.params.projectIdx) }),
  );

  app.patch(
    apiPaths.projectOne(':projectIdx'),
    {
      schema: {
        tags,
        security,
        params: projectIdxParams,
        body: updateProjectRequest,
        response: responds(200, projectSettings),
      },
    },
    async (request) => ({
      data: await project.update(actorOf(request), request.params.projectIdx, request.body),
    }),
  );

  app.delete(
    apiPaths.projectOne(':projectIdx'),
    {
      schema: {
        tags,
        security,
        params: projectIdxParams,
        body: deleteProjectRequest,
        response: responds(200, z.object({ projectIdx: z.number().int() })),
      },
    },
    async (request) => ({
      data: await project.remove(actorOf(request), request.params.projectIdx, request.body.confirmName),
    }),
  );

  app.post(
    apiPaths.projectRestore(':projectIdx'),
    { schema: { tags, security, params: projectIdxParams, response: responds(200, projectOfMember) } },
    async (request) => ({ data: await project.restore(actorOf(request), request.params.projectIdx) }),
  );
}
