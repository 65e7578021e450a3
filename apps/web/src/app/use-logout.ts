import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi } from '../features/auth/api/auth-api';
import { clearFileCache } from '../components/ui/avatar-cache';
import { resetSessionStores } from '../stores/reset-stores';

/** docs/product/accounts.md#sessions: POST /auth/logout, reset auth, role, profile and project, then go to /. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (options: { callServer?: boolean } = {}) => {
    if (options.callServer !== false) {
      try {
        await authApi.logout();
      } catch (error) {
        console.error(error);
      }
    }
    // Leave the page first, so its queries unmount instead of refetching without a session.
    await navigate('/');
    resetSessionStores();
    queryClient.removeQueries({
      predicate: (q) => q.queryKey[0] !== 'region' && q.queryKey[0] !== 'auth-config',
    });
    clearFileCache();
  };
}
