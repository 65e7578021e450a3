import {
  apiPaths,
  authTokens,
  passkeyLoginOptionsRequest,
  passkeyLoginRequest,
  passkeyOptionsResponse,
  secondFactorLoginRequest,
  stepUpRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { clientOf, sendSignIn } from '../session/device-cookie.js';

/** The second step of sign-in, passwordless passkey sign-in and step-up (docs/decisions.md "Two-factor sign-in"). */
export async function signInRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { signInFactor } = app.services;
  const tags = ['auth'];
  const security = [{ bearer: [] }];

  // Two-factor sign-in (docs/decisions.md "Two-factor sign-in"): the second step holds a challenge
  // token instead of a key; passwordless passkey sign-in holds its WebAuthn ticket.
  app.post(
    apiPaths.authLoginSecondFactor,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description:
          'After a right password (or an outside sign-in) of an account with a second factor, the ' +
          'first call answered 401 `SECOND_FACTOR_REQUIRED` with `details: {challengeToken, methods}`. ' +
          'This proves the factor (`totp` code, one-time `recovery` code, or a `passkey` assertion ' +
          'whose `ticket` is the challenge token) and answers the session like `POST /auth/login/general`. ' +
          'A wrong factor is 400 `SECOND_FACTOR_INVALID` (5 per account per 15 minutes, then 429); ' +
          'an unknown, used or expired challenge (5 minutes) is 401 `SECOND_FACTOR_EXPIRED`.',
        body: secondFactorLoginRequest,
        response: responds(201, authTokens),
      },
    },
    async (request, reply) => {
      const tokens = await signInFactor.finishSignIn(request.body, clientOf(request));
      return reply.status(201).send({ data: sendSignIn(request, reply, tokens) });
    },
  );

  app.post(
    apiPaths.authLoginSecondFactorPasskey,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description: 'WebAuthn request options for the passkeys of a second-factor challenge.',
        body: passkeyLoginOptionsRequest,
        response: responds(201, passkeyOptionsResponse),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await signInFactor.signInPasskeyOptions(request.body.challengeToken) }),
  );

  app.post(
    apiPaths.authPasskeyOptions,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description: 'WebAuthn request options for a passwordless sign-in with any passkey of this site.',
        response: responds(201, passkeyOptionsResponse),
      },
    },
    async (_request, reply) => reply.status(201).send({ data: await signInFactor.passkeyLoginOptions() }),
  );

  app.post(
    apiPaths.authLoginPasskey,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description:
          'Passwordless sign-in: the passkey assertion of the options ticket. A verified passkey ' +
          '(with user verification) is both factors: the session at once.',
        body: passkeyLoginRequest,
        response: responds(201, authTokens),
      },
    },
    async (request, reply) => {
      const tokens = await signInFactor.passkeyLogin(
        request.body.ticket,
        request.body.credential,
        clientOf(request),
      );
      return reply.status(201).send({ data: sendSignIn(request, reply, tokens) });
    },
  );

  app.post(
    apiPaths.authStepUp,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          'Proves a factor again for the sensitive calls that answered 403 `STEP_UP_REQUIRED` ' +
          '(their `details.methods` say which): a second factor, or the password of an account ' +
          'without one. The login then counts as proven for STEP_UP_SECONDS (10 minutes).',
        body: stepUpRequest,
        response: responds(200, z.object({})),
      },
    },
    async (request) => {
      await signInFactor.stepUp(actorOf(request), request.body, clientOf(request));
      return { data: {} };
    },
  );

  app.post(
    apiPaths.authStepUpPasskey,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description: 'WebAuthn request options for a step-up with one of the account’s passkeys.',
        response: responds(201, passkeyOptionsResponse),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await signInFactor.stepUpPasskeyOptions(actorOf(request)) }),
  );
}
