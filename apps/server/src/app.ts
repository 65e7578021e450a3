import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { API_BASE, UPLOAD_MAX_BYTES } from '@teamline/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { createAuthRepository } from './features/auth/auth.repository.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createAuthService } from './features/auth/auth.service.js';
import { commonRoutes } from './features/common/common.routes.js';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js';
import { createFileRepository } from './features/file/file.repository.js';
import { fileRoutes } from './features/file/file.routes.js';
import { createFileService } from './features/file/file.service.js';
import { createLinkRepository } from './features/link/link.repository.js';
import { linkRoutes } from './features/link/link.routes.js';
import { createLinkService } from './features/link/link.service.js';
import { createMemberRepository } from './features/member/member.repository.js';
import { memberRoutes } from './features/member/member.routes.js';
import { createMemberService } from './features/member/member.service.js';
import { epicRoutes } from './features/epic/epic.routes.js';
import { createEpicService } from './features/epic/epic.service.js';
import { createHistoryRepository } from './features/history/history.repository.js';
import { historyRoutes } from './features/history/history.routes.js';
import { createHistoryService } from './features/history/history.service.js';
import { createMemberInProjectRepository } from './features/member-in-project/member-in-project.repository.js';
import { memberInProjectRoutes } from './features/member-in-project/member-in-project.routes.js';
import { createMemberInProjectService } from './features/member-in-project/member-in-project.service.js';
import { createMilestoneRepository } from './features/milestone/milestone.repository.js';
import { milestoneRoutes } from './features/milestone/milestone.routes.js';
import { createMilestoneService } from './features/milestone/milestone.service.js';
import { registerDelayJob } from './features/story/story-delay.job.js';
import { createStoryRepository } from './features/story/story.repository.js';
import { storyRoutes } from './features/story/story.routes.js';
import { createStoryService } from './features/story/story.service.js';
import { timekeepingRoutes } from './features/timekeeping/timekeeping.routes.js';
import { createTimekeepingService } from './features/timekeeping/timekeeping.service.js';
import { createInvitationRepository } from './features/invitation/invitation.repository.js';
import { invitationRoutes } from './features/invitation/invitation.routes.js';
import { createInvitationService } from './features/invitation/invitation.service.js';
import { createProjectMemberRepository } from './features/project-member/project-member.repository.js';
import { projectMemberRoutes } from './features/project-member/project-member.routes.js';
import { createProjectMemberService } from './features/project-member/project-member.service.js';
import { createProjectRepository, type ProjectRepository } from './features/project/project.repository.js';
import { projectRoutes } from './features/project/project.routes.js';
import { createProjectService, type ProjectService } from './features/project/project.service.js';
import { systemClock, type Clock } from './infra/clock.js';
import { openDatabase, type Database } from './infra/db.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './infra/mail.js';
import { createLocalPubSub, createRedisPubSub, type PubSub } from './infra/pubsub.js';
import { createLocalStorage } from './infra/storage.js';
import { registerAuthHook } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { realtimeRoutes } from './plugins/realtime.js';
import { registerWeb } from './plugins/web.js';
import type { AppContext } from './shared/context.js';
import './shared/fastify.js';

export interface AppOverrides {
  /** An already open database (tests share one between two instances); the app will not close it. */
  database?: Database;
  pubsub?: PubSub;
  mailer?: Mailer;
  clock?: Clock;
  /** Pino options; tests pass `false` to keep output quiet. */
  logger?: boolean | object;
}

function createServices(ctx: AppContext) {
  const db = ctx.database.db;
  const authRepo = createAuthRepository(db);
  const memberRepo = createMemberRepository(db);
  const fileRepo = createFileRepository(db);
  const projectRepo = createProjectRepository(db);
  const linkRepo = createLinkRepository(db);
  const auth = createAuthService(ctx, authRepo, memberRepo);
  const project = createProjectService(ctx, projectRepo);
  return {
    auth,
    member: createMemberService(ctx, memberRepo, auth, fileRepo),
    project,
    projectRepo,
    file: createFileService(ctx, fileRepo, project, projectRepo),
    link: createLinkService(ctx, linkRepo, project, projectRepo),
    ...createPlanningServices(ctx, project, projectRepo),
    ...createSettingsServices(ctx, project, projectRepo, memberRepo),
  };
}

