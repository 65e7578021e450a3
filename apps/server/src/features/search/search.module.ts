import { defineModule } from '../../platform/module.js';
import { createSearchRepository } from './search.repository.js';
import { searchRoutes } from './search.routes.js';
import { createSearchService, type SearchService } from './search.service.js';

declare module '../../platform/services.js' {
  interface Services {
    /** Search everything (issue 34): the caller's projects, every kind the table lets them see. */
    search: SearchService;
  }
}

/** Search everything from the keyboard (issue 34, docs/product/search.md). */
export const searchModule = defineModule({
  name: 'search',
  services: ({ ctx, services: { authz } }) => ({
    search: createSearchService(createSearchRepository(ctx.database.db), authz),
  }),
  routes: searchRoutes,
});
