import { isHttpUrl } from '@teamline/contract';

/**
 * The few GitHub REST calls the sync needs, against GITHUB_API_URL (GitHub Enterprise Server works
 * the same), and the OAuth code exchange against GITHUB_WEB_URL. The operator configures these
 * addresses, so they may be on a private network (unlike the chat webhooks' user-typed ones).
 */
export class GithubError extends Error {
  constructor(
    /** The HTTP status GitHub answered, or 0 when it did not answer. */
    readonly status: number,
    message: string,
    /** GitHub's primary or secondary rate limit: 429, or 403 with `x-ratelimit-remaining: 0` or `retry-after`. */
    readonly rateLimited = false,
  ) {
    super(message);
    this.name = 'GithubError';
  }
  /** GitHub refused the token: revoked, expired or never valid. */
  get isUnauthorized() {
    return this.status === 401;
  }
}

/** An issue as the import reads it (docs/product/import.md#github); pull requests are left out. */
export interface GithubIssue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  stateReason: string | null;
  labels: string[];
  assignees: string[];
  milestone: { title: string; dueOn: string | null } | null;
  author: string;
  createdAt: string;
  closedAt: string | null;
  url: string;
  /** How many comments GitHub counts on it (their text comes from `issueComments`). */
  comments: number;
}
export interface GithubComment {
  author: string;
  body: string;
  createdAt: string;
}

export interface GithubCommit {
  sha: string;
  message: string;
  author: string;
  url: string;
  at: string;
}

export interface GithubPull {
  number: number;
  title: string;
  body: string;
  branch: string;
  base: string;
  author: string;
  state: 'open' | 'closed' | 'merged';
  url: string;
  at: string;
  mergeSha: string | null;
}

interface RawIssue {
  number: number;
  title: string;
  body?: string | null;
  html_url: string;
  state: string;
  state_reason?: string | null;
  labels?: (string | { name?: string | null })[];
  assignees?: { login?: string }[] | null;
  assignee?: { login?: string } | null;
  milestone?: { title?: string; due_on?: string | null } | null;
  user?: { login?: string } | null;
  comments?: number;
  created_at: string;
  closed_at?: string | null;
  pull_request?: unknown;
}
interface RawComment {
  body?: string | null;
  user?: { login?: string } | null;
  created_at: string;
}

interface RawRepo {
  full_name: string;
  private: boolean;
  default_branch: string;
  description: string | null;
  html_url: string;
}
interface RawCommit {
  sha: string;
  html_url: string;
  commit: { message: string; author?: { name?: string; date?: string } | null };
  author?: { login?: string } | null;
}
interface RawPull {
  number: number;
  title: string;
  body: string | null;
  html_url: string;
  state: string;
  merged_at: string | null;
  updated_at: string;
  merge_commit_sha: string | null;
  user?: { login?: string } | null;
  head: { ref: string };
  base: { ref: string };
}

/**
 * The page address of a commit or pull request as the app stores and shows it: GitHub's own
 * `html_url`, kept only when it is http(s) (rules/safe-url.ts), like every stored address.
 */
const pageUrl = (url: string): string => (isHttpUrl(url) ? url : '');

export const toCommit = (c: RawCommit): GithubCommit => ({
  sha: c.sha,
  message: c.commit.message,
  author: c.author?.login ?? c.commit.author?.name ?? '',
  url: pageUrl(c.html_url),
  at: c.commit.author?.date ?? new Date().toISOString(),
});

export const toPull = (p: RawPull): GithubPull => ({
  number: p.number,
  title: p.title,
  body: p.body ?? '',
  branch: p.head.ref,
  base: p.base.ref,
  author: p.user?.login ?? '',
  state: p.merged_at ? 'merged' : p.state === 'open' ? 'open' : 'closed',
  url: pageUrl(p.html_url),
  at: p.merged_at ?? p.updated_at,
  mergeSha: p.merge_commit_sha,
});

