import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { URL } from 'node:url';

/**
 * A local HTTP server speaking the part of GitHub's REST API and OAuth endpoints the sync uses, in
 * GitHub's shapes: `GET /user`, `/user/repos` (paged with a Link header), `/repos/{o}/{r}`,
 * `/repos/{o}/{r}/branches`, `/repos/{o}/{r}/commits?sha=` and `/repos/{o}/{r}/pulls?state=all`
 * (both with ETag and 304 on If-None-Match), `/repos/{o}/{r}/issues?state=all` and
 * `/repos/{o}/{r}/issues/{n}/comments` (paged with per_page/page, or by cursor for `cursorPaged`
 * repositories, and a Link header, pull requests
 * among the issues as GitHub lists them), `POST /login/oauth/access_token`. Tokens are checked:
 * an unknown or revoked one gets 401 like GitHub's "Bad credentials"; `failures` makes a repository
 * answer an error (a 403 rate limit with GitHub's `x-ratelimit-*` headers, a 404…).
 */
export interface FakeCommit {
  sha: string;
  message: string;
  login: string;
  date: string;
}
export interface FakePull {
  number: number;
  title: string;
  body: string;
  head: string;
  base: string;
  login: string;
  state: 'open' | 'closed';
  merged: boolean;
  updated: string;
}
export interface FakeIssue {
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  stateReason: 'completed' | 'not_planned' | 'reopened' | 'duplicate' | null;
  labels: string[];
  assignees: string[];
  milestone: { number: number; title: string; dueOn: string | null } | null;
  login: string;
  created: string;
  closed: string | null;
  /** A pull request: GitHub lists them among the issues, with a `pull_request` object. */
  pullRequest?: boolean;
}
export interface FakeComment {
  id: number;
  login: string;
  body: string;
  created: string;
}
export interface FakeFailure {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

export interface GithubFake {
  url: string;
  /** token → login */
  tokens: Map<string, string>;
  /** OAuth code → token */
  codes: Map<string, string>;
  repos: { fullName: string; defaultBranch: string; private: boolean }[];
  branches: Map<string, string[]>;
  /** `owner/name@branch` → commits, newest first */
  commits: Map<string, FakeCommit[]>;
  /** `owner/name` → pull requests, most recently updated first */
  pulls: Map<string, FakePull[]>;
  /** `owner/name` → issues and pull requests, newest first (GitHub's default order). */
  issues: Map<string, FakeIssue[]>;
  /** `owner/name#number` → the issue's comments, oldest first. */
  comments: Map<string, FakeComment[]>;
  /** `owner/name` → the error every call about that repository answers. */
  failures: Map<string, FakeFailure>;
  /**
   * Repositories whose issues and comments GitHub pages by cursor, as it does for large lists: the
   * next link carries `after=<cursor>` and no `page`, and a `page` past the first is refused (422).
   */
  cursorPaged: Set<string>;
  /** Requests seen, as `METHOD path status`. */
  calls: string[];
  close(): Promise<void>;
}

export const rawCommit = (webUrl: string, repo: string, c: FakeCommit) => ({
  sha: c.sha,
  html_url: `${webUrl}/${repo}/commit/${c.sha}`,
  commit: { message: c.message, author: { name: c.login, date: c.date } },
  author: { login: c.login },
});

export const rawPull = (webUrl: string, repo: string, p: FakePull) => ({
  number: p.number,
  title: p.title,
  body: p.body,
  html_url: `${webUrl}/${repo}/pull/${p.number}`,
  state: p.state,
  merged_at: p.merged ? p.updated : null,
  updated_at: p.updated,
  merge_commit_sha: p.merged ? `m${p.number}`.padEnd(40, '0') : null,
  user: { login: p.login },
  head: { ref: p.head },
  base: { ref: p.base },
});

/** An issue as `GET /repos/{o}/{r}/issues` answers it (the fields GitHub documents, abridged). */
export const rawIssue = (webUrl: string, apiUrl: string, repo: string, i: FakeIssue, comments: number) => ({
  id: 1_000_000 + i.number,
  node_id: `I_${i.number}`,
  url: `${apiUrl}/repos/${repo}/issues/${i.number}`,
  html_url: `${webUrl}/${repo}/${i.pullRequest ? 'pull' : 'issues'}/${i.number}`,
  number: i.number,
  title: i.title,
  body: i.body,
  user: { login: i.login, id: 1, type: 'User' },
  labels: i.labels.map((name, n) => ({
    id: n + 1,
    name,
    color: 'ededed',
    description: null,
    default: false,
  })),
  state: i.state,
  state_reason: i.stateReason,
  locked: false,
  assignee: i.assignees[0] ? { login: i.assignees[0], id: 1, type: 'User' } : null,
  assignees: i.assignees.map((login) => ({ login, id: 1, type: 'User' })),
  milestone: i.milestone
    ? {
        url: `${apiUrl}/repos/${repo}/milestones/${i.milestone.number}`,
        html_url: `${webUrl}/${repo}/milestone/${i.milestone.number}`,
        id: 500 + i.milestone.number,
        number: i.milestone.number,
        title: i.milestone.title,
        description: null,
        state: 'open',
        open_issues: 1,
        closed_issues: 0,
        created_at: '2026-01-01T00:00:00Z',
        due_on: i.milestone.dueOn,
      }
    : null,
  comments,
  created_at: i.created,
  updated_at: i.closed ?? i.created,
  closed_at: i.closed,
  author_association: 'MEMBER',
  ...(i.pullRequest
    ? {
        pull_request: {
          url: `${apiUrl}/repos/${repo}/pulls/${i.number}`,
          html_url: `${webUrl}/${repo}/pull/${i.number}`,
          diff_url: `${webUrl}/${repo}/pull/${i.number}.diff`,
          patch_url: `${webUrl}/${repo}/pull/${i.number}.patch`,
          merged_at: null,
        },
      }
    : {}),
});

export const rawComment = (webUrl: string, repo: string, issue: number, c: FakeComment) => ({
  id: c.id,
  html_url: `${webUrl}/${repo}/issues/${issue}#issuecomment-${c.id}`,
  body: c.body,
  user: { login: c.login, id: 1, type: 'User' },
  created_at: c.created,
  updated_at: c.created,
  author_association: 'MEMBER',
});

/** On `port` (0: any free one; the e2e suite passes the one the app was configured with). */
export async function startGithubFake(port = 0): Promise<GithubFake> {
  const fake = {
    tokens: new Map<string, string>(),
    codes: new Map<string, string>(),
    repos: [] as GithubFake['repos'],
    branches: new Map<string, string[]>(),
    commits: new Map<string, FakeCommit[]>(),
    pulls: new Map<string, FakePull[]>(),
    issues: new Map<string, FakeIssue[]>(),
    comments: new Map<string, FakeComment[]>(),
    failures: new Map<string, FakeFailure>(),
    cursorPaged: new Set<string>(),
    calls: [] as string[],
  };
  let base = '';

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  /** A list with its ETag; 304 without a body when the client already has it. */
  const sendList = (req: IncomingMessage, res: ServerResponse, list: unknown[]) => {
    const etag = `"${createHash('sha1').update(JSON.stringify(list)).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag });
      res.end();
      return 304;
    }
    send(res, 200, list, { etag });
    return 200;
  };
  /** A page from the opaque `after` cursor; the next link names the next cursor (GitHub's large lists). */
  const sendCursorPage = (url: URL, res: ServerResponse, list: unknown[], perPage: number) => {
    if (Number(url.searchParams.get('page') ?? 1) > 1) {
      send(res, 422, {
        message:
          'Pagination with the page parameter is not supported for large datasets, please use cursor based pagination (after/before)',
        documentation_url: 'https://docs.github.com/rest',
      });
      return 422;
    }
    const after = url.searchParams.get('after');
    const from = after
      ? Number(
          Buffer.from(after, 'base64url')
            .toString()
            .replace(/^cursor:/, ''),
        )
      : 0;
    const links: string[] = [];
    if (from + perPage < list.length) {
      const next = new URL(url.toString());
      next.searchParams.set('after', Buffer.from(`cursor:${from + perPage}`).toString('base64url'));
      links.push(`<${next.toString()}>; rel="next"`);
    }
    send(res, 200, list.slice(from, from + perPage), links.length ? { link: links.join(', ') } : {});
    return 200;
  };
  /**
   * One page of `list` as GitHub pages it: `per_page` (30 by default, 100 at most) and `page`, with
   * a Link header naming the next and last pages while there are more.
   */
  const sendPage = (url: URL, res: ServerResponse, list: unknown[], byCursor = false) => {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30)));
    if (byCursor) return sendCursorPage(url, res, list, perPage);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const last = Math.max(1, Math.ceil(list.length / perPage));
    const at = (n: number) => {
      const next = new URL(url.toString());
      next.searchParams.set('page', String(n));
      return `<${next.toString()}>`;
    };
    const links = page < last ? [`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`] : [];
    send(
      res,
      200,
      list.slice((page - 1) * perPage, page * perPage),
      links.length ? { link: links.join(', ') } : {},
    );
    return 200;
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const record = (status: number) =>
      fake.calls.push(`${req.method} ${url.pathname}${url.search} ${status}`);
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const { code } = JSON.parse(body || '{}') as { code?: string };
        const token = code ? fake.codes.get(code) : undefined;
        if (code) fake.codes.delete(code);
        record(200);
        return send(
          res,
          200,
          token
            ? { access_token: token, token_type: 'bearer', scope: 'repo' }
            : { error: 'bad_verification_code' },
        );
      }
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const login = token ? fake.tokens.get(token) : undefined;
      if (!login) {
        record(401);
        return send(res, 401, {
          message: 'Bad credentials',
          documentation_url: 'https://docs.github.com/rest',
        });
      }
      const path = url.pathname;
      if (path === '/user') {
        record(200);
        return send(res, 200, { login, id: 1, type: 'User' });
      }
      if (path === '/user/repos') {
        const perPage = Number(url.searchParams.get('per_page') ?? 30);
        const page = Number(url.searchParams.get('page') ?? 1);
        const slice = fake.repos.slice((page - 1) * perPage, page * perPage);
        const hasNext = page * perPage < fake.repos.length;
        record(200);
        return send(
          res,
          200,
          slice.map((r) => ({
            full_name: r.fullName,
            private: r.private,
            default_branch: r.defaultBranch,
            description: null,
            html_url: `${base}/${r.fullName}`,
          })),
          hasNext ? { link: `<${base}/user/repos?per_page=${perPage}&page=${page + 1}>; rel="next"` } : {},
        );
      }
      const match =
        /^\/repos\/([^/]+)\/([^/]+)(\/branches|\/commits|\/pulls|\/issues|\/issues\/(\d+)\/comments)?$/.exec(
          path,
        );
      const repo = match ? `${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}` : '';
      const known = fake.repos.find((r) => r.fullName === repo);
      if (!match || !known) {
        record(404);
        return send(res, 404, {
          message: 'Not Found',
          documentation_url: 'https://docs.github.com/rest',
          status: '404',
        });
      }
      const failure = fake.failures.get(repo);
      if (failure) {
        record(failure.status);
        return send(
          res,
          failure.status,
          { message: failure.message, documentation_url: 'https://docs.github.com/rest' },
          failure.headers,
        );
      }
      if (match[3] === '/issues') {
        const list = (fake.issues.get(repo) ?? []).filter(
          (i) =>
            url.searchParams.get('state') === 'all' || i.state === (url.searchParams.get('state') ?? 'open'),
        );
        return record(
          sendPage(
            url,
            res,
            list.map((i) =>
              rawIssue(base, base, repo, i, fake.comments.get(`${repo}#${i.number}`)?.length ?? 0),
            ),
            fake.cursorPaged.has(repo),
          ),
        );
      }
      if (match[4]) {
        const issue = (fake.issues.get(repo) ?? []).find((i) => i.number === Number(match[4]));
        if (!issue) {
          record(404);
          return send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
        }
        const list = (fake.comments.get(`${repo}#${issue.number}`) ?? []).map((c) =>
          rawComment(base, repo, issue.number, c),
        );
        return record(sendPage(url, res, list, fake.cursorPaged.has(repo)));
      }
      if (!match[3]) {
        record(200);
        return send(res, 200, {
          full_name: known.fullName,
          private: known.private,
          default_branch: known.defaultBranch,
          description: null,
          html_url: `${base}/${known.fullName}`,
        });
      }
      if (match[3] === '/branches') {
        record(200);
        return send(
          res,
          200,
          (fake.branches.get(repo) ?? [known.defaultBranch]).map((name) => ({ name })),
        );
      }
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      if (match[3] === '/commits') {
        const branch = url.searchParams.get('sha') ?? known.defaultBranch;
        const list = (fake.commits.get(`${repo}@${branch}`) ?? [])
          .slice(0, perPage)
          .map((c) => rawCommit(base, repo, c));
        return record(sendList(req, res, list));
      }
      const list = (fake.pulls.get(repo) ?? []).slice(0, perPage).map((p) => rawPull(base, repo, p));
      return record(sendList(req, res, list));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...fake,
    url: base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
