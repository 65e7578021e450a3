import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  projectsOf,
  signUp,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
type Session = Awaited<ReturnType<typeof signUp>>;
let admin: Session;
let dev: Session;
let stranger: Session;

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key?: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: key ? bearer(key) : {} });

/** Moves a stored instant back in time (moving the clock would also expire the access keys). */
const ageProject = (p: number, days: number) =>
  t.database.db.execute(
    sql`update project set deleted_at = deleted_at - make_interval(days => ${days}) where project_idx = ${p}`,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, 'admin@settings.test');
  dev = await signUp(t, 'dev@settings.test');
  stranger = await signUp(t, 'stranger@settings.test');
});
afterAll(async () => {
  await t?.close();
});

const listed = (key: string) => projectsOf(t, key);

describe('general settings', () => {
  it('reads and updates name, dates and description; validates; 401/403', async () => {
    const p = await createProject(t, admin.key, 'General');
    await addToProject(t, p, dev.memberIdx, 'depth2');
    const ok = await req('PATCH', `/project/${p}`, admin.key, {
      name: ' Renamed ',
      description: 'About it',
      startDt: '20260101',
      endDt: '20260301',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Renamed', description: 'About it', endDt: '20260301' });
    expect((await req('GET', `/project/${p}`, dev.key)).json().data.description).toBe('About it');
    const bad = await req('PATCH', `/project/${p}`, admin.key, { endDt: '20251231' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toEqual({ endDt: 'endBeforeStart' });
    const empty = await req('PATCH', `/project/${p}`, admin.key, { name: '' });
    expect(empty.json().error.fieldErrors).toEqual({ name: 'required' });
    expect((await req('PATCH', `/project/${p}`, undefined, { name: 'x' })).statusCode).toBe(401);
    const denied = await req('PATCH', `/project/${p}`, dev.key, { name: 'x' });
    expect(denied.json().error.code).toBe('ADMIN_ONLY');
    expect((await req('PATCH', `/project/abc`, admin.key, { name: 'x' })).statusCode).toBe(400);
  });
});

describe('delete and restore', () => {
  it('needs the typed name, leaves every list, restores within 30 days only', async () => {
    const p = await createProject(t, admin.key, 'Doomed');
    await addToProject(t, p, dev.memberIdx, 'depth2');
    const wrong = await req('DELETE', `/project/${p}`, admin.key, { confirmName: 'doomed' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fieldErrors).toEqual({ confirmName: 'nameMismatch' });
    expect((await req('DELETE', `/project/${p}`, admin.key, {})).statusCode).toBe(400);
    expect((await req('DELETE', `/project/${p}`, dev.key, { confirmName: 'Doomed' })).json().error.code).toBe(
      'ADMIN_ONLY',
    );
    expect((await req('DELETE', `/project/${p}`, admin.key, { confirmName: 'Doomed' })).statusCode).toBe(200);
    expect(await listed(admin.key)).not.toContain(p);
    expect(await listed(dev.key)).not.toContain(p);
    // Members of a deleted project are strangers to it until it is restored.
    expect((await req('GET', `/project/${p}/roles`, dev.key)).json().error.code).toBe(
      'PROJECT_ACCESS_DENIED',
    );

    const deleted = (await req('GET', '/project/deleted', admin.key)).json().data;
    expect(deleted).toEqual([expect.objectContaining({ projectIdx: p, name: 'Doomed' })]);
    expect((await req('GET', '/project/deleted', dev.key)).json().data).toEqual([]);
    expect((await req('POST', `/project/${p}/restore`, dev.key)).json().error.code).toBe('ADMIN_ONLY');
    expect((await req('POST', `/project/${p}/restore`, stranger.key)).statusCode).toBe(403);

    await ageProject(p, 29);
    const restored = await req('POST', `/project/${p}/restore`, admin.key);
    expect(restored.statusCode).toBe(200);
    expect(await listed(dev.key)).toContain(p);
    expect((await req('POST', `/project/${p}/restore`, admin.key)).json().error.code).toBe(
      'PROJECT_NOT_FOUND',
    );

    await req('DELETE', `/project/${p}`, admin.key, { confirmName: 'Doomed' });
    await ageProject(p, 31);
    const late = await req('POST', `/project/${p}/restore`, admin.key);
    expect((await req('GET', '/project/deleted', admin.key)).json().data).toEqual([]);
    expect(late.statusCode).toBe(404);
    expect(await listed(admin.key)).not.toContain(p);
  });
});
