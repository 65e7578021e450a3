import { defineModule } from '../../platform/module.js';
import { requestRoutes } from './request.routes.js';
import { createRequestService, createRequestStore, type RequestService } from './request.service.js';

declare module '../../platform/services.js' {
  interface Services {
    request: RequestService;
  }
}

/** Requests between members of a project: boxes, the receiver's moves, comments, unread marks. */
export const requestModule = defineModule({
  name: 'request',
  services: ({ ctx, services: { authz, file } }) => ({
    request: createRequestService(ctx, createRequestStore(ctx.database.db, ctx), authz, file),
  }),
  routes: requestRoutes,
});
