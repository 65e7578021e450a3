import type { GithubStoryLink } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { GithubDeps } from './github.deps.js';
import { toStoryLink } from './github.presenter.js';

/** The commits and pull requests that mention a story, newest first. */
export async function storyLinks(
  { repo, authz, storyProject }: GithubDeps,
  actor: Actor,
  storyIdx: number,
): Promise<{ links: GithubStoryLink[] }> {
  const projectIdx = await storyProject(storyIdx);
  if (projectIdx === null) throw new AppError('STORY_NOT_FOUND');
  await authz.authorize(actor, 'planning.view', { projectIdx, missing: 'STORY_NOT_FOUND' });
  return { links: (await repo.linksOf(storyIdx)).map(toStoryLink) };
}