export const toIssue = (i: RawIssue): GithubIssue => {
  const assignees = (i.assignees ?? (i.assignee ? [i.assignee] : [])).flatMap((a) =>
    a.login ? [a.login] : [],
  );
  return {
    number: i.number,
    title: i.title,
    body: i.body ?? '',
    state: i.state === 'closed' ? 'closed' : 'open',
    stateReason: i.state_reason ?? null,
    labels: (i.labels ?? []).flatMap((l) => {
      const name = typeof l === 'string' ? l : l.name;
      return name ? [name] : [];
    }),
    assignees,
    milestone: i.milestone?.title ? { title: i.milestone.title, dueOn: i.milestone.due_on ?? null } : null,
    author: i.user?.login ?? '',
    createdAt: i.created_at,
    closedAt: i.closed_at ?? null,
    url: pageUrl(i.html_url),
    comments: i.comments ?? 0,
  };
};

/** Pages GitHub is asked for at most: 100 a page, enough for the import's 5,000 issues and one more page. */
const ISSUE_PAGES = 51;

/**
 * The `rel="next"` address of GitHub's `Link` header (`<url>; rel="next", <url>; rel="last"`), as
 * given: GitHub pages some lists by cursor (`after=…`), not by `page=`, so the next page is the
 * address it names, never one computed here.
 */
export function nextLink(link: string | null): string | null {
  // Each entry is `<url>; params`; a URL may itself hold commas (`labels=a,b`), so no split on them.
  for (const [, url, params] of (link ?? '').matchAll(/<([^>]*)>([^<]*)/g))
    if (/;\s*rel="?(?:[^"]*\s)?next(?:\s[^"]*)?"?/.test(params!)) return url!;
  return null;
}

