import {
  apiPaths,
  emailVerifyResponse,
  invitation,
  inviteAcceptRequest,
  inviteAcceptResponse,
  inviteIdxParams,
  invitePreview,
  inviteRequest,
  inviteTokenQuery,
  projectIdxQuery,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';

export async function invitationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { invitation: service } = app.services;
  const tags = ['invitation'];
  const security = [{ bearer: [] }];

  app.post(
    apiPaths.invite,
    { schema: { tags, security, body: inviteRequest, response: responds(201, invitation) } },
    async (request, reply) =>
      reply.status(201).send({ data: await service.invite(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.invite,
    {
      config: { public: true },
      schema: { tags, querystring: inviteTokenQuery, response: responds(200, invitePreview) },
    },
    async (request) => ({ data: await service.preview(request.query.token) }),
  );

  app.post(
    apiPaths.inviteAccept,
    { schema: { tags, security, body: inviteAcceptRequest, response: responds(200, inviteAcceptResponse) } },
    async (request) => ({ data: await service.accept(actorOf(request), request.body.token) }),
  );

  app.post(
    apiPaths.inviteVerify,
    {
      config: { public: true },
      schema: {
        tags,
        description:
          'An invitee without an account: the invitation token proves its address, and the answer ' +
          'is the ticket of `POST /member/join/general` (as `POST /auth/email/verify` gives after a join mail).',
        body: inviteAcceptRequest,
        response: responds(200, emailVerifyResponse),
      },
    },
    async (request) => ({ data: await service.verifyForJoin(request.body.token) }),
  );

  app.get(
    apiPaths.inviteList,
    {
      schema: { tags, security, querystring: projectIdxQuery, response: responds(200, z.array(invitation)) },
    },
    async (request) => ({ data: await service.list(actorOf(request), request.query.projectIdx) }),
  );

  app.post(
    apiPaths.inviteResend(':inviteIdx'),
    { schema: { tags, security, params: inviteIdxParams, response: responds(200, invitation) } },
    async (request) => ({ data: await service.resend(actorOf(request), request.params.inviteIdx) }),
  );

  app.delete(
    apiPaths.inviteOne(':inviteIdx'),
    { schema: { tags, security, params: inviteIdxParams, response: responds(200, invitation) } },
    async (request) => ({ data: await service.revoke(actorOf(request), request.params.inviteIdx) }),
  );
}
