import { apiPaths, type MemberSession, type SignedOutResponse } from '@teamline/contract';
import { api } from '../../../lib/api';

/** The devices section of the profile: the account's signed-in sessions (issue 30). */
export const sessionApi = {
  list: () => api<MemberSession[]>(apiPaths.memberSessions),
  signOut: (sessionId: string) => api<unknown>(apiPaths.memberSessionOne(sessionId), { method: 'DELETE' }),
  signOutOthers: () => api<SignedOutResponse>(apiPaths.memberSessionsOthers, { method: 'DELETE' }),
};

export const sessionKeys = { list: ['member', 'sessions'] as const };
