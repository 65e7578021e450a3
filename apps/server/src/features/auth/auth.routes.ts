import {
  apiPaths,
  authConfig,
  authTokens,
  emailAuthRequest,
  emailVerifyRequest,
  emailVerifyResponse,
  loginGeneralRequest,
  signInLinkRequest,
  signInLinkVerifyRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, bearerOf, responds } from '../../shared/http.js';
import { languageFromHeader } from '../../shared/language.js';
import { clientOf, sendSignIn } from '../session/device-cookie.js';
import { clearRefreshCookie, refreshFromCookie, sendSession } from '../session/refresh-cookie.js';

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth } = app.services;
  const tags = ['auth'];

  app.get(
    apiPaths.authConfig,
    { config: { policy: 'public' }, schema: { tags, response: responds(200, authConfig) } },
    // The Google button shows only when an OpenID Connect client is configured (OIDC_CLIENT_ID).
    async () => ({ data: { google: app.ctx.config.oidc !== null } }),
  );

  app.post(
    apiPaths.authEmail,
    {
      config: { policy: 'public', invalidEmailCode: true },
      schema: { tags, body: emailAuthRequest, response: responds(201, z.object({})) },
    },
    async (request, reply) => {
      const { email, purpose, lang } = request.body;
      await auth.sendEmailLink({
        email,
        purpose,
        lang: lang ?? languageFromHeader(request.headers['accept-language']),
      });
      return reply.status(201).send({ data: {} });
    },
  );

  app.post(
    apiPaths.authEmailVerify,
    {
      config: { policy: 'public' },
      schema: { tags, body: emailVerifyRequest, response: responds(200, emailVerifyResponse) },
    },
    async (request) => ({ data: await auth.verifyEmail(request.body.token) }),
  );

  app.post(
    apiPaths.authLoginGeneral,
    {
      config: { policy: 'public', invalidEmailCode: true },
      schema: {
        tags,
        description:
          'An account with a second factor answers 401 `SECOND_FACTOR_REQUIRED` with ' +
          '`details: {challengeToken, methods}` instead of a session: see `POST /auth/login/second-factor`.',
        body: loginGeneralRequest,
        response: responds(201, authTokens),
      },
    },
    async (request, reply) => {
      const client = clientOf(request);
      const memberIdx = await auth.verifyLogin(request.body.email, request.body.password, client);
      const tokens = await app.services.signInFactor.completeSignIn(memberIdx, client, 'password');
      return reply.status(201).send({ data: sendSignIn(request, reply, tokens) });
    },
  );

  // A mailed one-time sign-in link (issue 30): before any key exists.
  app.post(
    apiPaths.authLoginLink,
    {
      config: { policy: 'public', invalidEmailCode: true },
      schema: {
        tags,
        description:
          'Mails a one-time sign-in link to the account of this address (nothing to an unknown ' +
          'address; the answer is the same). The link opens `#/login/link?token=`.',
        body: signInLinkRequest,
        response: responds(201, z.object({})),
      },
    },
    async (request, reply) => {
      await auth.sendSignInLink(request.body.email);
      return reply.status(201).send({ data: {} });
    },
  );

  app.post(
    apiPaths.authLoginLinkVerify,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description: 'Signs in with the token of a mailed sign-in link (once; it expires in 15 minutes).',
        body: signInLinkVerifyRequest,
        response: responds(201, authTokens),
      },
    },
    async (request, reply) => {
      const memberIdx = await auth.verifySignInLink(request.body.token);
      const tokens = await app.services.signInFactor.completeSignIn(memberIdx, clientOf(request), 'mailLink');
      return reply.status(201).send({ data: sendSignIn(request, reply, tokens) });
    },
  );

  app.post(
    apiPaths.authRefresh,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description:
          'The refresh token travels as `Authorization: Bearer <refresh>`, or in a browser as the ' +
          'httpOnly `teamline_refresh` cookie set by login and refresh; the body is empty. The answer ' +
          'rotates the cookie; its JSON carries `refresh` only for callers that are not browsers ' +
          'and sent it in the header.',
        response: responds(201, authTokens),
      },
    },
    async (request, reply) => {
      const header = bearerOf(request);
      const cookie = header ? null : refreshFromCookie(request);
      try {
        const tokens = await auth.refresh(header ?? cookie, clientOf(request));
        return await reply.status(201).send({ data: sendSession(request, reply, tokens, cookie !== null) });
      } catch (error) {
        // A refused cookie is of no further use: the browser forgets it.
        if (cookie !== null) clearRefreshCookie(request, reply);
        throw error;
      }
    },
  );

  app.post(
    apiPaths.authLogout,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security: [{ bearer: [] }], response: responds(200, z.object({})) },
    },
    async (request, reply) => {
      await auth.logout(actorOf(request));
      clearRefreshCookie(request, reply);
      return { data: {} };
    },
  );
}
