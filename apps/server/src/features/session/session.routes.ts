import { apiPaths, memberSessionList, sessionParams, signedOutResponse } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';

export async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { session } = app.services;
  const tags = ['member'];
  const security = [{ bearer: [] }];

  // The devices page: the caller's own sessions only (another's sessionId is SESSION_NOT_FOUND).
  app.get(
    apiPaths.memberSessions,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description: "The caller's signed-in sessions (devices), the current one marked, latest use first.",
        response: responds(200, memberSessionList),
      },
    },
    async (request) => ({ data: await session.list(actorOf(request)) }),
  );

  app.delete(
    apiPaths.memberSessionsOthers,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description: 'Signs out every session of the account except the one making this request.',
        response: responds(200, signedOutResponse),
      },
    },
    async (request) => ({ data: await session.signOutOthers(actorOf(request)) }),
  );

  app.delete(
    apiPaths.memberSessionOne(':sessionId'),
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description: 'Signs out one session of the caller; another account’s session is SESSION_NOT_FOUND.',
        params: sessionParams,
        response: responds(200, z.object({})),
      },
    },
    async (request) => {
      await session.signOut(actorOf(request), request.params.sessionId);
      return { data: {} };
    },
  );
}
