import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { planningKeys } from '../../../lib/planning/planning-api';
import { githubApi } from './github-api';

export const githubKeys = {
  status: (projectIdx: number) => ['github', projectIdx] as const,
  repos: (projectIdx: number, q: string) => ['github', projectIdx, 'repos', q] as const,
  branches: (projectIdx: number, repo: string) => ['github', projectIdx, 'branches', repo] as const,
  log: (projectIdx: number) => ['github', projectIdx, 'log'] as const,
  links: (storyIdx: number) => ['github', 'links', storyIdx] as const,
};

/** The connection; checked every 2 s while the backfill runs, so its progress bar moves. */
export const useGithubStatus = (projectIdx: number) =>
  useQuery({
    queryKey: githubKeys.status(projectIdx),
    queryFn: () => githubApi.status(projectIdx),
    refetchInterval: (query) => (query.state.data?.connection?.backfill?.state === 'running' ? 2_000 : false),
  });

/** The sync log, refreshed every few seconds while shown (webhook deliveries land on their own). */
export const useSyncLog = (projectIdx: number) =>
  useQuery({
    queryKey: githubKeys.log(projectIdx),
    queryFn: async () => (await githubApi.syncLog(projectIdx)).entries,
    refetchInterval: 5_000,
  });

export const useBranches = (projectIdx: number, repo: string | null) =>
  useQuery({
    queryKey: githubKeys.branches(projectIdx, repo ?? ''),
    queryFn: () => githubApi.branches(projectIdx, repo ?? ''),
    enabled: !!repo,
  });

export const useStoryLinks = (storyIdx: number) =>
  useQuery({
    queryKey: githubKeys.links(storyIdx),
    queryFn: async () => (await githubApi.storyLinks(storyIdx)).links,
  });

/** Any change to the connection refreshes it and its log (and the timeline's key, held in the plan). */
export function useGithubChange<T, R = unknown>(projectIdx: number, change: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: githubKeys.status(projectIdx) }),
        client.invalidateQueries({ queryKey: githubKeys.log(projectIdx) }),
        client.invalidateQueries({ queryKey: planningKeys.timeline(projectIdx) }),
      ]),
  });
}
