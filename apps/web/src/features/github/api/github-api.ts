import {
  apiPaths,
  type GithubBranchesResponse,
  type GithubConnection,
  type GithubOauthStartResponse,
  type GithubReposResponse,
  type GithubSettingsRequest,
  type GithubStatusResponse,
  type GithubStoryLinksResponse,
  type GithubSyncLogResponse,
  type GithubSyncRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

/** docs/product/integrations.md#github (issue 14): the calls of Settings › GitHub and a story's linked commits. */
export const githubApi = {
  status: (projectIdx: number) => api<GithubStatusResponse>(apiPaths.github, { query: { projectIdx } }),
  connectToken: (projectIdx: number, token: string) =>
    api<GithubConnection>(apiPaths.githubToken, { method: 'POST', body: { projectIdx, token } }),
  startOauth: (projectIdx: number) =>
    api<GithubOauthStartResponse>(apiPaths.githubOauth, { method: 'POST', body: { projectIdx } }),
  repos: (projectIdx: number, q: string, page: number) =>
    api<GithubReposResponse>(apiPaths.githubRepos, { query: { projectIdx, q, page } }),
  branches: (projectIdx: number, repo: string) =>
    api<GithubBranchesResponse>(apiPaths.githubBranches, { query: { projectIdx, repo } }),
  save: (body: GithubSettingsRequest) => api<GithubConnection>(apiPaths.github, { method: 'PUT', body }),
  disconnect: (projectIdx: number) =>
    api<unknown>(apiPaths.github, { method: 'DELETE', query: { projectIdx } }),
  syncLog: (projectIdx: number) =>
    api<GithubSyncLogResponse>(apiPaths.githubSyncLog, { query: { projectIdx } }),
  sync: (body: GithubSyncRequest) => api<unknown>(apiPaths.githubSync, { method: 'POST', body }),
  storyLinks: (storyIdx: number) =>
    api<GithubStoryLinksResponse>(apiPaths.githubStoryLinks, { query: { storyIdx } }),
};
