import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiJob, TimelineDraft } from '@teamline/contract';
import { docxOf, fileUpload, pdfOf, scannedPdf } from '../../test/plan-files.js';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
type Person = Awaited<ReturnType<typeof signUp>>;
let admin: Person;
let dev: Person;
let client: Person;
let outsider: Person;
let project: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, 'ai-admin@example.com');
  dev = await signUp(t, 'ai-dev@example.com');
  client = await signUp(t, 'ai-client@example.com');
  outsider = await signUp(t, 'ai-outsider@example.com');
  project = await createProject(t, admin.key, 'AI plan');
  await addToProject(t, project, dev.memberIdx, 'depth2');
  await addToProject(t, project, client.memberIdx, 'client');
  other = await createProject(t, outsider.key, 'Other');
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST';
const req = (method: Method, url: string, key: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: bearer(key) });
const upload = (key: string, projectIdx: number, bytes: Buffer, name: string) => {
  const form = fileUpload(bytes, name);
  return t.app.inject({
    method: 'POST',
    url: `/api/project/${projectIdx}/timeline-by-ai`,
    payload: form.payload,
    headers: { ...bearer(key), ...form.headers },
  });
};

async function finished(jobIdx: number, key = dev.key): Promise<AiJob> {
  for (let i = 0; i < 200; i++) {
    const job = (await req('GET', `/ai-job/${jobIdx}`, key)).json().data as AiJob;
    if (!['queued', 'running'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${jobIdx} did not finish`);
}

async function draftOf(bytes: Buffer, name: string) {
  const res = await upload(dev.key, project, bytes, name);
  expect(res.statusCode, res.body).toBe(202);
  const job = await finished(res.json().data.jobIdx);
  expect(job.state, JSON.stringify(job)).toBe('done');
  return job;
}
const titles = (draft: TimelineDraft | null) =>
  draft!.milestones.map((m) => [m.title, m.stories.map((s) => s.title)]);
const milestoneCount = async () => {
  const result: unknown = await t.database.db.execute(
    sql`select count(*)::int as n from milestone where project_idx = ${project}`,
  );
  return (result as { rows: { n: number }[] }).rows[0]!.n;
};

describe('AI timeline from a file', () => {
  const plan = [
    '# Shop relaunch',
    '## Milestone 1: Design (2026-03-02 ~ 2026-03-13)',
    '- Wireframes 2026-03-02 ~ 2026-03-06 (epic: UX)',
    '- Visual design 2026-03-09 ~ 2026-03-13',
    '## Build',
    '- Checkout 2026-03-16 ~ 2026-04-03 (epic: Payments)',
    '- Refunds 2026-04-06 ~ 2026-04-10',
  ].join('\n');

  it('drafts a TXT plan, applies it without the unchecked story, and a second apply does nothing', async () => {
    const job = await draftOf(Buffer.from(plan), 'plan.txt');
    expect(job.provider).toBe('offline');
    expect(titles(job.draft)).toEqual([
      ['Design', ['Wireframes', 'Visual design']],
      ['Build', ['Checkout', 'Refunds']],
    ]);
    const draft = structuredClone(job.draft!);
    draft.milestones[1]!.stories[1]!.include = false;
    draft.milestones[1]!.include = false;
    draft.milestones[0]!.title = 'Design phase';
    const before = await milestoneCount();
    const applied = await req('POST', `/ai-job/${job.jobIdx}/apply`, dev.key, draft);
    expect(applied.statusCode, applied.body).toBe(200);
    // The unchecked "Build" milestone is not made; its checked story goes to the backlog.
    expect(applied.json().data.milestoneIdxs).toHaveLength(1);
    expect(applied.json().data.storyIdxs).toHaveLength(3);
    expect(await milestoneCount()).toBe(before + 1);
    const checkout = (await req('GET', `/story/${applied.json().data.storyIdxs[2]}`, dev.key)).json().data;
    expect(checkout).toMatchObject({ title: 'Checkout', milestoneIdx: null });

    const story = (await req('GET', `/story/${applied.json().data.storyIdxs[0]}`, dev.key)).json().data;
    expect(story).toMatchObject({
      title: 'Wireframes',
      startDt: '20260302',
      endDt: '20260306',
      status: 'pending',
    });
    const epics = (await req('GET', `/epic/all-of-project?projectIdx=${project}`, dev.key)).json().data;
    expect(epics.map((e: { label: string }) => e.label).sort()).toEqual(['Payments', 'UX']);
    const history = await req('GET', `/history/story?storyIdx=${story.storyIdx}`, dev.key);
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json().data)).toContain('Wireframes');

    const again = await req('POST', `/ai-job/${job.jobIdx}/apply`, dev.key, draft);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('AI_JOB_ALREADY_APPLIED');
    expect(await milestoneCount()).toBe(before + 1);
    expect((await req('GET', `/ai-job/${job.jobIdx}`, dev.key)).json().data.state).toBe('applied');
  });

  it('two applies at once: one wins, the other is refused, nothing is made twice', async () => {
    const job = await draftOf(Buffer.from(plan), 'plan.txt');
    const before = await milestoneCount();
    const [a, b] = await Promise.all([
      req('POST', `/ai-job/${job.jobIdx}/apply`, dev.key, job.draft!),
      req('POST', `/ai-job/${job.jobIdx}/apply`, admin.key, job.draft!),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await milestoneCount()).toBe(before + 2);
  });

  it('reads a Word plan with heading styles', async () => {
    const job = await draftOf(
      docxOf([
        '# Milestone 1: Design',
        'Wireframes 2026-03-02 ~ 2026-03-06',
        'Notes without a date are description.',
        '# 2단계: 개발',
        '결제 모듈 2026년 3월 16일부터 4월 3일까지',
      ]),
      'plan.docx',
    );
    expect(titles(job.draft)).toEqual([
      ['Design', ['Wireframes']],
      ['개발', ['결제 모듈']],
    ]);
    expect(job.draft!.milestones[1]!.stories[0]).toMatchObject({ startDt: '20260316', endDt: '20260403' });
  });

  it('reads a PDF and keeps the page each item came from', async () => {
    const job = await draftOf(
      await pdfOf([
        ['Phase 1: Discovery', '- Interviews March 2, 2026 to March 6, 2026'],
        ['Phase 2: Delivery', '- Launch 2026-04-30'],
      ]),
      'plan.pdf',
    );
    expect(titles(job.draft)).toEqual([
      ['Discovery', ['Interviews']],
      ['Delivery', ['Launch']],
    ]);
    expect(job.draft!.milestones[1]!.stories[0]!.source.page).toBe(2);
  });

  it('reads a Vietnamese CSV by its headers, whatever the file is called', async () => {
    const csv = 'Giai đoạn,Công việc,Ngày bắt đầu,Ngày kết thúc\nThiết kế,Giao diện,02/03/2026,06/03/2026\n';
    const job = await draftOf(Buffer.from(csv), 'plan.pdf');
    expect(titles(job.draft)).toEqual([['Thiết kế', ['Giao diện']]]);
  });

  it('refuses empty, wrong-type and oversized files at once, saving nothing', async () => {
    const empty = await upload(dev.key, project, Buffer.alloc(0), 'plan.txt');
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 'AI_FILE_EMPTY']);
    const png = await upload(
      dev.key,
      project,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      'plan.pdf',
    );
    expect([png.statusCode, png.json().error.code]).toEqual([415, 'AI_FILE_TYPE_NOT_ALLOWED']);
    const big = await upload(dev.key, project, Buffer.alloc(10 * 1024 * 1024 + 10, 'a'), 'plan.txt');
    expect([big.statusCode, big.json().error.code]).toEqual([413, 'AI_FILE_TOO_LARGE']);
  });

  it('a scanned PDF fails with AI_FILE_NO_TEXT and prose alone with AI_NOTHING_FOUND; nothing is planned', async () => {
    const before = await milestoneCount();
    const scanned = await upload(dev.key, project, await scannedPdf(), 'scan.pdf');
    expect(scanned.statusCode).toBe(202);
    expect(await finished(scanned.json().data.jobIdx)).toMatchObject({
      state: 'failed',
      errorCode: 'AI_FILE_NO_TEXT',
    });
    const prose = await upload(dev.key, project, Buffer.from('We will talk about it later.'), 'notes.txt');
    expect(await finished(prose.json().data.jobIdx)).toMatchObject({
      state: 'failed',
      errorCode: 'AI_NOTHING_FOUND',
    });
    const failedApply = await req('POST', `/ai-job/${prose.json().data.jobIdx}/apply`, dev.key, {
      milestones: [],
    });
    expect(failedApply.json().error.code).toBe('AI_JOB_NOT_READY');
    expect(await milestoneCount()).toBe(before);
  });

  it('a cancelled job is not applied', async () => {
    const res = await upload(dev.key, project, Buffer.from(plan), 'plan.txt');
    const jobIdx = res.json().data.jobIdx as number;
    const cancelled = (await req('POST', `/ai-job/${jobIdx}/cancel`, dev.key)).json().data as AiJob;
    const job = await finished(jobIdx);
    // The job may have finished before the cancel arrived; a cancelled one never turns into a draft.
    if (cancelled.state === 'cancelled') {
      expect(job.state).toBe('cancelled');
      const apply = await req('POST', `/ai-job/${jobIdx}/apply`, dev.key, { milestones: [] });
      expect(apply.json().error.code).toBe('AI_JOB_CANCELLED');
    } else expect(job.state).toBe('done');
  });

  it('clients, strangers and other projects are refused', async () => {
    const mine = await draftOf(Buffer.from(plan), 'plan.txt');
    const byClient = await upload(client.key, project, Buffer.from(plan), 'plan.txt');
    expect(byClient.json().error.code).toBe('PROFESSIONAL_ONLY');
    const byStranger = await upload(outsider.key, project, Buffer.from(plan), 'plan.txt');
    expect(byStranger.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    for (const [method, url] of [
      ['GET', `/ai-job/${mine.jobIdx}`],
      ['POST', `/ai-job/${mine.jobIdx}/cancel`],
    ] as [Method, string][]) {
      const res = await req(method, url, outsider.key);
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'AI_JOB_NOT_FOUND']);
    }
    const apply = await req('POST', `/ai-job/${mine.jobIdx}/apply`, outsider.key, mine.draft!);
    expect(apply.json().error.code).toBe('AI_JOB_NOT_FOUND');
    expect(other).toBeGreaterThan(0);
  });
});

describe('AI documents', () => {
  it('a report needs its period, start before end (docs/product/documents-and-ai.md#ai-documents), on the fields', async () => {
    const missing = await req('POST', '/document/ai', dev.key, {
      projectIdx: project,
      type: 'weeklyReport',
      referenceDt: '20260306',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fieldErrors).toMatchObject({
      periodStartDt: 'required',
      periodEndDt: 'required',
    });
    const backwards = await req('POST', '/document/ai', dev.key, {
      projectIdx: project,
      type: 'weeklyReport',
      referenceDt: '20260306',
      periodStartDt: '20260306',
      periodEndDt: '20260302',
    });
    expect(backwards.json().error.fieldErrors).toMatchObject({ periodEndDt: 'periodStartBeforeEnd' });
    const noDate = await req('POST', '/document/ai', dev.key, {
      projectIdx: project,
      type: 'meetingMinutes',
    });
    expect(noDate.json().error.fieldErrors).toMatchObject({ referenceDt: expect.any(String) });
  });

  it('writes a weekly report from the project’s activity as a draft document', async () => {
    const res = await req('POST', '/document/ai', dev.key, {
      projectIdx: project,
      type: 'weeklyReport',
      referenceDt: '20260320',
      periodStartDt: '20260101',
      periodEndDt: '20261231',
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished(res.json().data.jobIdx);
    expect(job.state, JSON.stringify(job)).toBe('done');
    const document = (await req('GET', `/document/${job.documentIdx}`, dev.key)).json().data;
    expect(document).toMatchObject({ aiType: 'weeklyReport', kind: 'page' });
    expect(document.title).toContain('Weekly report');
    // The plans applied above have stories that end before the reference date: listed as delayed.
    const delayed = document.text.split('Delayed\n')[1]!.split('\nIn progress')[0];
    expect(delayed).toContain('Wireframes (due Mar 6, 2026)');
    expect(delayed).not.toContain('Checkout');
    expect(document.text).toContain('Design phase');
  });

  it('clients do not draft documents', async () => {
    const res = await req('POST', '/document/ai', client.key, {
      projectIdx: project,
      type: 'requirements',
      referenceDt: '20260306',
    });
    expect(res.json().error.code).toBe('PROFESSIONAL_ONLY');
  });
});
