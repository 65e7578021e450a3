import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../test/planning-fixture.js';
import { statementsOf } from '../test/statements.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { documentColumns, documents } from './schema/index.js';

/**
 * `search_text` (columns.ts `searchForm`) repeats a record's text for features/search; every other
 * read selects the table's `rowColumns`, so a document read does not carry its text twice.
 */
let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'rc');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const handbook = Array.from({ length: 40 }, (_, i) => `Rule ${i + 1}: every pangolin keeps its notes tidy.`);

describe('whole-row reads leave search_text out', () => {
  it('reading and writing documents, stories, milestones, epics, requests and members never selects it', async () => {
    const { projectA: projectIdx } = f;
    const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) => {
      const res = await call(method, url, f.admin.key, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json().data as Record<string, number>;
    };
    const statements = await statementsOf(t.app, async () => {
      const doc = await ok('POST', '/document', { projectIdx, title: 'Handbook' });
      await ok('PATCH', `/document/${doc.documentIdx}`, {
        content: { type: 'doc', content: handbook.map(paragraph) },
      });
      await ok('GET', `/document/${doc.documentIdx}`);
      const milestone = await ok('POST', '/milestone', { projectIdx, title: 'Sprint' });
      const story = await ok('POST', '/story', {
        projectIdx,
        title: 'Tidy',
        milestoneIdx: milestone.milestoneIdx,
      });
      await ok('PATCH', `/story/${story.storyIdx}`, { title: 'Tidy up' });
      await ok('GET', `/story/${story.storyIdx}`);
      await ok('POST', '/epic', { projectIdx, label: 'Notes' });
      const request = await ok('POST', '/request', {
        projectIdx,
        title: 'Check the notes',
        dueDt: '20300101',
        receiverIdx: f.dev.mip,
      });
      await ok('GET', `/request/${request.requestIdx}`);
      await ok('GET', '/member');
    });
    expect(statements.length).toBeGreaterThan(10);
    expect(statements.filter((s) => s.includes('search_text'))).toEqual([]);

    // Search alone reads it.
    const searched = await statementsOf(t.app, async () => {
      await ok('GET', '/search?q=pangolin');
    });
    expect(searched.some((s) => s.includes('search_text'))).toBe(true);
  });

  it('one document read carries its text once (bytes measured)', async () => {
    const db = t.app.ctx.database.db;
    const [doc] = await db.select({ documentIdx: documents.documentIdx }).from(documents).limit(1);
    const where = eq(documents.documentIdx, doc!.documentIdx);
    const bytes = (row: unknown) => Buffer.byteLength(JSON.stringify(row));
    const [whole] = await db.select().from(documents).where(where);
    const [row] = await db.select(documentColumns).from(documents).where(where);
    expect(row).not.toHaveProperty('searchText');
    expect(row).toEqual(Object.fromEntries(Object.entries(whole!).filter(([k]) => k !== 'searchText')));
    const saved = bytes(whole) - bytes(row);
    expect(saved).toBeGreaterThan(whole!.text.length);
    console.warn(`document read: ${bytes(whole)} bytes with search_text, ${bytes(row)} without`);
  });
});
