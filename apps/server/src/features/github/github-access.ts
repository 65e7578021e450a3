import type { ErrorCode } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import { GithubError } from './github-client.js';
import type { GithubDeps } from './github.deps.js';
import type { GithubConnectionRow } from './github.repository.js';
import { TokenUnreadableError } from './token-cipher.js';

export async function requireConnection(
  { repo }: GithubDeps,
  projectIdx: number,
): Promise<GithubConnectionRow> {
  const row = await repo.connection(projectIdx);
  if (!row) throw new AppError('GITHUB_NOT_CONNECTED');
  if (row.status === 'REVOKED') throw new AppError('GITHUB_CONNECTION_REMOVED');
  return row;
}

/**
 * A call to GitHub with the project's token: a refused token (401) marks the connection REVOKED
 * ("connection removed, reconnect"), anything else is `fallback` (fetch failed, sync failed).
 */
export async function withToken<T>(
  { repo, cipher }: GithubDeps,
  row: GithubConnectionRow,
  fallback: ErrorCode,
  call: (token: string) => Promise<T>,
): Promise<T> {
  try {
    return await call(cipher.open(row.tokenCipher));
  } catch (error) {
    if (error instanceof GithubError && error.isUnauthorized) {
      await repo.update(row.projectIdx, { status: 'REVOKED' });
      throw new AppError('GITHUB_CONNECTION_REMOVED');
    }
    if (error instanceof GithubError) throw new AppError(fallback);
    // A token sealed with another key (SECRET_KEY changed): as good as removed.
    if (error instanceof TokenUnreadableError) throw new AppError('GITHUB_CONNECTION_REMOVED');
    throw error;
  }
}

/** Pulls the branch's newest commits and the pull requests, with the stored ETags when `useEtags`. */
export async function fetchRecent(
  deps: GithubDeps,
  row: GithubConnectionRow,
  commitsPerPage: number,
  pullsPerPage: number,
  useEtags: boolean,
) {
  const { client } = deps;
  return withToken(deps, row, 'GITHUB_SYNC_FAILED', async (token) => {
    const commits = await client.commits(
      token,
      row.repo!,
      row.branch!,
      commitsPerPage,
      useEtags ? row.etags.commits : undefined,
    );
    const pulls = await client.pulls(token, row.repo!, pullsPerPage, useEtags ? row.etags.pulls : undefined);
    return { commits, pulls };
  });
}
