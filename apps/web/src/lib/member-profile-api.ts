import { apiPaths, type PublicProfile } from '@teamline/contract';
import { api } from './api';

/** Another member's public profile (docs/product/projects-and-membership.md#profile-visibility profile popup), shared by every page that shows avatars. */
export const memberProfileApi = {
  profileOf: (memberId: string) => api<PublicProfile>(apiPaths.memberProfile, { query: { memberId } }),
};
