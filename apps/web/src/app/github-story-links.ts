import { lazy } from 'react';

/**
 * A story's linked commits and pull requests (the story panel), from the github feature: its own
 * chunk with its texts (the github area), fetched only when the project has a key, so the timeline's
 * first load carries neither.
 */
export const GithubStoryLinks = lazy(() =>
  import('../features/github/components/StoryLinks').then(async (m) => {
    await m.loadStoryLinkTexts();
    return { default: m.StoryLinks };
  }),
);
