import {
  apiPaths,
  authTokens,
  joinRequest,
  oauthLinkRequest,
  oauthLoginRequest,
  oauthLoginResponse,
  oauthProviders,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.js';
import { responds } from '../../shared/http.js';
import { languageFromHeader } from '../../shared/language.js';
import { clientOf, sendSignIn } from '../session/device-cookie.js';

const providerParams = z.object({ provider: z.enum(oauthProviders) });
const callbackQuery = z
  .object({
    code: z.string().max(2000).optional(),
    state: z.string().max(200).optional(),
    iss: z.string().max(2000).optional(),
    error: z.string().max(200).optional(),
  })
  .loose();

export async function oauthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { oauth } = app.services;
  const tags = ['auth'];
  /** The web page that finishes the sign-in (or shows why it failed). */
  const webPage = (query: Record<string, string>) =>
    `${app.ctx.config.publicUrl}/#/oauth/success?${new URLSearchParams(query).toString()}`;

  // Outside sign-in (docs/decisions.md "Outside sign-in"): before any account or key exists.
  app.get(
    apiPaths.authOauth(':provider'),
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description:
          'Starts the sign-in with the OpenID Connect issuer (OIDC_ISSUER): redirects the browser to it. ' +
          'When it cannot start, redirects to `/#/oauth/success?error=<code>` instead.',
        params: providerParams,
      },
    },
    async (request, reply) => {
      try {
        return await reply.redirect(await oauth.start(request.params.provider), 302);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.redirect(webPage({ error: error.code }), 302);
      }
    },
  );

  app.get(
    apiPaths.authOauthCallback(':provider'),
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description:
          'Where the issuer sends the browser back (register this address at the issuer). Redirects to ' +
          'the web page `/#/oauth/success` with `code` and `state`, or `error` (`access_denied`: cancelled).',
        params: providerParams,
        querystring: callbackQuery,
      },
    },
    async (request, reply) => {
      const { code, state, iss, error } = request.query;
      if (error || !code || !state) {
        await oauth.abandon(state);
        return reply.redirect(webPage({ error: error ?? 'OAUTH_STATE_INVALID' }), 302);
      }
      // RFC 9207: an answer that says it comes from another issuer is not ours to finish.
      if (iss !== undefined && iss.replace(/\/+$/, '') !== oauth.configuredIssuer()) {
        await oauth.abandon(state);
        return reply.redirect(webPage({ error: 'OAUTH_STATE_INVALID' }), 302);
      }
      return reply.redirect(webPage({ code, state }), 302);
    },
  );

  app.post(
    apiPaths.authLogin,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description:
          'Finishes an outside sign-in with the code and state the callback page got. A registered ' +
          'identity signs in (`result: signedIn`, the session of an e-mail login); a new person gets ' +
          '`result: join` with a preToken for `POST /member/join`; an e-mail account with the same ' +
          'verified address answers 409 `OAUTH_LINK_REQUIRED` with `details: {linkToken, email}`.',
        body: oauthLoginRequest,
        response: responds(201, oauthLoginResponse),
      },
    },
    async (request, reply) => {
      const outcome = await oauth.login(request.body, clientOf(request));
      if (outcome.result === 'session')
        return reply
          .status(201)
          .send({ data: { result: 'signedIn' as const, ...sendSignIn(request, reply, outcome.tokens) } });
      return reply.status(201).send({ data: outcome });
    },
  );

  app.post(
    apiPaths.authOauthLink,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description:
          'Links the outside identity of an `OAUTH_LINK_REQUIRED` answer to the e-mail account once ' +
          'its password is proven (wrong entries count as at e-mail login), and signs in.',
        body: oauthLinkRequest,
        response: responds(201, authTokens),
      },
    },
    async (request, reply) => {
      const tokens = await oauth.link(request.body.linkToken, request.body.password, clientOf(request));
      return reply.status(201).send({ data: sendSignIn(request, reply, tokens) });
    },
  );

  app.post(
    apiPaths.memberJoin,
    {
      config: { policy: 'public' },
      schema: { tags: ['member'], body: joinRequest, response: responds(201, authTokens) },
    },
    async (request, reply) => {
      const tokens = await oauth.join(
        request.body,
        languageFromHeader(request.headers['accept-language']),
        clientOf(request),
      );
      return reply.status(201).send({ data: sendSignIn(request, reply, tokens) });
    },
  );
}
