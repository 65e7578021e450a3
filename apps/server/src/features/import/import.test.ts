import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportRun } from '@teamline/contract';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, durableDatabase, type TestApp } from '../../test/test-app.js';
import { imports } from '../../db/schema/index.js';
import { IMPORT_RUN_JOB } from './import.service.js';
import { parseImport } from './parse-import.js';

/** A CSV cell as Jira writes it: quoted when it holds a comma, a quote or a line break. */
const cell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const csv = (rows: string[][]) => rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/**
 * A Jira "Export Excel CSV (all fields)" file as Jira documents it: repeated Sprint, Labels and
 * Comment columns, comments as `date;author;text`, dates as `12/Mar/26 10:30 AM`, epics as rows of
 * type Epic that stories point at through Epic Link.
 */
function jiraFile(extraStories = 0, devEmail = 'p-dev@example.com') {
  const header = [
    'Summary',
    'Issue key',
    'Issue id',
    'Issue Type',
    'Status',
    'Priority',
    'Assignee',
    'Reporter',
    'Created',
    'Due date',
    'Description',
    'Epic Link',
    'Epic Name',
    'Labels',
    'Labels',
    'Sprint',
    'Sprint',
    'Comment',
    'Comment',
  ];
  interface Row {
    summary?: string;
    key?: string;
    id?: string;
    type?: string;
    status?: string;
    assignee?: string;
    due?: string;
    description?: string;
    epic?: string;
    epicName?: string;
    labels?: string[];
    sprints?: string[];
    comments?: string[];
  }
  const row = (o: Row) => [
    o.summary ?? '',
    o.key ?? '',
    o.id ?? '',
    o.type ?? 'Story',
    o.status ?? 'To Do',
    'Medium',
    o.assignee ?? '',
    'boss@example.com',
    '01/Mar/26 9:00 AM',
    o.due ?? '',
    o.description ?? '',
    o.epic ?? '',
    o.epicName ?? '',
    o.labels?.[0] ?? '',
    o.labels?.[1] ?? '',
    o.sprints?.[0] ?? '',
    o.sprints?.[1] ?? '',
    o.comments?.[0] ?? '',
    o.comments?.[1] ?? '',
  ];
  const rows = [
    header,
    row({
      summary: '결제 개편',
      key: 'SHOP-1',
      id: '10001',
      type: 'Epic',
      epicName: '결제 개편',
      status: 'In Progress',
    }),
    row({
      summary: '카드 결제 화면',
      key: 'SHOP-2',
      status: 'In Progress',
      assignee: devEmail,
      due: '20/Mar/26 5:00 PM',
      description: '첫 줄\n둘째 줄, "따옴표" 포함\n\n- 목록',
      epic: 'SHOP-1',
      labels: ['frontend', 'payment'],
      sprints: ['Sprint 1', 'Sprint 2'],
      comments: ['02/Mar/26 10:00 AM;kim;좋습니다; 진행하세요', '03/Mar/26 11:00 AM;lee;확인했습니다'],
    }),
    row({
      summary: 'Trang thanh toán cho khách hàng',
      key: 'SHOP-3',
      status: 'Done',
      assignee: 'nobody@elsewhere.example',
      due: '2026-03-25',
      description: 'Mô tả: "nhiều dòng"\nDòng hai',
      epic: 'SHOP-1',
      sprints: ['Sprint 1'],
      comments: ['04/Mar/26 9:15 AM;nguyen;Đã xong'],
    }),
    row({ summary: '', key: 'SHOP-4', description: 'no summary here' }),
    row({ summary: 'Due date unreadable', key: 'SHOP-5', due: 'next friday', status: "Won't Do" }),
  ];
  for (let i = 0; i < extraStories; i++)
    rows.push(row({ summary: `Story ${i + 1}`, key: `SHOP-${100 + i}`, sprints: ['Sprint 3'] }));
  return csv(rows);
}

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
/** A raw query's rows, typed by the caller. */
const rowsOf = async <T>(query: Promise<unknown>) => {
  const result: unknown = await query;
  return result as { rows: T[] };
};

