import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { HISTORY_CACHE_MAX_RECORDS } from './history-cache.js';

let t: TestApp;
let f: PlanningFixture;
let call: ReturnType<typeof api>;
let storyIdx: number;
type Item = { historyIdx: number; type: number; actor: { nickname: string } | null };

const run = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);
const history = async (key = f.admin.key): Promise<Item[]> => {
  const res = await call('GET', `/history/story?storyIdx=${storyIdx}`, key);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Item[] }>().data;
};
/** A record of the story written with raw SQL: the database's triggers, not the services, are heard. */
const writeRecord = (type = 1) =>
  run(sql`insert into history (project_idx, story_idx, type, actor_idx, after)
          values (${f.projectA}, ${storyIdx}, ${type}, ${f.admin.mip}, '{"title":"raw"}'::jsonb)`);
/** Runs `change` with the triggers skipped (replica mode): its notices are never sent. */
const unheard = async (change: () => Promise<unknown>) => {
  await run(sql`set session_replication_role = replica`);
  try {
    await change();
  } finally {
    await run(sql`set session_replication_role = origin`);
  }
};

beforeAll(async () => {
  t = await createTestApp();
  f = await planningFixture(t, 'hc');
  call = api(t);
  const milestoneIdx = (
    await call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title: 'M' })
  ).json<{
    data: { milestoneIdx: number };
  }>().data.milestoneIdx;
  storyIdx = (
    await call('POST', '/story', f.admin.key, { projectIdx: f.projectA, milestoneIdx, title: 'Kept' })
  ).json<{ data: { storyIdx: number } }>().data.storyIdx;
});
afterAll(async () => {
  await t?.close();
});

describe('history lists kept in memory', () => {
  it('are kept on PGlite only (a PostgreSQL server answers the list itself)', async () => {
    expect((await history()).length).toBeGreaterThan(0);
    if (t.database.kind === 'pglite') expect(t.app.ctx.projectCaches!.size('history')).toBeGreaterThan(0);
    else expect(t.app.ctx.projectCaches).toBeUndefined();
  });

  it('show a change made through the API on the next read', async () => {
    const before = await history();
    expect((await call('PATCH', `/story/${storyIdx}`, f.admin.key, { title: 'Renamed' })).statusCode).toBe(
      200,
    );
    const after = await history();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]!.historyIdx).toBeGreaterThan(before[0]!.historyIdx);
  });

  it('show a record any writer adds, and an author renamed, on the next read', async () => {
    const before = await history();
    await writeRecord();
    const after = await history();
    expect(after).toHaveLength(before.length + 1);

    await run(sql`update member set nickname = 'renamed-admin' where member_idx = ${f.admin.memberIdx}`);
    expect((await history())[0]!.actor?.nickname).toBe('renamed-admin');
  });

  it('still refuse a stranger a list kept for members', async () => {
    await history();
    const res = await call('GET', `/history/story?storyIdx=${storyIdx}`, f.outsider.key);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('STORY_NOT_FOUND');
  });

  it('are served from memory when no notice comes (so the notices are what keep them true)', async () => {
    if (t.database.kind !== 'pglite') return;
    const kept = await history();
    await unheard(() => writeRecord());
    expect(await history()).toEqual(kept);
    await writeRecord(); // heard: drops the list
    expect(await history()).toHaveLength(kept.length + 2);
  });

  it(`keep no list longer than ${HISTORY_CACHE_MAX_RECORDS} records (a bound on the memory)`, async () => {
    if (t.database.kind !== 'pglite') return;
    while ((await history()).length <= HISTORY_CACHE_MAX_RECORDS) await writeRecord();
    const long = await history();
    await unheard(() => writeRecord());
    expect(await history()).toHaveLength(long.length + 1);
  });
});
