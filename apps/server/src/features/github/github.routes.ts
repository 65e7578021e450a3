import {
  apiPaths,
  githubBranchesResponse,
  githubConnection,
  githubOauthStartRequest,
  githubOauthStartResponse,
  githubRepoName,
  githubReposResponse,
  githubSettingsRequest,
  githubStatusResponse,
  githubStoryLinksResponse,
  githubSyncLogResponse,
  githubSyncRequest,
  githubTokenRequest,
  idx,
  intInText,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, responds } from '../../shared/http.js';
import { project, record } from '../../platform/authorization/route-policy.js';

const projectQuery = z.object({ projectIdx: idx });
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function githubRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { github } = app.services;
  const tags = ['github'];
  const security = [{ bearer: [] }];

  // GitHub sync (issue 14): members read the key and a story's links; admins manage the rest.
  app.get(
    apiPaths.github,
    {
      config: { policy: project('planning.view') },
      schema: { tags, security, querystring: projectQuery, response: responds(200, githubStatusResponse) },
    },
    async (request) => ({ data: await github.status(actorOf(request), request.query.projectIdx) }),
  );

  app.post(
    apiPaths.githubToken,
    {
      config: { policy: project('github.manage') },
      schema: { tags, security, body: githubTokenRequest, response: responds(201, githubConnection) },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await github.connectToken(actorOf(request), request.body.projectIdx, request.body.token),
      }),
  );

  app.post(
    apiPaths.githubOauth,
    {
      config: { policy: project('github.manage') },
      schema: {
        tags,
        security,
        description: 'Where to send the browser to authorize the GitHub OAuth app (GITHUB_CLIENT_ID).',
        body: githubOauthStartRequest,
        response: responds(200, githubOauthStartResponse),
      },
    },
    async (request) => ({ data: await github.startOauth(actorOf(request), request.body.projectIdx) }),
  );

  app.get(
    apiPaths.githubOauthCallback,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        description:
          "Where GitHub sends the browser back (register it as the OAuth app's callback URL); redirects " +
          'to `/#/setting?idx=&tab=github&github=connected|cancelled|failed`.',
        querystring: z.object({
          code: z.string().max(500).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => reply.redirect(await github.oauthCallback(request.query)),
  );

  app.get(
    apiPaths.githubRepos,
    {
      config: { policy: project('github.manage') },
      schema: {
        tags,
        security,
        querystring: z.object({
          projectIdx: idx,
          q: z.string().max(100).default(''),
          page: intInText(1, 100).default(1),
        }),
        response: responds(200, githubReposResponse),
      },
    },
    async (request) => ({
      data: await github.repos(
        actorOf(request),
        request.query.projectIdx,
        request.query.q,
        request.query.page,
      ),
    }),
  );

  app.get(
    apiPaths.githubBranches,
    {
      config: { policy: project('github.manage') },
      schema: {
        tags,
        security,
        querystring: z.object({ projectIdx: idx, repo: githubRepoName }),
        response: responds(200, githubBranchesResponse),
      },
    },
    async (request) => ({
      data: await github.branches(actorOf(request), request.query.projectIdx, request.query.repo),
    }),
  );

  app.put(
    apiPaths.github,
    {
      config: { policy: project('github.manage') },
      schema: { tags, security, body: githubSettingsRequest, response: responds(200, githubConnection) },
    },
    async (request) => ({ data: await github.save(actorOf(request), request.body) }),
  );

  app.delete(
    apiPaths.github,
    {
      config: { policy: project('github.manage') },
      schema: { tags, security, querystring: projectQuery, response: responds(200, z.object({})) },
    },
    async (request) => {
      await github.disconnect(actorOf(request), request.query.projectIdx);
      return { data: {} };
    },
  );

  app.get(
    apiPaths.githubSyncLog,
    {
      config: { policy: project('github.manage') },
      schema: {
        tags,
        security,
        querystring: projectQuery,
        response: responds(200, githubSyncLogResponse),
      },
    },
    async (request) => ({ data: await github.syncLog(actorOf(request), request.query.projectIdx) }),
  );

  app.post(
    apiPaths.githubSync,
    {
      config: { policy: project('github.manage') },
      schema: { tags, security, body: githubSyncRequest, response: responds(202, z.object({})) },
    },
    async (request, reply) => {
      await github.sync(actorOf(request), request.body.projectIdx, request.body.syncLogIdx);
      return reply.status(202).send({ data: {} });
    },
  );

  app.get(
    apiPaths.githubStoryLinks,
    {
      config: { policy: record('planning.view', 'STORY_NOT_FOUND') },
      schema: {
        tags,
        security,
        querystring: z.object({ storyIdx: idx }),
        response: responds(200, githubStoryLinksResponse),
      },
    },
    async (request) => ({ data: await github.storyLinks(actorOf(request), request.query.storyIdx) }),
  );

  // GitHub's deliveries: the signature covers the exact bytes, so this route keeps the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 5 * 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    // GitHub's deliveries: signed with the project's secret, not a key.
    scope.post(
      apiPaths.githubWebhook,
      {
        config: { policy: 'public' },
        schema: {
          tags,
          description:
            'GitHub webhook deliveries for a project (content type application/json, the secret of ' +
            'Settings › GitHub): push, pull_request, create, delete, ping. 401 when the ' +
            'X-Hub-Signature-256 does not match; a redelivered X-GitHub-Delivery is answered and not done again.',
          querystring: projectQuery,
        },
      },
      async (request, reply) => {
        const { projectIdx } = request.query as { projectIdx: number };
        const result = await github.receive(
          projectIdx,
          {
            signature: header(request.headers['x-hub-signature-256']),
            event: header(request.headers['x-github-event']),
            delivery: header(request.headers['x-github-delivery']),
          },
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        );
        return reply.status(result === 'accepted' ? 202 : 200).send({ data: { result } });
      },
    );
  });
}
