import { SEARCH_PAGE_SIZE, foldForSearch, type SearchHit } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { rangesOf, snippetOf } from './search.highlight.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

const data = async (method: 'GET' | 'POST' | 'PATCH', url: string, key: string, body?: object) => {
  const res = await call(method, url, key, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
};
const search = async (key: string, q: string, extra = ''): Promise<SearchHit[]> =>
  (await data('GET', `/search?q=${encodeURIComponent(q)}${extra}`, key)).items;
const story = async (title: string, projectIdx = f.projectA, key = f.admin.key) =>
  (await data('POST', '/story', key, { projectIdx, title })) as { storyIdx: number; storyNo: number };

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'search');
  call = api(t);
  // The project's story key (`SHOP-12`), as the GitHub settings would save it.
  await t.database.db.execute(
    sql`insert into github_connection (project_idx, auth_kind, account, token_cipher, project_key, webhook_secret, connected_by_idx)
        values (${f.projectA}, 'token', 'acme', 'x', 'SHOP', 'secret', ${f.admin.memberIdx})`,
  );
});
afterAll(async () => t?.close());

describe('search (issue 34)', () => {
  it('finds a story by its exact key first, ahead of stories whose titles only look alike', async () => {
    const target = await story('Checkout flow');
    await story(`Mentions SHOP-${target.storyNo} in the title`);
    const hits = await search(f.dev.key, `shop-${target.storyNo}`);
    expect(hits[0]).toMatchObject({
      kind: 'story',
      idx: target.storyIdx,
      exact: true,
      key: `SHOP-${target.storyNo}`,
    });
    expect(hits.filter((h) => h.exact)).toHaveLength(1);
  });

  it('matches Korean inside words and Vietnamese without tone marks, with the ranges to highlight', async () => {
    const korean = await story('결제화면 개선 작업');
    const vietnamese = await story('Sửa lỗi đăng nhập cho Nguyễn');
    const ko = await search(f.dev.key, '화면');
    expect(ko.map((h) => h.idx)).toContain(korean.storyIdx);
    const koHit = ko.find((h) => h.idx === korean.storyIdx)!;
    expect(koHit.title.slice(...koHit.titleRanges[0]!)).toBe('화면');

    const vi = await search(f.dev.key, 'nguyen dang nhap');
    const viHit = vi.find((h) => h.idx === vietnamese.storyIdx)!;
    expect(viHit).toBeDefined();
    expect(viHit.titleRanges.map((r) => viHit.title.slice(...r))).toEqual(['đăng', 'nhập', 'Nguyễn']);
    // Tone marks in the query are folded the same way.
    expect((await search(f.dev.key, 'NGUYỄN')).map((h) => h.idx)).toContain(vietnamese.storyIdx);
  });

  it('ranks the closer title first', async () => {
    await story('Invoice export for the accounting team and other long words');
    const close = await story('Invoice export');
    const hits = await search(f.dev.key, 'invoice export', '&kind=story');
    expect(hits[0]!.idx).toBe(close.storyIdx);
  });

  it("never returns another project's records, and a removed member sees nothing", async () => {
    const secret = await story('Zebra secret plan', f.projectB, f.outsider.key);
    expect((await search(f.dev.key, 'zebra')).map((h) => h.idx)).not.toContain(secret.storyIdx);
    expect((await search(f.outsider.key, 'zebra')).map((h) => h.idx)).toContain(secret.storyIdx);

    await story('Quokka onboarding');
    expect(await search(f.solo.key, 'quokka')).toHaveLength(1);
    const removed = await call('DELETE', `/member-in-project/${f.solo.mip}`, f.admin.key);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await search(f.solo.key, 'quokka')).toEqual([]);
  });

  it('finds a renamed story by its new title as soon as the rename returns', async () => {
    const made = await story('Walrus draft');
    await data('PATCH', `/story/${made.storyIdx}`, f.admin.key, { title: 'Narwhal final' });
    expect((await search(f.dev.key, 'narwhal')).map((h) => h.idx)).toEqual([made.storyIdx]);
    expect(await search(f.dev.key, 'walrus')).toEqual([]);
  });

  it('searches milestones, epics, documents (text, with a snippet) and members', async () => {
    const milestone = await data('POST', '/milestone', f.admin.key, {
      projectIdx: f.projectA,
      title: 'Ocelot release',
    });
    const epic = await data('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label: 'Ocelot epic' });
    const doc = await data('POST', '/document', f.admin.key, { projectIdx: f.projectA, title: 'Notes' });
    await t.database.db.execute(
      sql`update document set text = ${'A long introduction. Then the ocelot migration plan for Trần Văn.'} where document_idx = ${doc.documentIdx}`,
    );
    const hits = await search(f.dev.key, 'ocelot');
    expect(hits.map((h) => `${h.kind}:${h.idx}`)).toEqual(
      expect.arrayContaining([
        `milestone:${milestone.milestoneIdx}`,
        `epic:${epic.epicIdx}`,
        `document:${doc.documentIdx}`,
      ]),
    );
    const docHit = hits.find((h) => h.kind === 'document')!;
    expect(docHit.snippet.slice(...docHit.snippetRanges[0]!)).toBe('ocelot');
    expect((await search(f.dev.key, 'tran van', '&kind=document')).map((h) => h.idx)).toEqual([
      doc.documentIdx,
    ]);

    await t.database.db.execute(
      sql`update member set nickname = 'Lê Quang Hải' where member_idx = ${f.lead.memberIdx}`,
    );
    const people = await search(f.dev.key, 'quang hai', '&kind=member');
    expect(people.map((h) => h.idx)).toEqual([f.lead.memberIdx]);
    // The outsider shares no project with the dev.
    await t.database.db.execute(
      sql`update member set nickname = 'Lê Quang Outside' where member_idx = ${f.outsider.memberIdx}`,
    );
    expect((await search(f.dev.key, 'quang', '&kind=member')).map((h) => h.idx)).toEqual([f.lead.memberIdx]);
  });

  it('pages by 20', async () => {
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i++) await story(`Pangolin ${i}`);
    const first = await data('GET', '/search?q=pangolin', f.dev.key);
    expect(first.items).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const second = await data('GET', '/search?q=pangolin&page=2', f.dev.key);
    expect(second.items).toHaveLength(3);
    expect(second.hasMore).toBe(false);
    const ids = new Set([...first.items, ...second.items].map((h: SearchHit) => h.idx));
    expect(ids.size).toBe(SEARCH_PAGE_SIZE + 3);
  });

  it.each([
    ['an empty query', '/search?q=%20%20'],
    ['no query', '/search'],
    ['a query too long', `/search?q=${'a'.repeat(101)}`],
    ['an unknown kind', '/search?q=a&kind=planet'],
    ['a page out of range', '/search?q=a&page=0'],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_name, url) => {
    const res = await call('GET', url, f.dev.key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('treats LIKE wildcards in the query as plain characters', async () => {
    expect(await search(f.dev.key, '%_%')).toEqual([]);
  });
});

describe('search form (database and contract agree)', () => {
  it.each([
    'Nguyễn Đức Thắng',
    'ĐẶNG Thị Hường',
    'Café Crème Brûlée',
    '결제화면 개선',
    'Ångström Øre',
    'e\u0301te\u0301',
  ])('%s', async (label) => {
    const epic = await data('POST', '/epic', f.admin.key, { projectIdx: f.projectA, label });
    const result: unknown = await t.database.db.execute(
      sql`select search_text from epic where epic_idx = ${epic.epicIdx}`,
    );
    type Row = { search_text: string };
    const row = ((result as { rows?: Row[] }).rows ?? (result as Row[]))[0]!;
    expect(row.search_text).toBe(foldForSearch(label));
  });
});

describe('highlight', () => {
  it('maps folded matches back to the original text', () => {
    expect(rangesOf('Nguyễn Văn', ['van'])).toEqual([[7, 10]]);
    expect(rangesOf('abcabc', ['bc', 'ca'])).toEqual([[1, 6]]);
  });
  it('cuts a snippet around the first match', () => {
    const { snippet, ranges } = snippetOf(`${'word '.repeat(40)}target here`, ['target']);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.slice(...ranges[0]!)).toBe('target');
  });
});
