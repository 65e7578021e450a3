import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportProjectInactive } from './project-inactive';
import { ApiError } from './api-client';

export const queryClient = new QueryClient({
  // An inactive project's 423 anywhere says why and leads to its subscription settings.
  queryCache: new QueryCache({ onError: reportProjectInactive }),
  mutationCache: new MutationCache({ onError: reportProjectInactive }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});
