import {
  apiPaths,
  createMilestoneRequest,
  deleteMilestoneResponse,
  idParams,
  milestone,
  milestoneApprovalRequest,
  milestoneIdxParams,
  milestoneIdxQuery,
  milestoneOrderRequest,
  projectIdxQuery,
  story,
  timelineResponse,
  updateMilestoneRequest,
} from '@teamline/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project, record } from '../../platform/authorization/route-policy.js';

export async function milestoneRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { milestone: milestones, story: stories } = app.services;
  const tags = ['milestone'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.milestoneTimeline,
    {
      config: { policy: project('planning.view') },
      schema: {
        tags,
        security,
        description:
          'Milestones in order, each with its stories in order (compact rows). Backlog: /story/awaiting-zone.',
        querystring: projectIdxQuery,
        response: responds(200, timelineResponse),
      },
    },
    async (request, reply) => {
      const { projectIdx } = request.query;
      const { version, body, gzip } = await milestones.timeline(actorOf(request), projectIdx);
      // The version is the validator: an unchanged plan answers 304 without a body.
      const etag = `W/"timeline-${projectIdx}-${version}"`;
      // Untyped: the body goes out as the bytes it already is (the schema types an object).
      const raw = reply as unknown as FastifyReply;
      raw.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return raw.code(304).send();
      // Serialised from typed columns in exactly the schema's shape; re-validating thousands of rows
      // per call would cost more than the query (bench/run.ts).
      raw.type('application/json; charset=utf-8');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
        return raw.header('content-encoding', 'gzip').send(gzip);
      return raw.send(body);
    },
  );

  app.post(
    apiPaths.milestone,
    {
      config: { policy: project('planning.edit') },
      schema: { tags, security, body: createMilestoneRequest, response: responds(201, milestone) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await milestones.create(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.milestoneStories,
    {
      config: { policy: record('planning.view', 'MILESTONE_NOT_FOUND') },
      schema: { tags, security, querystring: milestoneIdxQuery, response: responds(200, z.array(story)) },
    },
    async (request) => ({ data: await stories.ofMilestone(actorOf(request), request.query.milestoneIdx) }),
  );

  app.patch(
    apiPaths.milestoneOrder,
    {
      config: { policy: record('planning.edit', 'MILESTONE_NOT_FOUND') },
      schema: { tags, security, body: milestoneOrderRequest, response: responds(200, milestone) },
    },
    async (request) => ({ data: await milestones.order(actorOf(request), request.body) }),
  );

  // request: milestone.requestApproval; approve / reject: milestone.decide (by the body's action).
  app.patch(
    apiPaths.milestoneApproved(':id'),
    {
      config: { policy: record('milestone.requestApproval', 'MILESTONE_NOT_FOUND') },
      schema: {
        tags,
        security,
        description: 'request (professional) → approving; approve / reject (client side) from approving.',
        params: idParams,
        body: milestoneApprovalRequest,
        response: responds(200, milestone),
      },
    },
    async (request) => ({
      data: await milestones.approval(actorOf(request), request.params.id, request.body),
    }),
  );

  app.patch(
    apiPaths.milestoneOne(':id'),
    {
      config: { policy: record('milestone.edit', 'MILESTONE_NOT_FOUND') },
      schema: {
        tags,
        security,
        params: idParams,
        body: updateMilestoneRequest,
        response: responds(200, milestone),
      },
    },
    async (request) => ({ data: await milestones.update(actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    apiPaths.milestoneOne(':id'),
    {
      config: { policy: record('milestone.delete', 'MILESTONE_NOT_FOUND') },
      schema: {
        tags,
        security,
        description: 'Its stories move to the end of the backlog.',
        params: idParams,
        response: responds(200, deleteMilestoneResponse),
      },
    },
    async (request) => ({ data: await milestones.remove(actorOf(request), request.params.id) }),
  );

  app.get(
    apiPaths.milestoneOne(':milestoneIdx'),
    {
      config: { policy: record('planning.view', 'MILESTONE_NOT_FOUND') },
      schema: { tags, security, params: milestoneIdxParams, response: responds(200, milestone) },
    },
    async (request) => ({ data: await milestones.get(actorOf(request), request.params.milestoneIdx) }),
  );
}
