import {
  apiPaths,
  passkeyOptionsResponse,
  passkeyParams,
  passkeyRegisterRequest,
  passkeySummary,
  projectTwoFactorSetting,
  recoveryCodesResponse,
  totpConfirmRequest,
  totpSetupResponse,
  twoFactorStatus,
  idx,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project } from '../../platform/authorization/route-policy.js';

/** One's own factors, and the project setting (docs/decisions.md "Two-factor sign-in"). */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = app.services;
  const tags = ['two-factor'];
  const security = [{ bearer: [] }];

  app.get(
    apiPaths.twoFactor,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, response: responds(200, twoFactorStatus) },
    },
    async (request) => ({ data: await twoFactor.status(actorOf(request)) }),
  );

  app.post(
    apiPaths.twoFactorTotp,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          'A new authenticator-app secret (and its otpauth:// address for the QR code), waiting for ' +
          'its first code at `POST /two-factor/totp/confirm`. 409 `TOTP_ALREADY_ENABLED` if one is set up.',
        response: responds(201, totpSetupResponse),
      },
    },
    async (request, reply) => reply.status(201).send({ data: await twoFactor.startTotp(actorOf(request)) }),
  );

  app.post(
    apiPaths.twoFactorTotpConfirm,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description:
          'The first code from the app turns it on. The first factor of an account brings ten ' +
          'one-time recovery codes, shown only in this answer.',
        body: totpConfirmRequest,
        response: responds(200, recoveryCodesResponse),
      },
    },
    async (request) => ({
      data: await twoFactor.confirmTotp(actorOf(request), request.body.code, request.ip),
    }),
  );

  app.delete(
    apiPaths.twoFactorTotp,
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, response: responds(200, z.object({})) },
    },
    async (request) => {
      await twoFactor.removeTotp(actorOf(request));
      return { data: {} };
    },
  );

  app.post(
    apiPaths.twoFactorRecoveryCodes,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description: 'Ten new recovery codes (the old ones stop working), shown only in this answer.',
        response: responds(201, recoveryCodesResponse),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await twoFactor.regenerateRecoveryCodes(actorOf(request)) }),
  );

  app.post(
    apiPaths.twoFactorPasskeyOptions,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        description: 'WebAuthn creation options for a new passkey, and the ticket naming their challenge.',
        response: responds(201, passkeyOptionsResponse),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await twoFactor.passkeyOptions(actorOf(request)) }),
  );

  app.post(
    apiPaths.twoFactorPasskey,
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        security,
        body: passkeyRegisterRequest,
        response: responds(
          201,
          z.object({ passkey: passkeySummary, recoveryCodes: z.array(z.string()).nullable() }),
        ),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await twoFactor.registerPasskey(actorOf(request), request.body) }),
  );

  app.delete(
    apiPaths.twoFactorPasskeyOne(':passkeyIdx'),
    {
      config: { policy: 'authenticated' },
      schema: { tags, security, params: passkeyParams, response: responds(200, z.object({})) },
    },
    async (request) => {
      await twoFactor.removePasskey(actorOf(request), request.params.passkeyIdx);
      return { data: {} };
    },
  );

  const projectParams = z.object({ projectIdx: idx });
  app.get(
    apiPaths.projectTwoFactor(':projectIdx'),
    {
      config: { policy: project('project.view') },
      schema: {
        tags,
        security,
        description: 'Whether the project asks its admins and clients to use two-factor sign-in.',
        params: projectParams,
        response: responds(200, projectTwoFactorSetting),
      },
    },
    async (request) => ({
      data: await twoFactor.projectSetting(actorOf(request), request.params.projectIdx),
    }),
  );

  app.put(
    apiPaths.projectTwoFactor(':projectIdx'),
    {
      config: { policy: project('project.update') },
      schema: {
        tags,
        security,
        description:
          'Admins turn the setting on or off. Turning it on needs a factor of one’s own (403 ' +
          '`TWO_FACTOR_REQUIRED`); then admins and clients without one get 403 `TWO_FACTOR_REQUIRED` ' +
          'from every call of the project until they set one up.',
        params: projectParams,
        body: projectTwoFactorSetting,
        response: responds(200, projectTwoFactorSetting),
      },
    },
    async (request) => ({
      data: await twoFactor.setProjectSetting(
        actorOf(request),
        request.params.projectIdx,
        request.body.required,
      ),
    }),
  );
}
