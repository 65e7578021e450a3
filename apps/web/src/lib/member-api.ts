import { type UpdateProfileRequest } from '@teamline/contract';
import { api } from './api';

export const memberApi = {
  me: () => api.get('member'),
  profileOf: (memberId: string) => api.get('memberProfile', { query: { memberId } }),
  update: (body: UpdateProfileRequest) => api.patch('member', { body }),
  changePassword: (currentPassword: string, password: string) =>
    api.patch('memberPassword', { body: { currentPassword, password } }),
  /** Confirmed by the password, or by the account's e-mail when it has none (Google sign-in). */
  withdraw: (confirm: { password: string } | { email: string }) => api.delete('member', { body: confirm }),
  upload: (file: Blob, fileName: string) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return api.post('file', { body: form });
  },
};
