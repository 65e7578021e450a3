import { apiPaths, type Link } from '@teamline/contract';
import { api } from '../../../lib/api';

export const linkApi = {
  list: (projectIdx: number) => api<Link[]>(apiPaths.link, { query: { projectIdx } }),
  create: (url: string, projectIdx: number) =>
    api<Link>(apiPaths.link, { method: 'POST', body: { url, projectIdx } }),
  remove: (linkIdx: number) => api<unknown>(apiPaths.linkOne(linkIdx), { method: 'DELETE' }),
};
