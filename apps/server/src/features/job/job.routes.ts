import { apiPaths, jobListQuery, jobSummary } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project } from '../../platform/authorization/route-policy.js';

export async function jobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { job: jobs } = app.services;

  app.get(
    apiPaths.job,
    {
      config: { policy: project('job.view') },
      schema: {
        tags: ['job'],
        security: [{ bearer: [] }],
        description: "The project's durable jobs, newest first (at most 100); admin authority only.",
        querystring: jobListQuery,
        response: responds(200, z.array(jobSummary)),
      },
    },
    async (request) => ({ data: await jobs.listOfProject(actorOf(request), request.query.projectIdx) }),
  );
}
