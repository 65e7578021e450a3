import type { Authorization } from '../../platform/authorization/authorization.js';
import type { AppContext } from '../../shared/context.js';
import type { PlanningVersionRepository } from '../planning-store/planning-version.repository.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { StoryService } from '../story/story.service.js';
import type { GithubClient } from './github-client.js';
import type { GithubRepository } from './github.repository.js';
import type { TokenCipher } from './token-cipher.js';

/** What the module hands the GitHub service (github.module.ts). */
export interface GithubServiceDeps {
  repo: GithubRepository;
  client: GithubClient;
  cipher: TokenCipher;
  authz: Authorization<MembershipRow>;
  stories: Pick<StoryService, 'completeFromGithub'>;
  versions: PlanningVersionRepository;
  storyProject: (storyIdx: number) => Promise<number | null>;
  storiesByNo: (projectIdx: number, storyNos: number[]) => Promise<{ storyIdx: number; storyNo: number }[]>;
}

/** What every GitHub use case stands on: the context and the module's deps. */
export interface GithubDeps extends GithubServiceDeps {
  ctx: AppContext;
}
