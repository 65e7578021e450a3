import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../../test/statements.js';
import { bearer, createProject, createTestApp, signUp, type TestApp } from '../../test/test-app.js';
import { cachedPlanningVersions, createPlanningVersionCache } from './planning-version-cache.js';

describe('the planning version cache', () => {
  it('asks the database once per project until the version moves, and keeps nothing a change overtook', async () => {
    const versions = new Map([
      [1, 4],
      [2, 9],
    ]);
    const asked: number[] = [];
    let gate: Promise<void> | null = null;
    const cache = createPlanningVersionCache();
    const reader = cachedPlanningVersions(
      {
        current: async (projectIdx: number) => {
          asked.push(projectIdx);
          const version = versions.get(projectIdx)!; // read before a change commits
          if (gate) await gate;
          return version;
        },
      },
      cache,
    );
    expect([await reader.current(1), await reader.current(1), await reader.current(2)]).toEqual([4, 4, 9]);
    expect(asked).toEqual([1, 2]);

    versions.set(1, 5);
    cache.forgetProject(1);
    expect([await reader.current(1), await reader.current(2)]).toEqual([5, 9]);
    expect(asked).toEqual([1, 2, 1]);

    // A read on its way when the notice came answers what it read, and is not kept.
    let release!: () => void;
    gate = new Promise<void>((r) => (release = r));
    cache.forgetProject(1);
    const racing = reader.current(1);
    versions.set(1, 6);
    cache.forgetProject(1);
    release();
    expect(await racing).toBe(5);
    gate = null;
    expect(await reader.current(1)).toBe(6);
  });

  it('is the repository itself when no cache is given (PostgreSQL)', () => {
    const versions = { current: async () => 1, bump: async () => 2 };
    expect(cachedPlanningVersions(versions, undefined)).toBe(versions);
  });
});

describe('timeline reads and the planning version on the embedded database', () => {
  let t: TestApp;
  let key: string;
  let projectIdx: number;
  const timeline = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/milestone/timeline?projectIdx=${projectIdx}`,
      headers: bearer(key),
    });
    expect(res.statusCode).toBe(200);
    return String(res.headers.etag);
  };
  const run = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signUp(t, 'admin@planning-version-cache.test');
    key = admin.key;
    projectIdx = await createProject(t, key, 'Versioned');
    const milestone = await t.app.inject({
      method: 'POST',
      url: '/api/milestone',
      headers: bearer(key),
      payload: { projectIdx, title: 'First' },
    });
    expect(milestone.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a repeated read without a statement on PGlite; PostgreSQL reads the version each time', async () => {
    await timeline();
    const statements = await statementsOf(t.app, timeline);
    if (t.database.kind === 'pglite') expect(statements).toEqual([]);
    else expect(statements.some((s) => s.includes('planning_version'))).toBe(true);
  });

  it('serves the new version at once after any writer moves it (raw SQL: the trigger, not the code, tells)', async () => {
    const before = await timeline();
    await run(sql`update planning_version set version = version + 1 where project_idx = ${projectIdx}`);
    const after = await timeline();
    expect(after).not.toBe(before);
    expect(await timeline()).toBe(after);
  });

  it('serves the kept version when no notice comes (so the notices are what keep it true)', async () => {
    if (t.database.kind !== 'pglite') return;
    const before = await timeline();
    // Replica mode skips the triggers: a change made this way is unheard, and the kept version stands.
    await run(sql`set session_replication_role = replica`);
    try {
      await run(sql`update planning_version set version = version + 1 where project_idx = ${projectIdx}`);
      expect(await timeline()).toBe(before);
    } finally {
      await run(sql`set session_replication_role = origin`);
    }
  });
});
