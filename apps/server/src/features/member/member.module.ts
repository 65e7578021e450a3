import { defineModule } from '../../platform/module.js';
import { createFileDeletion } from '../file/file-deletion.js';
import { createMemberRepository } from '../account-store/member.repository.js';
import { memberRoutes } from './member.routes.js';
import { createMemberService, type MemberService } from './member.service.js';
import { createProfileCache } from './profile-cache.js';

declare module '../../platform/services.js' {
  interface Services {
    member: MemberService;
  }
}

export const memberModule = defineModule({
  name: 'member',
  services: ({ ctx, services }) => ({
    member: createMemberService(
      ctx,
      createMemberRepository(ctx.database.db),
      services.auth,
      services.file,
      services.membership,
      createProfileCache(ctx.pubsub),
      createFileDeletion(ctx),
    ),
  }),
  routes: memberRoutes,
});
