import {
  apiPaths,
  type MemberProfile,
  type PublicProfile,
  type UpdateProfileRequest,
} from '@teamline/contract';
import { api } from './api';

export const memberApi = {
  me: () => api<MemberProfile>(apiPaths.member),
  profileOf: (memberId: string) => api<PublicProfile>(apiPaths.memberProfile, { query: { memberId } }),
  update: (body: UpdateProfileRequest) => api<MemberProfile>(apiPaths.member, { method: 'PATCH', body }),
  changePassword: (currentPassword: string, password: string) =>
    api<unknown>(apiPaths.memberPassword, { method: 'PATCH', body: { currentPassword, password } }),
  /** Confirmed by the password, or by the account's e-mail when it has none (Google sign-in). */
  withdraw: (confirm: { password: string } | { email: string }) =>
    api<unknown>(apiPaths.member, { method: 'DELETE', body: confirm }),
  upload: (file: Blob, fileName: string) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return api<{ fileIdx: number }>(apiPaths.file, { method: 'POST', body: form });
  },
};
