import { defineModule } from '../../platform/module.js';
import { createSessionRepository } from './session.repository.js';
import { sessionRoutes } from './session.routes.js';
import { createSessionService, type SessionService } from './session.service.js';

declare module '../../platform/services.js' {
  interface Services {
    session: SessionService;
  }
}

/** The devices page (issue 30): the account's signed-in sessions; docs/decisions.md "Sessions and devices". */
export const sessionModule = defineModule({
  name: 'session',
  services: ({ ctx, services }) => ({
    session: createSessionService(ctx, createSessionRepository(ctx.database.db), services.auth),
  }),
  routes: sessionRoutes,
});
