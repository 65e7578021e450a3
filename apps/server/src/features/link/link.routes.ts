import { apiPaths, createLinkRequest, link, linkIdxParams, linkListQuery } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project, record } from '../../platform/authorization/route-policy.js';

export async function linkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { link: links } = app.services;
  const tags = ['link'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.link,
    {
      config: { policy: project('link.view') },
      schema: { tags, security, querystring: linkListQuery, response: responds(200, z.array(link)) },
    },
    async (request) => ({ data: await links.list(actorOf(request), request.query.projectIdx) }),
  );

  app.post(
    apiPaths.link,
    {
      config: { policy: project('link.create') },
      schema: { tags, security, body: createLinkRequest, response: responds(201, link) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await links.create(actorOf(request), request.body) }),
  );

  app.delete(
    apiPaths.linkOne(':linkIdx'),
    {
      config: { policy: record('link.delete', 'LINK_NOT_FOUND') },
      schema: { tags, security, params: linkIdxParams, response: responds(200, z.object({})) },
    },
    async (request) => {
      await links.remove(actorOf(request), request.params.linkIdx);
      return { data: {} };
    },
  );
}