/** Project settings: member management and invitations. */
function createSettingsServices(
  ctx: AppContext,
  project: ProjectService,
  projectRepo: ProjectRepository,
  memberRepo: ReturnType<typeof createMemberRepository>,
) {
  const db = ctx.database.db;
  const members = createMemberInProjectService(createMemberInProjectRepository(db), project);
  return {
    projectMember: createProjectMemberService(ctx, createProjectMemberRepository(db), members),
    invitation: createInvitationService(ctx, createInvitationRepository(db), projectRepo, memberRepo),
  };
}

function createPlanningServices(ctx: AppContext, project: ProjectService, projectRepo: ProjectRepository) {
  const db = ctx.database.db;
  const storyRepo = createStoryRepository(db);
  const milestoneRepo = createMilestoneRepository(db);
  const lookups = {
    projectOfStory: async (storyIdx: number) => (await storyRepo.findById(storyIdx))?.projectIdx ?? null,
    projectOfMilestone: async (milestoneIdx: number) =>
      (await milestoneRepo.findById(milestoneIdx))?.projectIdx ?? null,
  };
  return {
    memberInProject: createMemberInProjectService(createMemberInProjectRepository(db), project),
    history: createHistoryService(createHistoryRepository(db), projectRepo, lookups),
    milestone: createMilestoneService(ctx, project, projectRepo),
    story: createStoryService(ctx, project, projectRepo),
    epic: createEpicService(ctx, project, projectRepo),
    timekeeping: createTimekeepingService(ctx, project, projectRepo),
  };
}
export type Services = ReturnType<typeof createServices>;

export async function buildApp(config: AppConfig, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: overrides.logger ?? {
      level: config.logLevel,
      // Keys and refresh tokens travel in these headers; they must never reach the logs.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.key'],
    },
    // Uploads have their own limit; JSON bodies stay small.
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Clients send `Content-Type: application/json` with an empty body on refresh and logout.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('Invalid JSON body') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  const ownsDatabase = !overrides.database;
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : config.databaseDir,
    }));
  const pubsub =
    overrides.pubsub ??
    (config.redisUrl ? await createRedisPubSub(config.redisUrl, config.pubsubChannel) : createLocalPubSub());
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.outboxDir, config.mailFrom, app.log));
  const ctx: AppContext = {
    config,
    database,
    mailer,
    pubsub,
    storage: createLocalStorage(config.filesDir),
    clock: overrides.clock ?? systemClock,
    log: app.log,
  };
  app.decorate('ctx', ctx);
  app.decorate('services', createServices(ctx));
  app.addHook('onClose', async () => {
    await pubsub.close();
    await mailer.close();
    if (ownsDatabase) await database.close();
  });

  // Baseline hardening for every answer, API and web alike (no framing, no MIME sniffing).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });
  registerErrorHandling(app);
  registerDelayJob(app);
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Teamline API',
        version: '0.1.0',
        description: 'Envelope: `{data}` on success, `{error}` on failure.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_BASE}/docs` });

  await app.register(
    async (api) => {
      registerAuthHook(api);
      await api.register(commonRoutes);
      await api.register(authRoutes);
      await api.register(memberRoutes);
      await api.register(fileRoutes);
      await api.register(projectRoutes);
      await api.register(linkRoutes);
      await api.register(projectMemberRoutes);
      await api.register(invitationRoutes);
      await api.register(dashboardRoutes);
      await api.register(memberInProjectRoutes);
      await api.register(milestoneRoutes);
      await api.register(storyRoutes);
      await api.register(epicRoutes);
      await api.register(timekeepingRoutes);
      await api.register(historyRoutes);
      await api.register(realtimeRoutes);
    },
    { prefix: API_BASE },
  );
  await registerWeb(app);
  return app;
}
