import { unitOfWork } from '../../platform/events/unit-of-work.js';
import { defineModule } from '../../platform/module.js';
import { createLinkRepository } from './link.repository.js';
import { linkRoutes } from './link.routes.js';
import { createLinkService, type LinkService } from './link.service.js';

declare module '../../platform/services.js' {
  interface Services {
    link: LinkService;
  }
}

export const linkModule = defineModule({
  name: 'link',
  services: ({ ctx, services }) => ({
    link: createLinkService(
      ctx,
      createLinkRepository(ctx.database.db),
      services.authz,
      unitOfWork(ctx.database.db, ctx, createLinkRepository),
    ),
  }),
  routes: linkRoutes,
});
