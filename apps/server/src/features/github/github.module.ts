import { defineModule } from '../../platform/module.js';
import { createPlanningVersionRepository } from '../planning-store/planning-version.repository.js';
import { createStoryRepository } from '../planning-store/story.repository.js';
import { createGithubClient } from './github-client.js';
import { githubJobs } from './github.jobs.js';
import { createGithubRepository } from './github.repository.js';
import { githubRoutes } from './github.routes.js';
import { createGithubService, type GithubService } from './github.service.js';
import { createTokenCipher, secretKeyOf } from './token-cipher.js';

declare module '../../platform/services.js' {
  interface Services {
    github: GithubService;
  }
}

/** GitHub sync per project (issue 14): connection, repository and key, webhooks, polling, story links. */
export const githubModule = defineModule({
  name: 'github',
  services: ({ ctx, services }) => {
    const repo = createGithubRepository(ctx.database.db);
    const stories = createStoryRepository(ctx.database.db);
    return {
      github: createGithubService(ctx, {
        repo,
        client: createGithubClient(ctx.config.github),
        cipher: createTokenCipher(() => secretKeyOf(ctx.config)),
        authz: services.authz,
        stories: services.story,
        versions: createPlanningVersionRepository(ctx.database.db),
        storyProject: (storyIdx) => stories.projectOf(storyIdx),
        storiesByNo: (projectIdx, storyNos) => stories.idsByNo(projectIdx, storyNos),
      }),
    };
  },
  routes: githubRoutes,
  jobs: ({ ctx, services }) => githubJobs(services.github, ctx.config.github.pollCron),
});
