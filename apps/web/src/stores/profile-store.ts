import type { MemberProfile } from '@teamline/contract';
import { create } from 'zustand';

interface ProfileState {
  profile: MemberProfile | null;
  setProfile: (profile: MemberProfile | null) => void;
  reset: () => void;
}

/** The signed-in member's profile (docs/product/accounts.md#profile), fetched when login becomes true. Not persisted. */
export const useProfileStore = create<ProfileState>()((set) => ({
  profile: null,
  setProfile: (profile) => set({ profile }),
  reset: () => set({ profile: null }),
}));
