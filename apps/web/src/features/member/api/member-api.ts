import {
  apiPaths,
  type MemberProfile,
  type PublicProfile,
  type UpdateProfileRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

export const memberApi = {
  me: () => api<MemberProfile>(apiPaths.member),
  profileOf: (memberId: string) => api<PublicProfile>(apiPaths.memberProfile, { query: { memberId } }),
  update: (body: UpdateProfileRequest) => api<MemberProfile>(apiPaths.member, { method: 'PATCH', body }),
  changePassword: (currentPassword: string, password: string) =>
    api<unknown>(apiPaths.memberPassword, { method: 'PATCH', body: { currentPassword, password } }),
  withdraw: (password: string) => api<unknown>(apiPaths.member, { method: 'DELETE', body: { password } }),
  upload: (file: Blob, fileName: string) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return api<{ fileIdx: number }>(apiPaths.file, { method: 'POST', body: form });
  },
};
