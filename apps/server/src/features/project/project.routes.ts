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
import { project } from '../../platform/authorization/route-policy.js';

export async function projectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { project: projects } = app.services;
  const tags = ['project'];
  const security = [{ bearer: [] }];

  // Creating a project and listing one's own need only an account.
  app.post(
    apiPaths.project,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, body: createProjectRequest, response: responds(201, projectOfMember) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await projects.create(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.projectListOfMember,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, response: responds(200, z.array(projectOfMember)) },
    },
    async (request) => ({ data: await projects.listOfMember(actorOf(request)) }),
  );

  app.get(
    apiPaths.projectRoles(':projectIdx'),
    {
      config: { policy: project('project.view') },
      schema: { tags, security, params: projectIdxParams, response: responds(200, projectRolesResponse) },
    },
    async (request) => ({ data: await projects.roles(actorOf(request), request.params.projectIdx) }),
  );

  app.get(
    apiPaths.projectDeleted,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, response: responds(200, z.array(deletedProject)) },
    },
    async (request) => ({ data: await projects.listDeleted(actorOf(request)) }),
  );

  app.get(
    apiPaths.projectOne(':projectIdx'),
    {
      config: { policy: project('project.view') },
      schema: { tags, security, params: projectIdxParams, response: responds(200, projectSettings) },
    },
    async (request) => ({ data: await projects.settings(actorOf(request), request.params.projectIdx) }),
  );

  app.patch(
    apiPaths.projectOne(':projectIdx'),
    {
      config: { policy: project('project.update') },
      schema: {
        tags,
        security,
        params: projectIdxParams,
        body: updateProjectRequest,
        response: responds(200, projectSettings),
      },
    },
    async (request) => ({
      data: await projects.update(actorOf(request), request.params.projectIdx, request.body),
    }),
  );

  app.delete(
    apiPaths.projectOne(':projectIdx'),
    {
      config: { policy: project('project.delete') },
      schema: {
        tags,
        security,
        params: projectIdxParams,
        body: deleteProjectRequest,
        response: responds(200, z.object({ projectIdx: z.number().int() })),
      },
    },
    async (request) => ({
      data: await projects.remove(actorOf(request), request.params.projectIdx, request.body.confirmName),
    }),
  );

  app.post(
    apiPaths.projectRestore(':projectIdx'),
    {
      config: { policy: project('project.restore') },
      schema: { tags, security, params: projectIdxParams, response: responds(200, projectOfMember) },
    },
    async (request) => ({ data: await projects.restore(actorOf(request), request.params.projectIdx) }),
  );
}
