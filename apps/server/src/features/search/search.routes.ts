import { apiPaths, searchQuery, searchResult } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';

/**
 * Search everything (issue 34): `authenticated`, because it spans the caller's projects; inside,
 * the action table decides per project and kind (features/search/search.service.ts).
 */
export async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { search } = app.services;

  app.get(
    apiPaths.search,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['search'],
        security: [{ bearer: [] }],
        description:
          "Searches the caller's projects: stories (by key, `SHOP-12`, or the words of their title), milestones, " +
          'epics, documents (title and text), members, requests and job posts. Every word must occur inside the ' +
          'text, without regard to case, accents or Vietnamese tones; a story key first, then the closest. ' +
          '`kind` keeps one kind; 20 a page (`page` 1–50). Titles are plain text with the ranges to highlight. ' +
          '400 `VALIDATION_FAILED` for an empty or too long query.',
        querystring: searchQuery,
        response: responds(200, searchResult),
      },
    },
    async (request) => ({ data: await search.search(actorOf(request), request.query) }),
  );
}
