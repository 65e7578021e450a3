import { api } from './api';

/** Another member's public profile (docs/product/projects-and-membership.md#profile-visibility profile popup), shared by every page that shows avatars. */
export const memberProfileApi = {
  profileOf: (memberId: string) => api.get('memberProfile', { query: { memberId } }),
};
