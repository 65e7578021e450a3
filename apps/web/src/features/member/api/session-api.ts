import { api } from '../../../lib/api';

/** The devices section of the profile: the account's signed-in sessions (issue 30). */
export const sessionApi = {
  list: () => api.get('memberSessions'),
  signOut: (sessionId: string) => api.delete(['memberSessionOne', sessionId]),
  signOutOthers: () => api.delete('memberSessionsOthers'),
};

export const sessionKeys = { list: ['member', 'sessions'] as const };
