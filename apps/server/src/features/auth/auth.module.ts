import { defineModule } from '../../platform/module.js';
import { createMemberRepository } from '../account-store/member.repository.js';
import { createNewBrowserNotice } from '../session/new-browser.js';
import { createAuthRepository } from './auth.repository.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService, type AuthService } from './auth.service.js';

declare module '../../platform/services.js' {
  interface Services {
    auth: AuthService;
  }
}

export const authModule = defineModule({
  name: 'auth',
  services: ({ ctx }) => {
    const members = createMemberRepository(ctx.database.db);
    return {
      auth: createAuthService(
        ctx,
        createAuthRepository(ctx.database.db),
        members,
        createNewBrowserNotice(ctx, members),
      ),
    };
  },
  routes: authRoutes,
});
