import {
  apiPaths,
  memberInProject,
  memberInProjectIdxParams,
  projectIdxQuery,
  removedMemberResponse,
  updateMemberInProjectRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project, record } from '../../platform/authorization/route-policy.js';

/** `/member-in-project`: the member list, the caller's own record, role changes, removal and leaving. */
export async function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { membership: service } = app.services;
  const tags = ['member-in-project'];
  const security = [{ bearer: [] }];
  const one = apiPaths.memberInProjectOne(':memberInProjectIdx');

  app.get(
    apiPaths.memberInProject,
    {
      config: { policy: project('member.list') },
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
    {
      config: { policy: project('member.list') },
      schema: { tags, security, querystring: projectIdxQuery, response: responds(200, memberInProject) },
    },
    async (request) => ({ data: await service.info(actorOf(request), request.query.projectIdx) }),
  );

  app.patch(
    one,
    {
      config: { policy: record('member.update', 'MEMBER_IN_PROJECT_NOT_FOUND') },
      schema: {
        tags,
        security,
        params: memberInProjectIdxParams,
        body: updateMemberInProjectRequest,
        response: responds(200, memberInProject),
      },
    },
    async (request) => ({
      data: await service.update(actorOf(request), request.params.memberInProjectIdx, request.body),
    }),
  );

  // member.leave (the caller's own record) shares this route with member.remove.
  app.delete(
    one,
    {
      config: { policy: record('member.remove', 'MEMBER_IN_PROJECT_NOT_FOUND') },
      schema: {
        tags,
        security,
        params: memberInProjectIdxParams,
        response: responds(200, removedMemberResponse),
      },
    },
    async (request) => ({
      data: await service.remove(actorOf(request), request.params.memberInProjectIdx),
    }),
  );
}
