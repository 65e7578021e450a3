import { useAuthStore } from './auth-store';
import { useProfileStore } from './profile-store';
import { useProjectStore } from './project-store';
import { useRoleStore } from './role-store';

/** docs/product/accounts.md#sessions and failed refresh: reset the auth, role, profile and project state. */
export function resetSessionStores(): void {
  useAuthStore.getState().reset();
  useRoleStore.getState().reset();
  useProfileStore.getState().reset();
  useProjectStore.getState().reset();
}
