import { type GithubSettingsRequest, type GithubSyncRequest } from '@teamline/contract';
import { api } from '../../../lib/api';

/** docs/product/integrations.md#github (issue 14): the calls of Settings › GitHub and a story's linked commits. */
export const githubApi = {
  status: (projectIdx: number) => api.get('github', { query: { projectIdx } }),
  connectToken: (projectIdx: number, token: string) =>
    api.post('githubToken', { body: { projectIdx, token } }),
  startOauth: (projectIdx: number) => api.post('githubOauth', { body: { projectIdx } }),
  repos: (projectIdx: number, q: string, page: number) =>
    api.get('githubRepos', { query: { projectIdx, q, page } }),
  branches: (projectIdx: number, repo: string) => api.get('githubBranches', { query: { projectIdx, repo } }),
  save: (body: GithubSettingsRequest) => api.put('github', { body }),
  disconnect: (projectIdx: number) => api.delete('github', { query: { projectIdx } }),
  syncLog: (projectIdx: number) => api.get('githubSyncLog', { query: { projectIdx } }),
  sync: (body: GithubSyncRequest) => api.post('githubSync', { body }),
  storyLinks: (storyIdx: number) => api.get('githubStoryLinks', { query: { storyIdx } }),
};
