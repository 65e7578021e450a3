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

/** docs/product/recruitment-and-reviews.md#recruitment: the recruitment calls. */
export async function recruitmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { recruitment: posts } = app.services;
  const tags = ['recruitment'];
  const security = [{ bearer: [] }];
  const params = recruitmentIdxParams;

  app.get(
    apiPaths.recruitment,
    {
      schema: { tags, security, querystring: recruitmentListQuery, response: responds(200, recruitmentList) },
    },
    async (request) => ({ data: await posts.list(actorOf(request), request.query) }),
  );

  app.post(
    apiPaths.recruitment,
    { schema: { tags, security, body: createRecruitmentRequest, response: responds(201, recruitment) } },
    async (request, reply) =>
      reply.status(201).send({ data: await posts.create(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.recruitmentOne(':recruitmentIdx'),
    { schema: { tags, security, params, response: responds(200, recruitment) } },
    async (request) => ({ data: await posts.get(actorOf(request), request.params.recruitmentIdx) }),
  );

  app.patch(
    apiPaths.recruitmentOne(':recruitmentIdx'),
    {
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
    { schema: { tags, security, params, body: applyRequest, response: responds(201, application) } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await posts.apply(actorOf(request), request.params.recruitmentIdx, request.body) }),
  );

  app.get(
    apiPaths.recruitmentApplications(':recruitmentIdx'),
    { schema: { tags, security, params, response: responds(200, applicationList) } },
    async (request) => ({ data: await posts.applications(actorOf(request), request.params.recruitmentIdx) }),
  );

  app.patch(
    apiPaths.applicationOne(':applicationIdx'),
    {
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
