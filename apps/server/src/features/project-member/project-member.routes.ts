import {
  apiPaths,
  memberInProject,
  memberInProjectIdxParams,
  removedMemberResponse,
  updateMemberInProjectRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';

export async function projectMemberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { projectMember } = app.services;
  const tags = ['member-in-project'];
  const security = [{ bearer: [] }];
  const path = apiPaths.memberInProjectOne(':memberInProjectIdx');

  app.patch(
    path,
    {
      schema: {
        tags,
        security,
        params: memberInProjectIdxParams,
        body: updateMemberInProjectRequest,
        response: responds(200, memberInProject),
      },
    },
    async (request) => ({
      data: await projectMember.update(actorOf(request), request.params.memberInProjectIdx, request.body),
    }),
  );

  app.delete(
    path,
    {
      schema: {
        tags,
        security,
        params: memberInProjectIdxParams,
        response: responds(200, removedMemberResponse),
      },
    },
    async (request) => ({
      data: await projectMember.remove(actorOf(request), request.params.memberInProjectIdx),
    }),
  );
}
