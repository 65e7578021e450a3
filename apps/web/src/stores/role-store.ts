import type { ProjectRole } from '@teamline/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface RoleState {
  roles: ProjectRole[];
  currentRole: ProjectRole | '';
  /** The mode: true for client, false for professional (spec §4 "Mode"). */
  isClient: boolean;
  setRoles: (roles: ProjectRole[]) => void;
  setIsClient: (isClient: boolean) => void;
  reset: () => void;
}

/** Spec §3 "Role store", persisted; reset empties the list, clears the role and sets professional mode. */
export const useRoleStore = create<RoleState>()(
  persist(
    (set) => ({
      roles: [],
      currentRole: '',
      isClient: false,
      setRoles: (roles) => set({ roles, currentRole: roles[0] ?? '' }),
      setIsClient: (isClient) => set({ isClient }),
      reset: () => set({ roles: [], currentRole: '', isClient: false }),
    }),
    {
      name: 'teamline.roles',
      partialize: ({ roles, currentRole, isClient }) => ({ roles, currentRole, isClient }),
    },
  ),
);
