import {
  apiPaths,
  authTokens,
  findIdRequest,
  findIdResponse,
  findPasswordRequest,
  joinGeneralRequest,
  memberProfile,
  passwordChangeRequest,
  passwordResetRequest,
  profileQuery,
  publicProfile,
  updateProfileRequest,
  withdrawRequest,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { languageFromHeader } from '../../shared/language.js';
import { clearRefreshCookie } from '../session/refresh-cookie.js';
import { clientOf, sendSignIn } from '../session/device-cookie.js';

export async function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { member, auth } = app.services;
  const tags = ['member'];
  const security = [{ bearer: [] }];

  app.post(
    apiPaths.memberJoinGeneral,
    {
      config: { policy: 'public' },
      schema: { tags, body: joinGeneralRequest, response: responds(201, authTokens) },
    },
    async (request, reply) => {
      const tokens = await member.joinGeneral(
        request.body,
        languageFromHeader(request.headers['accept-language']),
        clientOf(request),
      );
      return reply.status(201).send({ data: sendSignIn(request, reply, tokens) });
    },
  );

  app.post(
    apiPaths.memberFindId,
    {
      config: { policy: 'public' },
      schema: { tags, body: findIdRequest, response: responds(200, findIdResponse) },
    },
    async (request) => ({ data: await member.findId(request.body.name, request.body.phone) }),
  );

  app.post(
    apiPaths.memberFindPassword,
    {
      config: { policy: 'public', invalidEmailCode: true },
      schema: { tags, body: findPasswordRequest, response: responds(201, z.object({})) },
    },
    async (request, reply) => {
      await auth.sendEmailLink({
        email: request.body.email,
        purpose: 'password',
        lang: request.body.lang ?? languageFromHeader(request.headers['accept-language']),
      });
      return reply.status(201).send({ data: {} });
    },
  );

  app.post(
    apiPaths.memberPasswordReset,
    {
      config: { policy: 'public' },
      schema: { tags, body: passwordResetRequest, response: responds(200, z.object({})) },
    },
    async (request) => {
      await member.resetPassword(request.body.token, request.body.password);
      return { data: {} };
    },
  );

  app.patch(
    apiPaths.memberPassword,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, body: passwordChangeRequest, response: responds(200, z.object({})) },
    },
    async (request) => {
      await member.changePassword(actorOf(request), request.body.currentPassword, request.body.password);
      return { data: {} };
    },
  );

  app.get(
    apiPaths.member,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, response: responds(200, memberProfile) },
    },
    async (request) => ({
      data: await member.getOwn(actorOf(request)),
    }),
  );

  app.patch(
    apiPaths.member,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, body: updateProfileRequest, response: responds(200, memberProfile) },
    },
    async (request) => ({ data: await member.update(actorOf(request), request.body) }),
  );

  app.delete(
    apiPaths.member,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, body: withdrawRequest, response: responds(200, z.object({})) },
    },
    async (request, reply) => {
      await member.withdraw(actorOf(request), request.body);
      clearRefreshCookie(request, reply);
      return { data: {} };
    },
  );

  app.get(
    apiPaths.memberProfile,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, querystring: profileQuery, response: responds(200, publicProfile) },
    },
    async (request) => ({ data: await member.getProfile(actorOf(request), request.query.memberId) }),
  );
}
