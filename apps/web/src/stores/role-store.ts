import type { ProjectRole } from '@teamline/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface RoleState {
  roles: ProjectRole[];
  currentRole: ProjectRole | '';
  /** The mode: true for client, false for professional (docs/product/i18n-and-modes.md#modes). */
  isClient: boolean;
  /** Whether this session's mode was chosen yet (explicitly, or once from the project lists). */
  isModeChosen: boolean;
  setRoles: (roles: ProjectRole[]) => void;
  setIsClient: (isClient: boolean) => void;
  reset: () => void;
}

/** docs/product/projects-and-membership.md#roles, persisted; reset empties the list, clears the role and sets professional mode. */
export const useRoleStore = create<RoleState>()(
  persist(
    (set) => ({
      roles: [],
      currentRole: '',
      isClient: false,
      isModeChosen: false,
      setRoles: (roles) => set({ roles, currentRole: roles[0] ?? '' }),
      setIsClient: (isClient) => set({ isClient, isModeChosen: true }),
      reset: () => set({ roles: [], currentRole: '', isClient: false, isModeChosen: false }),
    }),
    {
      name: 'teamline.roles',
      partialize: ({ roles, currentRole, isClient, isModeChosen }) => ({
        roles,
        currentRole,
        isClient,
        isModeChosen,
      }),
    },
  ),
);
