import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import type { Membership } from '../../platform/authorization/authorization.js';
import { createMembershipCache, MEMBERSHIP_CACHE_MS } from './membership-cache.js';

const membership = (projectIdx: number, role: Membership['role'] = 'depth2'): Membership => ({
  projectIdx,
  memberInProjectIdx: projectIdx * 10,
  role,
  isAdmin: false,
  depth1Idx: null,
  projectStatus: 'ACTIVE',
});

describe('the membership cache', () => {
  /** A lookup that counts its calls and answers from `rows` (projectIdx:memberIdx). */
  const database = (rows: Map<string, Membership>) => {
    const asked: string[] = [];
    return {
      asked,
      find: async (projectIdx: number, memberIdx: number) => {
        asked.push(`${projectIdx}:${memberIdx}`);
        return rows.get(`${projectIdx}:${memberIdx}`) ?? null;
      },
    };
  };

  it('answers a member from memory until the project changes, and a stranger always from the database', async () => {
    const rows = new Map([['1:7', membership(1)]]);
    const db = database(rows);
    const find = createMembershipCache().lookup(db.find);
    expect(await find(1, 7)).toEqual(membership(1));
    expect(await find(1, 7)).toEqual(membership(1));
    expect(await find(2, 7)).toBeNull();
    expect(await find(2, 7)).toBeNull();
    expect(db.asked).toEqual(['1:7', '2:7', '2:7']);
  });

  it('drops only the changed project, and hands out copies', async () => {
    const rows = new Map([
      ['1:7', membership(1)],
      ['2:7', membership(2)],
    ]);
    const db = database(rows);
    const cache = createMembershipCache();
    const find = cache.lookup(db.find);
    const first = (await find(1, 7))!;
    await find(2, 7);
    first.role = 'admin';
    expect((await find(1, 7))!.role).toBe('depth2');

    rows.set('1:7', membership(1, 'client'));
    cache.forgetProject(1);
    expect((await find(1, 7))!.role).toBe('client');
    expect((await find(2, 7))!.role).toBe('depth2');
    expect(db.asked).toEqual(['1:7', '2:7', '1:7']);
  });

  it('keeps nothing a change overtook: a lookup on its way when the notice came is asked again', async () => {
    const rows = new Map([['1:7', membership(1)]]);
    const cache = createMembershipCache();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const find = cache.lookup(async (p: number, m: number) => {
      calls++;
      const before = rows.get(`${p}:${m}`) ?? null; // read before the change commits
      if (calls === 1) await gate;
      return before;
    });
    const racing = find(1, 7);
    rows.delete('1:7');
    cache.forgetProject(1); // the removal's notice arrives while the first lookup is out
    release();
    expect(await racing).not.toBeNull(); // that request was decided on what it read
    expect(await find(1, 7)).toBeNull(); // the next one is not answered from a stale entry
    expect(calls).toBe(2);
  });

  it('asks again after MEMBERSHIP_CACHE_MS, should a notice ever be missed', async () => {
    let now = 1_000;
    const rows = new Map([['1:7', membership(1)]]);
    const db = database(rows);
    const find = createMembershipCache(() => now).lookup(db.find);
    await find(1, 7);
    now += MEMBERSHIP_CACHE_MS - 1;
    await find(1, 7);
    now += 1;
    await find(1, 7);
    expect(db.asked).toEqual(['1:7', '1:7']);
  });
});

describe('authorization on the embedded database', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let dev: Awaited<ReturnType<typeof signUp>>;
  let projectIdx: number;
  let devRecord: number;
  const timeline = (key: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/milestone/timeline?projectIdx=${projectIdx}`,
      headers: bearer(key),
    });
  const code = async (key: string) => {
    const res = await timeline(key);
    return res.statusCode === 200 ? 200 : res.json<{ error: { code: string } }>().error.code;
  };
  const run = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, 'admin@membership-cache.test');
    dev = await signUp(t, 'dev@membership-cache.test');
    projectIdx = await createProject(t, admin.key, 'Cached');
    devRecord = (await addToProject(t, projectIdx, dev.memberIdx, 'depth2')).memberInProjectIdx;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is kept in memory on PGlite only (a PostgreSQL server answers the lookup itself)', async () => {
    expect(await code(dev.key)).toBe(200);
    if (t.database.kind === 'pglite') expect(t.app.ctx.projectCaches!.size('membership')).toBeGreaterThan(0);
    else expect(t.app.ctx.projectCaches).toBeUndefined();
  });

  it('refuses at once after any writer removes, deactivates or deletes, and admits again after a restore', async () => {
    // Raw SQL, not the services: the database's triggers, not the code paths, drop the kept answer.
    expect(await code(dev.key)).toBe(200);
    await run(
      sql`update member_in_project set removed_at = now() where member_in_project_idx = ${devRecord}`,
    );
    expect(await code(dev.key)).toBe('PROJECT_ACCESS_DENIED');
    await run(sql`update member_in_project set removed_at = null where member_in_project_idx = ${devRecord}`);
    expect(await code(dev.key)).toBe(200);

    await run(sql`update project set status = 'INACTIVE' where project_idx = ${projectIdx}`);
    expect(await code(dev.key)).toBe('PROJECT_INACTIVE');
    await run(sql`update project set status = 'ACTIVE' where project_idx = ${projectIdx}`);
    expect(await code(dev.key)).toBe(200);

    await run(sql`update project set del_yn = 'Y' where project_idx = ${projectIdx}`);
    expect(await code(dev.key)).toBe('PROJECT_ACCESS_DENIED');
    await run(sql`update project set del_yn = 'N' where project_idx = ${projectIdx}`);
    expect(await code(dev.key)).toBe(200);
  });

  it('sees a role change made through the API on the next request', async () => {
    const createMilestone = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/milestone',
        headers: bearer(dev.key),
        payload: { projectIdx, title: 'By dev' },
      });
    expect((await createMilestone()).statusCode).toBe(201);
    const demoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/member-in-project/${devRecord}`,
      headers: bearer(admin.key),
      payload: { role: 'client' },
    });
    expect(demoted.statusCode).toBe(200);
    const asClient = await createMilestone();
    expect(asClient.statusCode).toBe(403);
  });

  it('serves kept answers without the database when no notice comes (so the notices are what keep it true)', async () => {
    if (t.database.kind !== 'pglite') return;
    expect(await code(dev.key)).toBe(200);
    // Replica mode skips the triggers: a change made this way is unheard, and the kept answer stands.
    await run(sql`set session_replication_role = replica`);
    try {
      await run(
        sql`update member_in_project set removed_at = now() where member_in_project_idx = ${devRecord}`,
      );
      expect(await code(dev.key)).toBe(200);
    } finally {
      await run(sql`set session_replication_role = origin`);
      await run(
        sql`update member_in_project set removed_at = null where member_in_project_idx = ${devRecord}`,
      );
    }
  });
});