const count = async (table: string, projectIdx = f.projectA) => {
  const result = await rowsOf<{ n: number }>(
    t.app.ctx.database.db.execute(
      sql.raw(`select count(*)::int as n from ${table} where project_idx = ${projectIdx}`),
    ),
  );
  return result.rows[0]!.n;
};
const everything = async (projectIdx = f.projectA) => ({
  stories: await count('story', projectIdx),
  milestones: await count('milestone', projectIdx),
  epics: await count('epic', projectIdx),
  comments: await count('story_comment', projectIdx),
  imports: await count('import', projectIdx),
});

async function finished(importIdx: number, key = f.admin.key): Promise<ImportRun> {
  for (let i = 0; i < 400; i++) {
    const run = (await call('GET', `/import/${importIdx}`, key)).json().data as ImportRun;
    if (!['queued', 'running'].includes(run.state)) return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${importIdx} did not finish`);
}

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'p');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

describe('Jira CSV import', () => {
  const body = () => ({ source: 'jira', fileName: 'jira.csv', text: jiraFile(55) });

  it('previews counts, people and problems and writes nothing', async () => {
    const before = await everything();
    const res = await call('POST', `/project/${f.projectA}/import/preview`, f.dev.key, body());
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data as ImportPreview;
    expect(preview.counts).toEqual({ stories: 58, epics: 1, milestones: 3, comments: 3, alreadyImported: 0 });
    expect(preview.statusMap).toEqual({
      'In Progress': 'inProgress',
      Done: 'completed',
      "Won't Do": 'rejected',
      'To Do': 'pending',
    });
    expect(preview.people.matched).toEqual([
      { name: 'p-dev@example.com', memberInProjectIdx: f.dev.mip, nickname: expect.any(String) },
    ]);
    expect(preview.people.unmatched).toEqual(['nobody@elsewhere.example']);
    expect(preview.problems).toEqual([
      { row: 5, code: 'titleMissing', skipped: true, value: '' },
      { row: 6, code: 'dateUnreadable', skipped: false, value: 'next friday' },
    ]);
    expect(await everything()).toEqual(before);
  });

  it('a malformed file is a clear error and writes nothing', async () => {
    const before = await everything();
    const broken = 'Summary,Issue key\n"unterminated,SHOP-1\n';
    const res = await call('POST', `/project/${f.projectA}/import`, f.dev.key, {
      source: 'jira',
      text: broken,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('IMPORT_FILE_MALFORMED');
    const noSummary = await call('POST', `/project/${f.projectA}/import/preview`, f.dev.key, {
      source: 'jira',
      text: 'Issue key,Status\nSHOP-1,Done\n',
    });
    expect(noSummary.json().error.code).toBe('IMPORT_COLUMNS_MISSING');
    const trello = await call('POST', `/project/${f.projectA}/import/preview`, f.dev.key, {
      source: 'trello',
      text: '{"cards": [',
    });
    expect(trello.json().error.code).toBe('IMPORT_FILE_MALFORMED');
    expect(await everything()).toEqual(before);
  });

  it('another project’s admin and a client are refused', async () => {
    const outsider = await call('POST', `/project/${f.projectA}/import/preview`, f.outsider.key, body());
    expect(outsider.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    const client = await call('POST', `/project/${f.projectA}/import`, f.client.key, body());
    expect(client.json().error.code).toBe('PROFESSIONAL_ONLY');
  });

  let importIdx = 0;
  it('imports in batches; the status map, people, dates, epics, sprints and comments land', async () => {
    const statusMap = {
      'In Progress': 'inProgress',
      Done: 'completed',
      "Won't Do": 'rejected',
      'To Do': 'considering',
    };
    const res = await call('POST', `/project/${f.projectA}/import`, f.dev.key, { ...body(), statusMap });
    expect(res.statusCode, res.body).toBe(202);
    importIdx = res.json().data.importIdx;
    const run = await finished(importIdx, f.dev.key);
    expect(run).toMatchObject({
      state: 'done',
      progress: { done: 59, total: 59 },
      counts: { stories: 58, epics: 1, milestones: 3, comments: 3, alreadyImported: 0 },
    });
    const db = t.app.ctx.database.db;
    const rows = await rowsOf<Record<string, unknown>>(
      db.execute(sql`
      select s.title, s.status, s.end_dt, s.description, e.label as epic, m.title as milestone,
        (select count(*)::int from story_comment c where c.story_idx = s.story_idx) as comments,
        (select array_agg(a.member_in_project_idx) from story_assignee a where a.story_idx = s.story_idx) as assignees
      from story s left join epic e on e.epic_idx = s.epic_idx left join milestone m on m.milestone_idx = s.milestone_idx
      where s.project_idx = ${f.projectA} and s.title in ('카드 결제 화면', 'Trang thanh toán cho khách hàng', 'Story 1')
      order by s.story_idx`),
    );
    expect(rows.rows).toEqual([
      {
        title: '카드 결제 화면',
        status: 'inProgress',
        end_dt: '20260320',
        description: '첫 줄\n둘째 줄, "따옴표" 포함\n\n- 목록\n\nLabels: frontend, payment',
        epic: '결제 개편',
        milestone: 'Sprint 2',
        comments: 2,
        assignees: [f.dev.mip],
      },
      {
        title: 'Trang thanh toán cho khách hàng',
        status: 'completed',
        end_dt: '20260325',
        description: 'Mô tả: "nhiều dòng"\nDòng hai',
        epic: '결제 개편',
        milestone: 'Sprint 1',
        comments: 1,
        assignees: null,
      },
      {
        title: 'Story 1',
        status: 'considering',
        end_dt: null,
        description: '',
        epic: null,
        milestone: 'Sprint 3',
        comments: 0,
        assignees: null,
      },
    ]);
    const comment = await rowsOf<{ content: string }>(
      db.execute(
        sql`select content from story_comment where project_idx = ${f.projectA} order by comment_idx limit 1`,
      ),
    );
    expect(comment.rows[0]!.content).toBe('kim (02/Mar/26 10:00 AM): 좋습니다; 진행하세요');
  });

  it('re-importing the same file writes nothing twice', async () => {
    const before = await everything();
    const preview = (await call('POST', `/project/${f.projectA}/import/preview`, f.dev.key, body())).json()
      .data as ImportPreview;
    expect(preview.counts).toEqual({ stories: 0, epics: 0, milestones: 0, comments: 0, alreadyImported: 58 });
    const res = await call('POST', `/project/${f.projectA}/import`, f.dev.key, body());
    const run = await finished(res.json().data.importIdx, f.dev.key);
    expect(run.counts).toMatchObject({
      stories: 0,
      epics: 0,
      milestones: 0,
      comments: 0,
      alreadyImported: 58,
    });
    expect(await everything()).toEqual({ ...before, imports: before.imports + 1 });
  });

  it('undo removes everything the import made, once; the file can then come in again', async () => {
    const outsider = await call('POST', `/import/${importIdx}/undo`, f.outsider.key);
    expect(outsider.json().error.code).toBe('IMPORT_NOT_FOUND');
    // A member's own story put into an imported sprint survives, in the backlog.
    const sprint = await rowsOf<{ milestone_idx: number }>(
      t.app.ctx.database.db.execute(
        sql`select milestone_idx from milestone where project_idx = ${f.projectA} and title = 'Sprint 1'`,
      ),
    );
    const own = await call('POST', '/story', f.dev.key, {
      projectIdx: f.projectA,
      milestoneIdx: sprint.rows[0]!.milestone_idx,
      title: 'Mine, not imported',
      assignees: [],
    });
    expect(own.statusCode, own.body).toBeLessThan(300);
    const res = await call('POST', `/import/${importIdx}/undo`, f.dev.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('undone');
    expect(await everything()).toMatchObject({ stories: 1, milestones: 0, epics: 0, comments: 0 });
    const again = await call('POST', `/import/${importIdx}/undo`, f.dev.key);
    expect(again.json().error.code).toBe('IMPORT_NOT_UNDOABLE');
    const preview = (await call('POST', `/project/${f.projectA}/import/preview`, f.dev.key, body())).json()
      .data as ImportPreview;
    expect(preview.counts.stories).toBe(58);
  });
});

describe('CSV with a mapping, and Trello', () => {
  it('maps columns the user chose', async () => {
    const text = csv([
      ['이름', 'Ghi chú', 'Trạng thái', 'Người', 'Hạn', 'Phase'],
      ['로그인 화면', '설명, 여러 줄\n둘째', 'Đang làm', 'p-lead@example.com', '2026.04.01', 'Giai đoạn 1'],
      ['Đăng ký', '', '완료', '', '15.04.2026', 'Giai đoạn 1'],
    ]);
    const mapping = {
      이름: 'title',
      'Ghi chú': 'description',
      'Trạng thái': 'status',
      Người: 'assignee',
      Hạn: 'dueDate',
      Phase: 'milestone',
    } as const;
    const preview = await call('POST', `/project/${f.projectA}/import/preview`, f.admin.key, {
      source: 'csv',
      text,
      mapping,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data as ImportPreview;
    expect(p.columns).toEqual(['이름', 'Ghi chú', 'Trạng thái', 'Người', 'Hạn', 'Phase']);
    expect(p.counts).toMatchObject({ stories: 2, milestones: 1 });
    expect(p.statusMap).toEqual({ 'Đang làm': 'inProgress', 완료: 'completed' });
    const res = await call('POST', `/project/${f.projectA}/import`, f.admin.key, {
      source: 'csv',
      text,
      mapping,
    });
    const run = await finished(res.json().data.importIdx);
    expect(run.counts).toMatchObject({ stories: 2, milestones: 1 });
    const again = await call('POST', `/project/${f.projectA}/import/preview`, f.admin.key, {
      source: 'csv',
      text,
      mapping,
    });
    expect(again.json().data.counts).toMatchObject({ stories: 0, alreadyImported: 2 });
    // A member deletes the imported milestone; a longer file brings its new row into a new one.
    const phase = await rowsOf<{ milestone_idx: number }>(
      t.app.ctx.database.db.execute(
        sql`select milestone_idx from milestone where project_idx = ${f.projectA} and title = 'Giai đoạn 1'`,
      ),
    );
    const removed = await call('DELETE', `/milestone/${phase.rows[0]!.milestone_idx}`, f.admin.key);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const longer = `${text}Thêm,,Cần làm,,,Giai đoạn 1\r\n`;
    const more = await call('POST', `/project/${f.projectA}/import`, f.admin.key, {
      source: 'csv',
      text: longer,
      mapping,
    });
    const moreRun = await finished(more.json().data.importIdx);
    expect(moreRun).toMatchObject({
      state: 'done',
      counts: { stories: 1, milestones: 1, alreadyImported: 2 },
    });
  });

  it('guesses a mapping from the column names', () => {
    const parsed = parseImport(
      { source: 'csv', text: 'Title,Description,Status,Assignee email,Due date\nA,b,Done,,2026-01-02\n' },
      [],
    );
    expect(parsed.mapping).toEqual({
      Title: 'title',
      Description: 'description',
      Status: 'status',
      'Assignee email': 'assignee',
      'Due date': 'dueDate',
    });
  });

  it('reads a Trello board export: lists, labels, members, checklists, comments, archived cards', async () => {
    const board = {
      name: 'Bảng',
      lists: [
        { id: 'l1', name: 'Cần làm' },
        { id: 'l2', name: '진행 중' },
      ],
      labels: [{ id: 'lb1', name: 'Thiết kế', color: 'green' }],
      members: [{ id: 'm1', fullName: 'Someone Else', username: 'else' }],
      checklists: [
        {
          id: 'c1',
          idCard: 'card1',
          name: 'Checklist',
          checkItems: [
            { name: 'Một', state: 'complete' },
            { name: 'Hai', state: 'incomplete' },
          ],
        },
      ],
      cards: [
        {
          id: 'card1',
          name: 'Thiết kế logo',
          desc: '로고',
          idList: 'l1',
          idLabels: ['lb1'],
          idMembers: ['m1'],
          closed: false,
          due: '2026-05-01T12:00:00.000Z',
          idChecklists: ['c1'],
        },
        {
          id: 'card2',
          name: 'Cũ',
          desc: '',
          idList: 'l2',
          idLabels: [],
          idMembers: [],
          closed: true,
          due: null,
        },
      ],
      actions: [
        {
          type: 'commentCard',
          date: '2026-03-02T10:00:00.000Z',
          data: { card: { id: 'card1' }, text: 'Bình luận thứ hai' },
          memberCreator: { fullName: 'An' },
        },
        {
          type: 'commentCard',
          date: '2026-03-01T10:00:00.000Z',
          data: { card: { id: 'card1' }, text: '첫 댓글' },
          memberCreator: { fullName: 'Kim' },
        },
        { type: 'updateCard', data: { card: { id: 'card1' } } },
      ],
    };
    const text = JSON.stringify(board);
    const p = (
      await call('POST', `/project/${f.projectA}/import/preview`, f.admin.key, { source: 'trello', text })
    ).json().data as ImportPreview;
    expect(p.counts).toMatchObject({ stories: 2, epics: 1, comments: 2 });
    expect(p.statusMap).toEqual({ 'Cần làm': 'pending', Archived: 'pending' });
    expect(p.people.unmatched).toEqual(['Someone Else']);
    const parsed = parseImport({ source: 'trello', text }, []);
    expect(parsed.items[0]).toMatchObject({
      title: 'Thiết kế logo',
      description: '로고\n\nChecklist:\n- [x] Một\n- [ ] Hai',
      epic: 'Thiết kế',
      endDt: '20260501',
      comments: ['Kim (2026-03-01): 첫 댓글', 'An (2026-03-02): Bình luận thứ hai'],
    });
  });
});

describe('the import job', () => {
  it('an import cut off by a restart finishes after it, each story once', async () => {
    const store = await durableDatabase();
    let database = await store.open();
    const before = await createTestApp({ database });
    let importIdx: number;
    let projectIdx: number;
    try {
      const g = await planningFixture(before, 'r');
      projectIdx = g.projectA;
      // As a process that died after the claim: the import row running, its job due after the restart.
      const text = jiraFile(120, 'r-dev@example.com');
      const parsed = parseImport({ source: 'jira', text }, []);
      const [row] = await before.app.ctx.database.db
        .insert(imports)
        .values({
          projectIdx,
          source: 'jira',
          state: 'running',
          items: [
            ...parsed.items.filter((i) => i.kind === 'epic'),
            ...parsed.items.filter((i) => i.kind === 'story'),
          ],
          statusMap: parsed.statusMap,
          progress: { done: 0, total: parsed.items.length },
          counts: { stories: 0, epics: 0, milestones: 0, comments: 0, alreadyImported: 0 },
          createdByIdx: g.admin.memberIdx,
        })
        .returning();
      importIdx = row!.importIdx;
      await before.app.ctx.jobs.send(
        IMPORT_RUN_JOB,
        { importIdx, projectIdx },
        { startAfter: new Date(Date.now() + 1_000) },
      );
    } finally {
      await before.close();
      await database.close();
    }
    database = await store.open();
    const after = await createTestApp({ database });
    try {
      const state = async () => {
        const [row] = await after.app.ctx.database.db.select().from(imports);
        return row!;
      };
      for (let i = 0; i < 600 && (await state()).state !== 'done'; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect((await state()).counts).toMatchObject({ stories: 123, epics: 1, milestones: 3 });
      const stories = await rowsOf<{ n: number; d: number }>(
        after.app.ctx.database.db.execute(
          sql`select count(*)::int as n, count(distinct title)::int as d from story where project_idx = ${projectIdx!}`,
        ),
      );
      expect(stories.rows[0]).toEqual({ n: 123, d: 123 });
    } finally {
      await after.close();
      await database.close();
      await store.drop();
    }
  }, 120_000);
});
