import { apiPaths, errorBody, healthResponse, readyResponse, regionResponse } from '@teamline/contract';
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
      config: { policy: 'public' },
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

  /**
   * Readiness, apart from liveness (`/health`): 200 only when the database answers, it has every
   * migration this build carries, and the process is not draining after SIGTERM (server.ts). A load
   * balancer or Kubernetes readiness probe takes the instance out of rotation on 503; nothing restarts it.
   */
  app.get(
    apiPaths.ready,
    {
      config: { policy: 'public' },
      schema: { tags, response: { ...responds(200, readyResponse), 503: errorBody } },
    },
    async (request, reply) => {
      const notReady = (reason: 'draining' | 'database' | 'migrations') =>
        reply.status(503).send({
          error: { code: 'INTERNAL', message: resources.en.errors.INTERNAL, details: { reason } },
        });
      if (app.ctx.lifecycle.draining) return notReady('draining');
      let migrated: boolean;
      try {
        migrated = await app.ctx.database.migrated();
      } catch (err) {
        request.log.error({ err }, 'readiness: database unreachable');
        return notReady('database');
      }
      if (!migrated) return notReady('migrations');
      // Draining may have begun while the database answered.
      if (app.ctx.lifecycle.draining) return notReady('draining');
      return { data: { status: 'ready' as const } };
    },
  );

  app.get(
    apiPaths.region,
    { config: { policy: 'public' }, schema: { tags, response: responds(200, regionResponse) } },
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
