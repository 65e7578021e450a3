import type { AuthTokens } from '@teamline/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface AuthState {
  isLogin: boolean;
  key: string;
  expires: string;
  refresh: string;
  setTokens: (tokens: AuthTokens) => void;
  reset: () => void;
}

const initial = { isLogin: false, key: '', expires: '', refresh: '' };

/** Spec §3 "Auth session", persisted in local storage. */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...initial,
      setTokens: (tokens) => set({ isLogin: true, ...tokens }),
      reset: () => set(initial),
    }),
    {
      name: 'teamline.auth',
      partialize: ({ isLogin, key, expires, refresh }) => ({ isLogin, key, expires, refresh }),
    },
  ),
);
