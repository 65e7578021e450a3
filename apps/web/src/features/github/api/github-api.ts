import {
  apiPaths,
  type GithubBranchesResponse,
  type GithubConnection,
  type GithubOauthStartResponse,
  type GithubReposResponse,
  type GithubSettingsRequest,
  type GithubStatusResponse,
  type GithubSyncRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

/** PRODUCT.md "Integrations" (issue 14): the calls of Settings › GitHub and a story's linked commits. */
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
  /** Read with `listOf` (the contract gives the entries, not the envelope). */
  syncLog: (projectIdx: number) => api<unknown>(apiPaths.githubSyncLog, { query: { projectIdx } }),
  sync: (body: GithubSyncRequest) => api<unknown>(apiPaths.githubSync, { method: 'POST', body }),
  /** Read with `listOf`, as the sync log. */
  storyLinks: (storyIdx: number) => api<unknown>(apiPaths.githubStoryLinks, { query: { storyIdx } }),
};

/**
 * The contract names the entries of the sync log and of a story's links but no envelope: a bare
 * array and an object holding one array (`{entries: […]}`, `{links: […]}`) are both read.
 */
export function listOf<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object') {
    const list = Object.values(answer).find(Array.isArray);
    if (list) return list as T[];
  }
  return [];
}
