import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportRun } from '@teamline/contract';
import { startGithubFake, type FakeIssue, type GithubFake } from '../../test/github-fake.js';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * GitHub Issues as an import source (issue 34, docs/product/import.md#github), against the fake
 * GitHub speaking GitHub's REST protocol: 129 issues and a pull request over two pages, Korean and
 * Vietnamese titles, bodies and comments, one issue with 101 comments (two pages of comments).
 */
let gh: GithubFake;
let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

const REPO = 'acme/shop';
const issue = (n: number, over: Partial<FakeIssue> = {}): FakeIssue => ({
  number: n,
  title: `Issue ${n}`,
  body: null,
  state: 'open',
  stateReason: null,
  labels: [],
  assignees: [],
  milestone: null,
  login: 'octo-admin',
  created: `2026-02-01T09:${String(n % 60).padStart(2, '0')}:00Z`,
  closed: null,
  ...over,
});
const v1 = { number: 1, title: 'v1.0 출시', dueOn: '2026-04-30T07:00:00Z' };
const v2 = { number: 2, title: 'v2.0', dueOn: null };

function seed() {
  const list: FakeIssue[] = [
    issue(1, {
      title: '결제 화면 오류',
      body: '카드 결제 후 화면이 멈춥니다.\n\n- 재현: 결제 버튼 두 번',
      labels: ['버그', 'frontend'],
      assignees: ['octo-admin'],
      milestone: v1,
    }),
    issue(2, {
      title: 'Sửa lỗi trang thanh toán',
      body: 'Mô tả: "nhiều dòng"\nDòng hai',
      state: 'closed',
      stateReason: 'completed',
      assignees: ['GI-DEV'],
      milestone: v1,
      closed: '2026-03-01T10:00:00Z',
    }),
    issue(3, {
      title: 'Dark mode',
      state: 'closed',
      stateReason: 'not_planned',
      assignees: ['stranger'],
      closed: '2026-03-02T10:00:00Z',
    }),
    issue(4, {
      title: 'Same as #2',
      state: 'closed',
      stateReason: 'duplicate',
      closed: '2026-03-03T10:00:00Z',
    }),
    issue(5, { title: 'Fix checkout (pull request)', pullRequest: true }),
    issue(6, { title: `Long ${'x'.repeat(230)}`, state: 'open', stateReason: 'reopened' }),
  ];
  for (let n = 7; n <= 130; n++) list.push(issue(n, n % 10 === 0 ? { milestone: v2 } : {}));
  // GitHub lists the newest first.
  gh.issues.set(REPO, list.reverse());
  gh.comments.set(`${REPO}#1`, [
    { id: 11, login: 'octo-admin', body: '확인했습니다. 오늘 고칠게요.', created: '2026-02-02T01:00:00Z' },
    { id: 12, login: 'gi-dev', body: 'Đã xong, vui lòng kiểm tra.', created: '2026-02-03T01:00:00Z' },
  ]);
  gh.comments.set(`${REPO}#2`, [{ id: 21, login: 'gi-dev', body: 'Xong', created: '2026-02-04T01:00:00Z' }]);
  // A pull request's conversation is not read.
  gh.comments.set(`${REPO}#5`, [{ id: 51, login: 'gi-dev', body: 'LGTM', created: '2026-02-05T01:00:00Z' }]);
  gh.comments.set(
    `${REPO}#130`,
    Array.from({ length: 101 }, (_, i) => ({
      id: 1000 + i,
      login: 'octo-admin',
      body: `comment ${i + 1}`,
      created: `2026-02-10T00:00:${String(i % 60).padStart(2, '0')}Z`,
    })),
  );
}

/** A raw query's rows, typed by the caller. */
const rowsOf = async <T>(query: Promise<unknown>) => {
  const result: unknown = await query;
  return result as { rows: T[] };
};
const count = async (table: string) => {
  const result = await rowsOf<{ n: number }>(
    t.app.ctx.database.db.execute(
      sql.raw(`select count(*)::int as n from ${table} where project_idx = ${f.projectA}`),
    ),
  );
  return result.rows[0]!.n;
};
const everything = async () => ({
  stories: await count('story'),
  milestones: await count('milestone'),
  epics: await count('epic'),
  comments: await count('story_comment'),
  imports: await count('import'),
});
async function finished(importIdx: number): Promise<ImportRun> {
  for (let i = 0; i < 600; i++) {
    const run = (await call('GET', `/import/${importIdx}`, f.admin.key)).json().data as ImportRun;
    if (!['queued', 'running'].includes(run.state)) return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${importIdx} did not finish`);
}
const body = (over: object = {}) => ({ source: 'github', repo: REPO, ...over });

beforeAll(async () => {
  gh = await startGithubFake();
  t = await createTestApp({
    config: {
      github: { apiUrl: gh.url, webUrl: gh.url, oauth: null, timeoutMs: 5_000, pollCron: '*/5 * * * *' },
    },
  });
  f = await planningFixture(t, 'gi');
  call = api(t);
  gh.tokens.set('ghp_admin', 'octo-admin');
  gh.repos.push(
    { fullName: REPO, defaultBranch: 'main', private: true },
    { fullName: 'acme/locked', defaultBranch: 'main', private: true },
  );
  seed();
});
afterAll(async () => {
  await t?.close();
  await gh?.close();
});

describe('GitHub Issues import', () => {
  it('without a GitHub connection: GITHUB_NOT_CONNECTED, nothing written', async () => {
    const before = await everything();
    for (const path of ['/import/preview', '/import']) {
      const res = await call('POST', `/project/${f.projectA}${path}`, f.admin.key, body());
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('GITHUB_NOT_CONNECTED');
    }
    expect(await everything()).toEqual(before);
    expect(gh.calls).toEqual([]);
  });

  it('admins only: a depth2 member, a client and an outsider are refused before GitHub is asked', async () => {
    const connected = await call('POST', '/github/token', f.admin.key, {
      projectIdx: f.projectA,
      token: 'ghp_admin',
    });
    expect(connected.statusCode, connected.body).toBe(201);
    gh.calls.length = 0;
    const dev = await call('POST', `/project/${f.projectA}/import/preview`, f.dev.key, body());
    expect(dev.statusCode, dev.body).toBe(403);
    expect(dev.json().error.code).toBe('ADMIN_ONLY');
    const client = await call('POST', `/project/${f.projectA}/import`, f.client.key, body());
    expect(client.json().error.code).toBe('PROFESSIONAL_ONLY');
    const outsider = await call('POST', `/project/${f.projectA}/import/preview`, f.outsider.key, body());
    expect(outsider.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    expect(gh.calls).toEqual([]);
  });

  it('previews issues over two pages without the pull request, with statuses, people and problems', async () => {
    const before = await everything();
    const res = await call('POST', `/project/${f.projectA}/import/preview`, f.admin.key, body());
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data as ImportPreview;
    expect(preview.counts).toEqual({
      stories: 129,
      epics: 1,
      milestones: 2,
      comments: 104,
      alreadyImported: 0,
    });
    expect(preview.statusMap).toEqual({
      open: 'pending',
      closed: 'completed',
      'not planned': 'rejected',
      duplicate: 'rejected',
    });
    // octo-admin: the account the admin connected GitHub with; GI-DEV: the dev's nickname.
    expect(preview.people.matched).toEqual([
      { name: 'octo-admin', memberInProjectIdx: f.admin.mip, nickname: 'gi-admin' },
      { name: 'GI-DEV', memberInProjectIdx: f.dev.mip, nickname: 'gi-dev' },
    ]);
    expect(preview.people.unmatched).toEqual(['stranger']);
    expect(preview.problems).toEqual([
      { row: 6, code: 'titleTruncated', skipped: false, value: `Long ${'x'.repeat(75)}` },
    ]);
    expect(await everything()).toEqual(before);
    // GitHub's paging followed; comments read only where GitHub counts some, never the PR's.
    expect(gh.calls.filter((c) => c.includes('/issues?'))).toEqual([
      `GET /repos/acme/shop/issues?state=all&per_page=100 200`,
      `GET /repos/acme/shop/issues?state=all&per_page=100&page=2 200`,
    ]);
    expect(gh.calls.filter((c) => c.includes('/comments')).sort()).toEqual([
      'GET /repos/acme/shop/issues/1/comments?per_page=100 200',
      'GET /repos/acme/shop/issues/130/comments?per_page=100 200',
      'GET /repos/acme/shop/issues/130/comments?per_page=100&page=2 200',
      'GET /repos/acme/shop/issues/2/comments?per_page=100 200',
    ]);
  });

  let importIdx = 0;
  it('imports the issues as stories with milestones (due dates), epic, comments and assignees', async () => {
    const res = await call('POST', `/project/${f.projectA}/import`, f.admin.key, body());
    expect(res.statusCode, res.body).toBe(202);
    importIdx = res.json().data.importIdx;
    const run = await finished(importIdx);
    expect(run).toMatchObject({
      source: 'github',
      fileName: REPO,
      state: 'done',
      progress: { done: 129, total: 129 },
      counts: { stories: 129, epics: 1, milestones: 2, comments: 104, alreadyImported: 0 },
    });
    const rows = await rowsOf<Record<string, unknown>>(
      t.app.ctx.database.db.execute(sql`
      select s.title, s.status, s.description, e.label as epic, m.title as milestone, m.end_dt as due,
        (select array_agg(c.content order by c.comment_idx) from story_comment c where c.story_idx = s.story_idx) as comments,
        (select array_agg(a.member_in_project_idx) from story_assignee a where a.story_idx = s.story_idx) as assignees
      from story s left join epic e on e.epic_idx = s.epic_idx left join milestone m on m.milestone_idx = s.milestone_idx
      where s.project_idx = ${f.projectA} and s.title in ('결제 화면 오류', 'Sửa lỗi trang thanh toán', 'Dark mode', 'Same as #2', 'Issue 130')
      order by s.story_idx`),
    );
    expect(rows.rows.map((r) => ({ ...r, comments: (r.comments as string[] | null)?.slice(0, 2) }))).toEqual([
      {
        title: '결제 화면 오류',
        status: 'pending',
        description: '카드 결제 후 화면이 멈춥니다.\n\n- 재현: 결제 버튼 두 번\n\nLabels: 버그, frontend',
        epic: '버그',
        milestone: 'v1.0 출시',
        due: '20260430',
        comments: [
          'octo-admin (2026-02-02): 확인했습니다. 오늘 고칠게요.',
          'gi-dev (2026-02-03): Đã xong, vui lòng kiểm tra.',
        ],
        assignees: [f.admin.mip],
      },
      {
        title: 'Sửa lỗi trang thanh toán',
        status: 'completed',
        description: 'Mô tả: "nhiều dòng"\nDòng hai',
        epic: null,
        milestone: 'v1.0 출시',
        due: '20260430',
        comments: ['gi-dev (2026-02-04): Xong'],
        assignees: [f.dev.mip],
      },
      {
        title: 'Dark mode',
        status: 'rejected',
        description: '',
        epic: null,
        milestone: null,
        due: null,
        comments: undefined,
        assignees: null,
      },
      {
        title: 'Same as #2',
        status: 'rejected',
        description: '',
        epic: null,
        milestone: null,
        due: null,
        comments: undefined,
        assignees: null,
      },
      {
        title: 'Issue 130',
        status: 'pending',
        description: '',
        epic: null,
        milestone: 'v2.0',
        due: null,
        comments: ['octo-admin (2026-02-10): comment 1', 'octo-admin (2026-02-10): comment 2'],
        assignees: null,
      },
    ]);
    expect(await count('story')).toBe(129);
    expect(await count('story_comment')).toBe(104);
  });

  it('importing the repository again adds nothing (source key github:acme/shop#n)', async () => {
    const keys = await rowsOf<{ external_key: string }>(
      t.app.ctx.database.db.execute(
        sql`select external_key from import_item where import_idx = ${importIdx} and kind = 'story' order by external_key limit 2`,
      ),
    );
    expect(keys.rows.map((r) => r.external_key)).toEqual(['github:acme/shop#1', 'github:acme/shop#10']);
    const before = await everything();
    const preview = (await call('POST', `/project/${f.projectA}/import/preview`, f.admin.key, body())).json()
      .data as ImportPreview;
    expect(preview.counts).toEqual({
      stories: 0,
      epics: 0,
      milestones: 0,
      comments: 0,
      alreadyImported: 129,
    });
    // Without `repo`: the repository the project's connection is set to.
    const saved = await call('PUT', '/github', f.admin.key, {
      projectIdx: f.projectA,
      repo: REPO,
      branch: 'main',
      projectKey: 'SHOP',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call('POST', `/project/${f.projectA}/import`, f.admin.key, { source: 'github' });
    expect(res.statusCode, res.body).toBe(202);
    const run = await finished(res.json().data.importIdx);
    expect(run).toMatchObject({ state: 'done', fileName: REPO });
    expect(run.counts).toMatchObject({ stories: 0, milestones: 0, comments: 0, alreadyImported: 129 });
    expect(await everything()).toEqual({ ...before, imports: before.imports + 1 });
  });

  it('keeps every assignee a member matches, and follows GitHub’s next link when it pages by cursor', async () => {
    const big = 'acme/big';
    gh.repos.push({ fullName: big, defaultBranch: 'main', private: true });
    gh.cursorPaged.add(big);
    const list = Array.from({ length: 150 }, (_, i) => issue(i + 1, { title: `Big ${i + 1}` }));
    list[0] = issue(1, { title: 'Two people', assignees: ['octo-admin', 'GI-DEV', 'stranger'] });
    gh.issues.set(big, list.reverse());
    gh.comments.set(
      `${big}#2`,
      Array.from({ length: 101 }, (_, i) => ({
        id: 5000 + i,
        login: 'gi-dev',
        body: `note ${i + 1}`,
        created: '2026-02-11T00:00:00Z',
      })),
    );
    gh.calls.length = 0;
    const before = await everything();
    const res = await call('POST', `/project/${f.projectA}/import`, f.admin.key, body({ repo: big }));
    expect(res.statusCode, res.body).toBe(202);
    const run = await finished(res.json().data.importIdx);
    expect(run).toMatchObject({ state: 'done', counts: { stories: 150, comments: 101 } });
    // The second pages are GitHub's cursor addresses, never a page number.
    const pages = gh.calls.filter((c) => c.includes('/issues?') || c.includes('/comments'));
    expect(pages).toHaveLength(4);
    expect(pages.filter((c) => c.includes('page=2'))).toEqual([]);
    expect(pages.filter((c) => /[?&]after=[\w-]+ 200$/.test(c))).toHaveLength(2);
    const rows = await rowsOf<{ title: string; assignees: number[] }>(
      t.app.ctx.database.db.execute(sql`
      select s.title, array_agg(a.member_in_project_idx order by a.member_in_project_idx) as assignees
      from story s join story_assignee a on a.story_idx = s.story_idx
      where s.project_idx = ${f.projectA} and s.title = 'Two people' group by s.title`),
    );
    expect(rows.rows).toEqual([
      { title: 'Two people', assignees: [f.admin.mip, f.dev.mip].sort((a, b) => a - b) },
    ]);
    const undo = await call('POST', `/import/${run.importIdx}/undo`, f.admin.key);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await everything()).toEqual({ ...before, imports: before.imports + 1 });
  });

  it('GitHub errors are clear and write nothing: 404, 403, rate limit, a revoked token', async () => {
    const before = await everything();
    const preview = (repo: string) =>
      call('POST', `/project/${f.projectA}/import`, f.admin.key, { source: 'github', repo });
    const missing = await preview('acme/ghost');
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.json().error.code).toBe('GITHUB_REPOSITORY_NOT_FOUND');
    gh.failures.set('acme/locked', { status: 403, message: 'Resource not accessible by integration' });
    const denied = await preview('acme/locked');
    expect(denied.json().error.code).toBe('GITHUB_ACCESS_DENIED');
    gh.failures.set('acme/locked', {
      status: 403,
      message: 'API rate limit exceeded for user ID 1.',
      headers: {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '1900000000',
      },
    });
    const limited = await preview('acme/locked');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('GITHUB_RATE_LIMITED');
    // The token revoked on GitHub: the connection is marked removed, as the sync does.
    gh.tokens.delete('ghp_admin');
    const revoked = await preview(REPO);
    expect(revoked.json().error.code).toBe('GITHUB_CONNECTION_REMOVED');
    gh.tokens.set('ghp_admin', 'octo-admin');
    expect(await everything()).toEqual(before);
  });

  it('undo removes every story, milestone, epic and comment the import made', async () => {
    const res = await call('POST', `/import/${importIdx}/undo`, f.admin.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('undone');
    expect(await everything()).toMatchObject({ stories: 0, milestones: 0, epics: 0, comments: 0 });
  });
});
