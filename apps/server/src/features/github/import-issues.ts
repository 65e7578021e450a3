import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import { requireConnection, withToken } from './github-access.js';
import { GithubError, type GithubComment, type GithubIssue } from './github-client.js';
import type { GithubDeps } from './github.deps.js';

/** Comment lists fetched at once (GitHub asks integrators not to flood it with parallel calls). */
const COMMENT_FETCHES_AT_ONCE = 4;

export interface IssuesForImport {
  repo: string;
  issues: (GithubIssue & { commentList: GithubComment[] })[];
  /** Logins of the issues' people that members proved theirs by connecting GitHub with them. */
  accounts: { login: string; memberIdx: number }[];
}

/** GitHub's answer as the import's error (docs/product/import.md#github). */
function importError(error: unknown): never {
  if (error instanceof GithubError && !error.isUnauthorized) {
    if (error.rateLimited) throw new AppError('GITHUB_RATE_LIMITED');
    if (error.status === 404) throw new AppError('GITHUB_REPOSITORY_NOT_FOUND');
    if (error.status === 403) throw new AppError('GITHUB_ACCESS_DENIED');
  }
  throw error;
}

/**
 * Reads a repository's issues (without pull requests) and their comments for the import, with the
 * project's GitHub token (docs/product/import.md#github). Only an admin (github.manage) may spend
 * the project's token this way. Makes HTTP calls: never call it inside a database transaction.
 * `max` issues at most: more than that is IMPORT_TOO_MANY_ROWS, before any comment is fetched.
 */
export async function issuesForImport(
  deps: GithubDeps,
  actor: Actor,
  projectIdx: number,
  repoName: string | undefined,
  max: number,
): Promise<IssuesForImport> {
  await deps.authz.authorize(actor, 'github.manage', projectIdx);
  const row = await requireConnection(deps, projectIdx);
  const repo = repoName ?? row.repo;
  if (!repo) throw new AppError('GITHUB_NOT_CONNECTED');
  const issues = await withToken(deps, row, 'GITHUB_FETCH_FAILED', async (token) => {
    try {
      const listed = await deps.client.issues(token, repo, max);
      if (listed.length > max) throw new AppError('IMPORT_TOO_MANY_ROWS');
      const withComments = listed.map((i) => ({ ...i, commentList: [] as GithubComment[] }));
      const todo = withComments.filter((i) => i.comments > 0);
      const worker = async () => {
        try {
          for (let next = todo.shift(); next; next = todo.shift())
            next.commentList = await deps.client.issueComments(token, repo, next.number);
        } catch (error) {
          todo.length = 0; // the other workers stop too: one failure fails the read
          throw error;
        }
      };
      await Promise.all(Array.from({ length: COMMENT_FETCHES_AT_ONCE }, worker));
      return withComments;
    } catch (error) {
      return importError(error);
    }
  });
  const logins = [...new Set(issues.flatMap((i) => i.assignees))];
  return { repo, issues, accounts: await deps.repo.accountsOf(logins) };
}
