import { lazy } from 'react';

/** The profile's Access tokens section comes from the access-token feature, in a chunk of its own (issue 34). */
export const AccessTokensSection = lazy(() =>
  import('../features/access-token/components/AccessTokensSection').then((m) => ({
    default: m.AccessTokensSection,
  })),
);
