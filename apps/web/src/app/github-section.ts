import { lazy } from 'react';

/** Settings › GitHub comes from the github feature; its chunk loads when the section is opened. */
export const GithubSection = lazy(() =>
  import('../features/github/components/GithubSection').then((m) => ({ default: m.GithubSection })),
);
