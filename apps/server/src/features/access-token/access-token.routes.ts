import {
  accessTokenList,
  accessTokenParams,
  apiPaths,
  createAccessTokenRequest,
  createdAccessToken,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';

/**
 * The caller's personal access tokens (issue 34). Every route is `authenticated` and outside the
 * token areas (platform/authorization/token-scope.ts), so a token can neither list, make nor revoke
 * tokens; making one needs a fresh factor (step-up).
 */
export async function accessTokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accessToken } = app.services;
  const tags = ['access-token'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.memberToken,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          "The caller's access tokens that are not revoked (expired ones too), oldest first: name, scopes, " +
          'expiry, last use (time and address). Never the secret.',
        response: responds(200, accessTokenList),
      },
    },
    async (request) => ({ data: await accessToken.list(actorOf(request)) }),
  );

  app.post(
    apiPaths.memberToken,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          'A new personal access token: a name, scopes (`<area>:read` or `<area>:write` for `planning`, `time`, ' +
          '`documents`, `settlement`; write implies read) and `days` (30, 90, 365) or `expiresOn` (a date at most ' +
          'a year ahead). The secret (`tl_pat_…`) is in this answer only. Needs a fresh factor ' +
          '(403 `STEP_UP_REQUIRED`); 409 `ACCESS_TOKEN_LIMIT_REACHED` at 20 live tokens.',
        body: createAccessTokenRequest,
        response: responds(201, createdAccessToken),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await accessToken.create(actorOf(request), request.body) }),
  );

  app.delete(
    apiPaths.memberTokenOne(':tokenIdx'),
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          "Revokes one of the caller's tokens at once; another's or a revoked one is 404 `ACCESS_TOKEN_NOT_FOUND`.",
        params: accessTokenParams,
        response: responds(200, z.object({})),
      },
    },
    async (request) => {
      await accessToken.revoke(actorOf(request), request.params.tokenIdx);
      return { data: {} };
    },
  );
}
