import { defineModule } from '../../platform/module.js';
import { createMemberRepository } from '../account-store/member.repository.js';
import { createOauthRepository } from './oauth.repository.js';
import { oauthRoutes } from './oauth.routes.js';
import { createOauthService, type OauthService } from './oauth.service.js';

declare module '../../platform/services.js' {
  interface Services {
    oauth: OauthService;
  }
}

/** Sign-in with Google or another OpenID Connect issuer (docs/decisions.md "Outside sign-in"). */
export const oauthModule = defineModule({
  name: 'oauth',
  services: ({ ctx, services }) => ({
    oauth: createOauthService(
      ctx,
      ctx.database.db,
      createOauthRepository(ctx.database.db),
      createMemberRepository(ctx.database.db),
      services.auth,
      services.signInFactor,
    ),
  }),
  routes: oauthRoutes,
});
