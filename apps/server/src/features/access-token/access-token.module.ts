import { defineModule } from '../../platform/module.js';
import { createAccessTokenRepository } from './access-token.repository.js';
import { accessTokenRoutes } from './access-token.routes.js';
import { createAccessTokenService, type AccessTokenService } from './access-token.service.js';

declare module '../../platform/services.js' {
  interface Services {
    /** Personal access tokens (issue 34): the caller's own, and the auth hook's `tl_pat_…` bearers. */
    accessToken: AccessTokenService;
  }
}

/** Personal access tokens for the API (issue 34 "Connect out", docs/product/api.md#access-tokens). */
export const accessTokenModule = defineModule({
  name: 'access-token',
  services: ({ ctx }) => ({
    accessToken: createAccessTokenService(ctx, createAccessTokenRepository(ctx.database.db)),
  }),
  routes: accessTokenRoutes,
});
