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
import { project, record } from '../../platform/authorization/route-policy.js';

export async function invitationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { invitation: service } = app.services;
  const tags = ['invitation'];
  const security = [{ bearer: [] }];

  app.post(
    apiPaths.invite,
    {
      config: { policy: project('invite.manage') },
      schema: { tags, security, body: inviteRequest, response: responds(201, invitation) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.invite(actorOf(request), request.body) }),
  );

  // Reading an invitation by its token needs no key: the token is the secret.
  app.get(
    apiPaths.invite,
    {
      config: { policy: 'public' },
      schema: { tags, querystring: inviteTokenQuery, response: responds(200, invitePreview) },
    },
    async (request) => ({ data: await service.preview(request.query.token) }),
  );

  app.post(
    apiPaths.inviteAccept,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, body: inviteAcceptRequest, response: responds(200, inviteAcceptResponse) },
    },
    async (request) => ({ data: await service.accept(actorOf(request), request.body.token) }),
  );

  // The invitation's token is the secret: it opens the join form of its address, before an account.
  app.post(
    apiPaths.inviteVerify,
    {
      config: { policy: 'public' },
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
      config: { policy: project('invite.manage') },
      schema: { tags, security, querystring: projectIdxQuery, response: responds(200, z.array(invitation)) },
    },
    async (request) => ({ data: await service.list(actorOf(request), request.query.projectIdx) }),
  );

  app.post(
    apiPaths.inviteResend(':inviteIdx'),
    {
      config: { policy: record('invite.manage', 'NOT_FOUND') },
      schema: { tags, security, params: inviteIdxParams, response: responds(200, invitation) },
    },
    async (request) => ({ data: await service.resend(actorOf(request), request.params.inviteIdx) }),
  );

  app.delete(
    apiPaths.inviteOne(':inviteIdx'),
    {
      config: { policy: record('invite.manage', 'NOT_FOUND') },
      schema: { tags, security, params: inviteIdxParams, response: responds(200, invitation) },
    },
    async (request) => ({ data: await service.revoke(actorOf(request), request.params.inviteIdx) }),
  );
}
