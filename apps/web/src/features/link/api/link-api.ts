import { api } from '../../../lib/api';

export const linkApi = {
  list: (projectIdx: number) => api.get('link', { query: { projectIdx } }),
  create: (url: string, projectIdx: number) => api.post('link', { body: { url, projectIdx } }),
  remove: (linkIdx: number) => api.delete(['linkOne', linkIdx]),
};
