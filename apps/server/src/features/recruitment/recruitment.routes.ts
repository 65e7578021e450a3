import {
  apiPaths,
  application,
  applicationIdxParams,
  applicationList,
  applyRequest,
  createRecruitmentRequest,
  recruitment,
  recruitmentIdxParams,
  recruitmentList,
  recruitmentListQuery,
  updateApplicationRequest,
  updateRecruitmentRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project } from '../../platform/authorization/route-policy.js';

/** docs/product/recruitment-and-reviews.md#recruitment: the recruitment calls. */
export async function recruitmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { recruitment: posts } = app.services;
  const tags = ['recruitment'];
  const security = [{ bearer: [] }];
  const params = recruitmentIdxParams;

  // Job posts: any signed-in account browses the open ones and applies (the service hides closed
  // posts from all but their managers); the post's project's hiring side manages them and decides
  // on applications. The routes by a post's id answer a stranger PROJECT_ACCESS_DENIED, not a 404:
  // the open post itself is public. The applicant's own withdraw (PATCH with status withdrawn) is
  // theirs alone, decided before the table.
  app.get(
    apiPaths.recruitment,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, querystring: recruitmentListQuery, response: responds(200, recruitmentList) },
    },
    async (request) => ({ data: await posts.list(actorOf(request), request.query) }),
  );

  app.post(
    apiPaths.recruitment,
    {
      config: { policy: project('recruitment.manage') },
      schema: { tags, security, body: createRecruitmentRequest, response: responds(201, recruitment) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await posts.create(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.recruitmentOne(':recruitmentIdx'),
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, params, response: responds(200, recruitment) },
    },
    async (request) => ({ data: await posts.get(actorOf(request), request.params.recruitmentIdx) }),
  );

  app.patch(
    apiPaths.recruitmentOne(':recruitmentIdx'),
    {
      config: { policy: project('recruitment.manage') },
      schema: {
        tags,
        security,
        params,
        body: updateRecruitmentRequest,
        response: responds(200, recruitment),
      },
    },
    async (request) => ({
      data: await posts.update(actorOf(request), request.params.recruitmentIdx, request.body),
    }),
  );

  app.delete(
    apiPaths.recruitmentOne(':recruitmentIdx'),
    {
      config: { policy: project('recruitment.manage') },
      schema: {
        tags,
        security,
        params,
        response: responds(200, z.object({ recruitmentIdx: z.number().int() })),
      },
    },
    async (request) => ({ data: await posts.remove(actorOf(request), request.params.recruitmentIdx) }),
  );

  app.post(
    apiPaths.recruitmentApply(':recruitmentIdx'),
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, params, body: applyRequest, response: responds(201, application) },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await posts.apply(actorOf(request), request.params.recruitmentIdx, request.body) }),
  );

  app.get(
    apiPaths.recruitmentApplications(':recruitmentIdx'),
    {
      config: { policy: project('recruitment.manage') },
      schema: { tags, security, params, response: responds(200, applicationList) },
    },
    async (request) => ({ data: await posts.applications(actorOf(request), request.params.recruitmentIdx) }),
  );

  app.patch(
    apiPaths.applicationOne(':applicationIdx'),
    {
      config: { policy: project('recruitment.manage') },
      schema: {
        tags,
        security,
        params: applicationIdxParams,
        body: updateApplicationRequest,
        response: responds(200, application),
      },
    },
    async (request) => ({
      data: await posts.decide(actorOf(request), request.params.applicationIdx, request.body),
    }),
  );
}
