import { queryClient } from './query-client';
import { createApiClient } from './api-client';
import { browserRefreshOfWindow } from './browser-refresh';
import { useAuthStore } from '../stores/auth-store';
import { resetSessionStores } from '../stores/reset-stores';
import { requestStepUp } from './step-up-store';

/** Where the user is now, as the path after the hash marker. */
export const currentHashPath = (): string => window.location.hash.replace(/^#/, '') || '/';

export function goToLoginWithRedirect(): void {
  const path = currentHashPath();
  if (path.startsWith('/login')) return;
  window.location.hash = `#/login?redirect=${encodeURIComponent(path)}`;
}

/** The app's one API client, wired to the auth store (key in memory, refresh token in a cookie). */
export const api = createApiClient(
  {
    getKey: () => useAuthStore.getState().key,
    isSignedIn: () => useAuthStore.getState().isLogin,
    setTokens: (tokens) => useAuthStore.getState().setTokens(tokens),
    onSessionLost: () => {
      resetSessionStores();
      queryClient.clear();
      goToLoginWithRedirect();
    },
    // The one step-up dialog (features/two-factor; the layout mounts it, its chunk loads when opened).
    stepUp: requestStepUp,
  },
  undefined,
  // Tabs of one browser share one refresh (Web Locks and a BroadcastChannel).
  browserRefreshOfWindow(),
);
