import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../paths.js';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 30: a story's link, a project link and every other stored address take only http, https
 * and mailto (rules/safe-url.ts); addresses stored before are cleared by migration 0027's data fix.
 */
let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'sl');
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

async function rowsOf<R>(statement: ReturnType<typeof sql>): Promise<R[]> {
  const result: unknown = await t.app.ctx.database.db.execute(statement);
  return (result as { rows: R[] }).rows;
}
const newStory = async (extra: object = {}) => {
  const res = await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'Story', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { storyIdx: number; link: string | null };
};

const unsafe = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  '  javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
];

describe("a story's link", () => {
  it.each(unsafe)('refuses %j on create and update with fieldErrors.link = safeUrl', async (link) => {
    const created = await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, title: 'S', link });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { link: 'safeUrl' },
    });
    const { storyIdx } = await newStory();
    const updated = await call('PATCH', `/story/${storyIdx}`, f.admin.key, { link });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().error.fieldErrors).toEqual({ link: 'safeUrl' });
    expect((await call('GET', `/story/${storyIdx}`, f.admin.key)).json().data.link).toBeNull();
  });

  it('keeps http, https and mailto, normalises a bare host like the form, and clears on empty', async () => {
    expect((await newStory({ link: 'https://github.com/org/repo' })).link).toBe(
      'https://github.com/org/repo',
    );
    expect((await newStory({ link: 'mailto:pm@example.com' })).link).toBe('mailto:pm@example.com');
    expect((await newStory({ link: 'example.com/spec' })).link).toBe('https://example.com/spec');
    const { storyIdx } = await newStory({ link: 'http://example.com' });
    const cleared = await call('PATCH', `/story/${storyIdx}`, f.admin.key, { link: '' });
    expect(cleared.json().data.link).toBeNull();
  });
});

describe('a project link', () => {
  it('takes only http(s)', async () => {
    for (const url of [...unsafe, 'mailto:pm@example.com']) {
      const res = await call('POST', '/link', f.admin.key, { projectIdx: f.projectA, url });
      expect(res.statusCode, url).toBe(400);
    }
  });
});

describe('migration 0027: addresses stored before the rules', () => {
  /** The migration's hand-written block, as the migrator runs it (statements between breakpoints). */
  async function runDataFix() {
    const name = (await readdir(migrationsFolder)).find((file) => file.endsWith('_safe_content.sql'))!;
    const text = await readFile(join(migrationsFolder, name), 'utf8');
    const block = text.slice(text.indexOf('-- Hand-written data fix'));
    for (const statement of block.split('--> statement-breakpoint'))
      if (statement.replace(/--.*$/gm, '').trim()) await t.app.ctx.database.db.execute(sql.raw(statement));
  }

  it('clears unsafe story links (with their history and events), deletes unsafe project links, ends private public links', async () => {
    const bad = await newStory({ link: 'https://ok.example' });
    await call('PATCH', `/story/${bad.storyIdx}`, f.admin.key, { link: 'https://changed.example' });
    const good = await newStory({ link: 'mailto:pm@example.com' });
    const db = t.app.ctx.database.db;
    // As an earlier version stored them.
    await db.execute(sql`update story set link = 'javascript:alert(1)' where story_idx = ${bad.storyIdx}`);
    await db.execute(
      sql`update history set after = jsonb_set(after, '{link}', '"javascript:alert(2)"'), before = jsonb_set(coalesce(before, '{}'), '{link}', '"vbscript:x"') where story_idx = ${bad.storyIdx}`,
    );
    await db.execute(
      sql`update domain_event set payload = jsonb_set(payload, '{link}', '"javascript:alert(3)"') where payload->>'storyIdx' = ${String(bad.storyIdx)}`,
    );
    await db.execute(
      sql`insert into link (project_idx, url, created_by_idx) values (${f.projectA}, 'javascript:alert(4)', ${f.admin.memberIdx}), (${f.projectA}, 'https://kept.example', ${f.admin.memberIdx})`,
    );
    const doc = (await call('POST', '/document', f.admin.key, { projectIdx: f.projectA, title: 'D' })).json()
      .data;
    const { token } = (await call('POST', `/document/${doc.documentIdx}/public-link`, f.admin.key)).json()
      .data;
    await db.execute(sql`update document set visibility = 'private' where document_idx = ${doc.documentIdx}`);

    await runDataFix();

    expect((await call('GET', `/story/${bad.storyIdx}`, f.admin.key)).json().data.link).toBeNull();
    expect((await call('GET', `/story/${good.storyIdx}`, f.admin.key)).json().data.link).toBe(
      'mailto:pm@example.com',
    );
    const history = JSON.stringify(
      (await call('GET', `/history/story?storyIdx=${bad.storyIdx}`, f.admin.key)).json(),
    );
    expect(history).not.toMatch(/javascript:|vbscript:/);
    const events = await rowsOf<{ payload: unknown }>(sql`select payload from domain_event`);
    expect(JSON.stringify(events)).not.toMatch(/javascript:/);
    const links = JSON.stringify((await call('GET', `/link?projectIdx=${f.projectA}`, f.admin.key)).json());
    expect(links).not.toContain('javascript:');
    expect(links).toContain('https://kept.example');
    expect((await call('GET', `/public/document/${token}`)).statusCode).toBe(404);
    expect(
      await rowsOf(sql`select 1 from document_public_link where document_idx = ${doc.documentIdx}`),
    ).toEqual([]);
  });
});
