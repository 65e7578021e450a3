import type { CreateAccessTokenRequest } from '@teamline/contract';
import { api } from '../../../lib/api';

/** The profile's access tokens section (issue 34): the caller's own personal access tokens. */
export const accessTokenApi = {
  list: () => api.get('memberToken'),
  // Needs a fresh factor: the api client asks for it (step-up) and sends the call again.
  create: (body: CreateAccessTokenRequest) => api.post('memberToken', { body }),
  revoke: (tokenIdx: number) => api.delete(['memberTokenOne', tokenIdx]),
};

export const accessTokenKeys = { list: ['member', 'tokens'] as const };
