import {
  apiPaths,
  historyData,
  historyDataQuery,
  historyItem,
  milestoneHistoryQuery,
  storyHistoryQuery,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { record } from '../../platform/authorization/route-policy.js';

export async function historyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { history } = app.services;
  const tags = ['history'];
  const security = [{ bearer: [] }];
  const list = responds(200, z.array(historyItem));

  app.get(
    apiPaths.historyStory,
    {
      config: { policy: record('planning.view', 'STORY_NOT_FOUND') },
      schema: { tags, security, querystring: storyHistoryQuery, response: list },
    },
    async (request) => ({ data: await history.ofStory(actorOf(request), request.query.storyIdx) }),
  );
  app.get(
    apiPaths.historyMilestone,
    {
      config: { policy: record('planning.view', 'MILESTONE_NOT_FOUND') },
      schema: { tags, security, querystring: milestoneHistoryQuery, response: list },
    },
    async (request) => ({ data: await history.ofMilestone(actorOf(request), request.query.milestoneIdx) }),
  );
  app.get(
    apiPaths.historyData,
    {
      config: { policy: record('planning.view', 'HISTORY_NOT_FOUND') },
      schema: { tags, security, querystring: historyDataQuery, response: responds(200, historyData) },
    },
    async (request) => ({ data: await history.data(actorOf(request), request.query.historyIdx) }),
  );
}
