import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportProjectInactive } from './project-inactive';
import { reportTwoFactorRequired } from './two-factor-required';
import { ApiError } from './api-client';

function reportProjectErrors(error: unknown): void {
  reportProjectInactive(error);
  reportTwoFactorRequired(error);
}

export const queryClient = new QueryClient({
  // An inactive project's 423 anywhere says why and leads to its subscription settings; a project
  // requiring two-factor of an admin or client without it leads to the profile's setup.
  queryCache: new QueryCache({ onError: reportProjectErrors }),
  mutationCache: new MutationCache({ onError: reportProjectErrors }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});