export function createGithubClient(options: { apiUrl: string; webUrl: string; timeoutMs: number }) {
  async function call<T>(
    token: string,
    path: string,
    etag?: string,
  ): Promise<{ status: number; body: T | null; etag: string | null; link: string | null }> {
    let res: Response;
    try {
      res = await fetch(`${options.apiUrl}${path}`, {
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'x-github-api-version': '2022-11-28',
          'user-agent': 'teamline',
          ...(etag ? { 'if-none-match': etag } : {}),
        },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new GithubError(0, `GitHub did not answer: ${(error as Error).message}`);
    }
    if (res.status === 304) return { status: 304, body: null, etag: etag ?? null, link: null };
    if (!res.ok) {
      const rateLimited =
        res.status === 429 ||
        (res.status === 403 &&
          (res.headers.get('x-ratelimit-remaining') === '0' || res.headers.has('retry-after')));
      throw new GithubError(res.status, `GitHub answered ${res.status} to ${path}`, rateLimited);
    }
    return {
      status: res.status,
      body: (await res.json()) as T,
      etag: res.headers.get('etag'),
      link: res.headers.get('link'),
    };
  }
  const repoPath = (repo: string) => `/repos/${repo.split('/').map(encodeURIComponent).join('/')}`;
  /**
   * A `rel="next"` address as a path for `call`: only one on the configured API (it is sent the
   * token); GitHub naming another host is a failed read, not a page skipped.
   */
  const nextPath = (link: string | null): string | null => {
    const next = nextLink(link);
    if (!next) return null;
    if (!next.startsWith(`${options.apiUrl}/`))
      throw new GithubError(0, `GitHub named a next page outside ${options.apiUrl}`);
    return next.slice(options.apiUrl.length);
  };
  /** Every page of a list from `first`, following `rel="next"`, `maxPages` at most, until `enough`. */
  async function allPages<R, T>(
    token: string,
    first: string,
    maxPages: number,
    map: (raw: R[]) => T[],
    enough: (sofar: T[]) => boolean = () => false,
  ): Promise<T[]> {
    const items: T[] = [];
    let path: string | null = first;
    for (let page = 1; path && page <= maxPages; page++) {
      const res = await call<R[]>(token, path);
      items.push(...map(res.body!));
      if (enough(items)) break;
      path = nextPath(res.link);
    }
    return items;
  }

  return {
    webUrl: options.webUrl,
    async user(token: string): Promise<{ login: string }> {
      return (await call<{ login: string }>(token, '/user')).body!;
    },
    async repos(token: string, page: number) {
      const res = await call<RawRepo[]>(token, `/user/repos?per_page=100&sort=updated&page=${page}`);
      return {
        repos: res.body!.map((r) => ({
          fullName: r.full_name,
          private: r.private,
          defaultBranch: r.default_branch,
          description: r.description,
          url: pageUrl(r.html_url),
        })),
        hasMore: /rel="next"/.test(res.link ?? ''),
      };
    },
    async repo(token: string, repo: string) {
      return (await call<RawRepo>(token, repoPath(repo))).body!;
    },
    async branches(token: string, repo: string): Promise<string[]> {
      return allPages<{ name: string }, string>(token, `${repoPath(repo)}/branches?per_page=100`, 10, (raw) =>
        raw.map((b) => b.name),
      );
    },
    /** The branch's newest commits; null when unchanged since `etag` (a 304, free of rate limit). */
    async commits(token: string, repo: string, branch: string, perPage: number, etag?: string) {
      const res = await call<RawCommit[]>(
        token,
        `${repoPath(repo)}/commits?sha=${encodeURIComponent(branch)}&per_page=${perPage}`,
        etag,
      );
      return { commits: res.body?.map(toCommit) ?? null, etag: res.etag };
    },
    /** The most recently updated pull requests, any state; null when unchanged since `etag`. */
    async pulls(token: string, repo: string, perPage: number, etag?: string) {
      const res = await call<RawPull[]>(
        token,
        `${repoPath(repo)}/pulls?state=all&sort=updated&direction=desc&per_page=${perPage}`,
        etag,
      );
      return { pulls: res.body?.map(toPull) ?? null, etag: res.etag };
    },
    /**
     * The repository's issues, open and closed, newest first, page by page (100 a page) through the
     * `rel="next"` address GitHub's Link header names; the pull requests GitHub lists among them are
     * left out. Stops after `max` issues (the caller refuses more) or ISSUE_PAGES pages.
     */
    async issues(token: string, repo: string, max: number): Promise<GithubIssue[]> {
      return allPages<RawIssue, GithubIssue>(
        token,
        `${repoPath(repo)}/issues?state=all&per_page=100`,
        ISSUE_PAGES,
        (raw) => raw.filter((i) => !i.pull_request).map(toIssue),
        (sofar) => sofar.length > max,
      );
    },
    /** One issue's comments, oldest first (GitHub's order), every page (`rel="next"`, as above). */
    async issueComments(token: string, repo: string, issue: number): Promise<GithubComment[]> {
      return allPages<RawComment, GithubComment>(
        token,
        `${repoPath(repo)}/issues/${issue}/comments?per_page=100`,
        30,
        (raw) =>
          raw.map((c) => ({ author: c.user?.login ?? '', body: c.body ?? '', createdAt: c.created_at })),
      );
    },
    authorizeUrl(clientId: string, redirectUri: string, state: string): string {
      const query = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: 'repo',
        state,
      });
      return `${options.webUrl}/login/oauth/authorize?${query.toString()}`;
    },
    /** The OAuth code for a token; null when GitHub refused the code. */
    async exchangeCode(clientId: string, clientSecret: string, code: string, redirectUri: string) {
      let res: Response;
      try {
        res = await fetch(`${options.webUrl}/login/oauth/access_token`, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({
            client_id: clientId,
            client_secret: clientSecret,
            code,
            redirect_uri: redirectUri,
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new GithubError(0, `GitHub did not answer: ${(error as Error).message}`);
      }
      if (!res.ok) throw new GithubError(res.status, `GitHub answered ${res.status} to the code exchange`);
      const body = (await res.json()) as { access_token?: string };
      return body.access_token ?? null;
    },
  };
}
export type GithubClient = ReturnType<typeof createGithubClient>;
