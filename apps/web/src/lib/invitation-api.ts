import { api } from './api';

export const invitationApi = {
  preview: (token: string) => api.get('invite', { query: { token } }),
  accept: (token: string) => api.post('inviteAccept', { body: { token } }),
  /** An invitee without an account: the invitation proves the address, the join form opens at once. */
  verify: (token: string) => api.post('inviteVerify', { body: { token } }),
};

/**
 * The invitation token survives the sign-up detour (mailform → verify e-mail → join). Kept in
 * sessionStorage for the tab, and in localStorage too because the verification link of the join
 * e-mail usually opens in a new tab.
 */
const KEY = 'teamline.inviteToken';
export function savePendingInvite(token: string | null): void {
  try {
    if (token) {
      sessionStorage.setItem(KEY, token);
      localStorage.setItem(KEY, token);
    } else {
      sessionStorage.removeItem(KEY);
      localStorage.removeItem(KEY);
    }
  } catch {
    // Storage may be unavailable (private mode); the invitation link still works when opened again.
  }
}
export function pendingInvitePath(): string | null {
  try {
    const token = sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
    return token ? `/verify/invite?token=${encodeURIComponent(token)}` : null;
  } catch {
    return null;
  }
}
