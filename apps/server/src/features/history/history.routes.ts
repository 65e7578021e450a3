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

export async function historyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { history } = app.services;
  const tags = ['history'];
  const security = [{ bearer: [] }];
  const list = responds(200, z.array(historyItem));

  app.get(
    apiPaths.historyStory,
    { schema: { tags, security, querystring: storyHistoryQuery, response: list } },
    async (request) => ({ data: await history.ofStory(actorOf(request), request.query.storyIdx) }),
  );
  app.get(
    apiPaths.historyMilestone,
    { schema: { tags, security, querystring: milestoneHistoryQuery, response: list } },
    async (request) => ({ data: await history.ofMilestone(actorOf(request), request.query.milestoneIdx) }),
  );
  app.get(
    apiPaths.historyData,
    { schema: { tags, security, querystring: historyDataQuery, response: responds(200, historyData) } },
    async (request) => ({ data: await history.data(actorOf(request), request.query.historyIdx) }),
  );
}
