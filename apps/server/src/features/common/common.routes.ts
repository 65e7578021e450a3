import { apiPaths, errorBody, healthResponse, regionResponse } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resources } from '@teamline/contract/i18n';
import { responds } from '../../shared/http.js';
import { regionFromHeaders } from '../../shared/language.js';

export async function commonRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['common'];

  app.get(
    apiPaths.health,
    {
      config: { public: true },
      schema: { tags, response: { ...responds(200, healthResponse), 503: errorBody } },
    },
    async (request, reply) => {
      try {
        await app.ctx.database.ping();
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        // 503 so load balancers take this instance out of rotation.
        return reply.status(503).send({
          error: { code: 'INTERNAL', message: resources.en.errors.INTERNAL, details: { database: 'down' } },
        });
      }
      return { data: { status: 'ok' as const, database: 'ok' as const } };
    },
  );

  app.get(
    apiPaths.region,
    { config: { public: true }, schema: { tags, response: responds(200, regionResponse) } },
    async (request) => {
      const country = request.headers[app.ctx.config.countryHeader];
      return {
        data: {
          isoCode: regionFromHeaders(
            Array.isArray(country) ? country[0] : country,
            request.headers['accept-language'],
          ),
        },
      };
    },
  );
}
