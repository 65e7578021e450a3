import {
  apiPaths,
  assigneeRequest,
  createCommentRequest,
  createStoryRequest,
  deletedStoryResponse,
  idParams,
  projectIdxQuery,
  story,
  storyComment,
  storyIdxParams,
  storyOrderRequest,
  updateStoryRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project, record } from '../../platform/authorization/route-policy.js';

export async function storyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { story: stories } = app.services;
  const tags = ['story'];
  const security = [{ bearer: [] }];
  const list = responds(200, z.array(story));

  app.get(
    apiPaths.storyAwaitingZone,
    {
      config: { policy: project('planning.view') },
      schema: { tags, security, description: 'The backlog.', querystring: projectIdxQuery, response: list },
    },
    async (request) => ({ data: await stories.awaitingZone(actorOf(request), request.query.projectIdx) }),
  );
  app.get(
    apiPaths.storyNoEpic(':id'),
    {
      config: { policy: project('planning.view') },
      schema: { tags, security, description: 'id = projectIdx.', params: idParams, response: list },
    },
    async (request) => ({ data: await stories.noEpic(actorOf(request), request.params.id) }),
  );
  app.get(
    apiPaths.storyByEpic(':id'),
    {
      config: { policy: record('epic.view', 'EPIC_NOT_FOUND') },
      schema: { tags, security, description: 'id = epicIdx.', params: idParams, response: list },
    },
    async (request) => ({ data: await stories.byEpic(actorOf(request), request.params.id) }),
  );
  // Who may not edit the plan proposes a story (considering) instead.
  app.post(
    apiPaths.story,
    {
      config: { policy: project('planning.view') },
      schema: {
        tags,
        security,
        description: 'A client’s story starts as considering, a professional’s as pending.',
        body: createStoryRequest,
        response: responds(201, story),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await stories.create(actorOf(request), request.body) }),
  );
  app.patch(
    apiPaths.storyOrder,
    {
      config: { policy: record('planning.edit', 'STORY_NOT_FOUND') },
      schema: {
        tags,
        security,
        description: 'Moves one story within or between lists (milestoneIdx null = backlog).',
        body: storyOrderRequest,
        response: responds(200, story),
      },
    },
    async (request) => ({ data: await stories.order(actorOf(request), request.body) }),
  );
  app.get(
    apiPaths.storyOne(':storyIdx'),
    {
      config: { policy: record('planning.view', 'STORY_NOT_FOUND') },
      schema: { tags, security, params: storyIdxParams, response: responds(200, story) },
    },
    async (request) => ({ data: await stories.get(actorOf(request), request.params.storyIdx) }),
  );
  app.patch(
    apiPaths.storyOne(':id'),
    {
      config: { policy: record('story.edit', 'STORY_NOT_FOUND') },
      schema: { tags, security, params: idParams, body: updateStoryRequest, response: responds(200, story) },
    },
    async (request) => ({ data: await stories.update(actorOf(request), request.params.id, request.body) }),
  );
  app.delete(
    apiPaths.storyOne(':id'),
    {
      config: { policy: record('story.edit', 'STORY_NOT_FOUND') },
      schema: { tags, security, params: idParams, response: responds(200, deletedStoryResponse) },
    },
    async (request) => ({ data: await stories.remove(actorOf(request), request.params.id) }),
  );
  app.patch(
    apiPaths.assignee(':id'),
    {
      config: { policy: record('story.edit', 'STORY_NOT_FOUND') },
      schema: {
        tags,
        security,
        description: 'id = storyIdx; replaces the assignee list (memberInProjectIdx).',
        params: idParams,
        body: assigneeRequest,
        response: responds(200, story),
      },
    },
    async (request) => ({
      data: await stories.setAssignees(actorOf(request), request.params.id, request.body.assignees),
    }),
  );
  app.get(
    apiPaths.storyComment(':id'),
    {
      config: { policy: record('planning.view', 'STORY_NOT_FOUND') },
      schema: { tags, security, params: idParams, response: responds(200, z.array(storyComment)) },
    },
    async (request) => ({ data: await stories.comments(actorOf(request), request.params.id) }),
  );
  app.post(
    apiPaths.storyComment(':id'),
    {
      config: { policy: record('story.comment', 'STORY_NOT_FOUND') },
      schema: {
        tags,
        security,
        params: idParams,
        body: createCommentRequest,
        response: responds(201, storyComment),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await stories.addComment(actorOf(request), request.params.id, request.body.content) }),
  );
}
