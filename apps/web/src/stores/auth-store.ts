import type { AuthTokens } from '@teamline/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface AuthState {
  isLogin: boolean;
  key: string;
  expires: string;
  setTokens: (tokens: AuthTokens) => void;
  reset: () => void;
}

const initial = { isLogin: false, key: '', expires: '' };

/**
 * docs/product/accounts.md#sessions. Only the login flag is persisted (for the first paint): the access key
 * lives in memory, and the refresh token in an httpOnly cookie script cannot read, so after a
 * reload the API client obtains a new key from that cookie (docs/security.md "Sessions").
 */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...initial,
      // A refresh token in the JSON (non-browser clients only) is deliberately not kept.
      setTokens: ({ key, expires }) => set({ isLogin: true, key, expires }),
      reset: () => set(initial),
    }),
    {
      name: 'teamline.auth',
      version: 1,
      // Version 0 stored key and refresh in local storage: drop them on the first load.
      migrate: (persisted) => ({ isLogin: Boolean((persisted as { isLogin?: boolean } | null)?.isLogin) }),
      partialize: ({ isLogin }) => ({ isLogin }),
    },
  ),
);
