import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planningFixture, type PlanningFixture } from '../../test/planning-fixture.js';
import { CLIENT, call, recordsOf, verify } from '../../test/audit-support.js';
import { createTestApp, PASSWORD, type TestApp } from '../../test/test-app.js';

/**
 * Reading the audit log: a role change as admins see it (who, when, address, browser, what changed),
 * who may read which log, the filters, paging, the CSV, and the chain under concurrent appends.
 */
describe('audit log', () => {
  let t: TestApp;
  let f: PlanningFixture;
  let req: ReturnType<typeof call>;

  beforeAll(async () => {
    t = await createTestApp();
    f = await planningFixture(t, 'aud');
    req = call(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records a role change with its actor, address, browser, project and what changed', async () => {
    const res = await req('PATCH', `/member-in-project/${f.solo.mip}`, f.admin.key, { role: 'depth1' });
    expect(res.statusCode).toBe(200);
    const list = await req('GET', `/audit?projectIdx=${f.projectA}&kind=member.role_changed`, f.admin.key);
    expect(list.statusCode).toBe(200);
    const [record] = list.json().data.items;
    expect(record).toMatchObject({
      kind: 'member.role_changed',
      actor: { memberIdx: f.admin.memberIdx, nickname: 'aud-admin' },
      member: { memberIdx: f.solo.memberIdx, nickname: 'aud-solo' },
      projectIdx: f.projectA,
      target: { type: 'memberInProject', idx: f.solo.mip },
      changes: { role: { from: 'depth2', to: 'depth1' } },
      ip: CLIENT.remoteAddress,
      userAgent: CLIENT.userAgent,
    });
    expect(Date.parse(record.occurredAt)).not.toBeNaN();
  });

  it('a change that fails leaves no record (the record is in the change’s transaction)', async () => {
    const before = (await recordsOf(t, 'member')).length;
    // The last admin cannot be demoted: LAST_ADMIN rolls the whole transaction back.
    const res = await req('PATCH', `/member-in-project/${f.admin.mip}`, f.admin.key, { role: 'depth2' });
    expect(res.json().error.code).toBe('LAST_ADMIN');
    expect((await recordsOf(t, 'member')).length).toBe(before);
  });

  it('only the project’s admin authority reads its log and its CSV', async () => {
    const paths = [`/audit?projectIdx=${f.projectA}`, `/audit/export?projectIdx=${f.projectA}`];
    for (const path of paths) {
      expect((await req('GET', path)).statusCode).toBe(401);
      const member = await req('GET', path, f.dev.key);
      expect(member.statusCode).toBe(403);
      expect(member.json().error.code).toBe('ADMIN_ONLY');
      expect((await req('GET', path, f.client.key)).json().error.code).toBe('ADMIN_ONLY');
      // The admin of another project is a stranger here.
      const stranger = await req('GET', path, f.outsider.key);
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().error.code).toBe('PROJECT_ACCESS_DENIED');
    }
    expect((await req('GET', '/audit/me')).statusCode).toBe(401);
  });

  it('an admin of project B never sees project A’s records in B’s log', async () => {
    const b = await req('GET', `/audit?projectIdx=${f.projectB}`, f.outsider.key);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.items.every((r: { projectIdx: number }) => r.projectIdx === f.projectB)).toBe(true);
  });

  it('filters by person, kind or category and date, and pages 50 at a time', async () => {
    // 60 records of the lead (two writes of 30), then one of the client a day later.
    const entries = Array.from({ length: 30 }, (_, i) => ({
      kind: 'webhook.updated' as const,
      actorIdx: f.lead.memberIdx,
      projectIdx: f.projectA,
      target: { type: 'webhook' as const, idx: i + 1 },
      changes: { name: `hook ${i}` },
    }));
    await t.app.ctx.audit.record(t.database.db, entries);
    await t.app.ctx.audit.record(t.database.db, entries);
    const before = t.clock.now();
    t.clock.advanceMinutes(24 * 60);
    await t.app.ctx.audit.record(t.database.db, {
      kind: 'webhook.deleted',
      actorIdx: f.client.memberIdx,
      projectIdx: f.projectA,
      target: { type: 'webhook', idx: 99 },
      changes: { name: 'gone' },
    });
    // Back to now, or the access keys (minutes long) would have expired.
    t.clock.reset();
    const get = async (query: string) => {
      const res = await req('GET', `/audit?projectIdx=${f.projectA}&${query}`, f.admin.key);
      expect(res.statusCode).toBe(200);
      return res.json().data as { items: { kind: string; auditIdx: number }[]; total: number; page: number };
    };
    const lead = await get(`memberIdx=${f.lead.memberIdx}`);
    expect(lead.total).toBe(60);
    expect(lead.items).toHaveLength(50);
    const second = await get(`memberIdx=${f.lead.memberIdx}&page=2`);
    expect(second.items).toHaveLength(10);
    expect(second.page).toBe(2);
    // Newest first, and the pages do not overlap.
    const ids = [...lead.items, ...second.items].map((r) => r.auditIdx);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(60);

    expect((await get('kind=webhook')).total).toBe(61);
    expect((await get('kind=webhook.deleted')).total).toBe(1);
    const later = await get(
      `kind=webhook&from=${encodeURIComponent(new Date(before.getTime() + 1).toISOString())}`,
    );
    expect(later.items.map((r) => r.kind)).toEqual(['webhook.deleted']);
    const earlier = await get(`kind=webhook&to=${encodeURIComponent(before.toISOString())}`);
    expect(earlier.total).toBe(60);
    for (const query of ['kind=nonsense', 'from=yesterday', 'page=0']) {
      const bad = await req('GET', `/audit?projectIdx=${f.projectA}&${query}`, f.admin.key);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('every member reads their own account’s log; another’s address stays hidden there', async () => {
    const login = await req('POST', '/auth/login/general', undefined, {
      email: f.solo.email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(201);
    const own = await req('GET', '/audit/me', f.solo.key);
    expect(own.statusCode).toBe(200);
    const items = own.json().data.items as {
      kind: string;
      actor: { memberIdx: number } | null;
      ip: string | null;
      userAgent: string | null;
    }[];
    expect(items.every((r) => r.kind.startsWith('account.') || r.kind.startsWith('member.'))).toBe(true);
    // This browser was new to the account (the fixture signed in without a device mark).
    const signIn = items.find((r) => r.kind === 'account.signed_in_new_browser')!;
    expect(signIn).toMatchObject({ actor: { memberIdx: f.solo.memberIdx }, ip: CLIENT.remoteAddress });
    // The admin changed solo's role: solo sees that it happened, not the admin's address.
    const roleChange = items.find((r) => r.kind === 'member.role_changed')!;
    expect(roleChange).toMatchObject({ actor: { memberIdx: f.admin.memberIdx }, ip: null, userAgent: null });
    // Nobody else's sign-ins.
    const devs = await req('GET', '/audit/me', f.dev.key);
    expect(
      devs
        .json()
        .data.items.some(
          (r: { member: { memberIdx: number } | null }) => r.member?.memberIdx === f.solo.memberIdx,
        ),
    ).toBe(false);
  });

  it('downloads the filtered log as CSV in the reader’s language, guarding formula cells, and records the export', async () => {
    await req('PATCH', '/member', f.client.key, { nickname: '=HYPERLINK(1)' });
    await req('PATCH', `/member-in-project/${f.client.mip}`, f.admin.key, { isAdmin: true });
    const res = await req('GET', `/audit/export?projectIdx=${f.projectA}&kind=member&lang=kr`, f.admin.key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-\d+-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text.startsWith('\uFEFF기록 번호,시간 (UTC),종류,내용,변경')).toBe(true);
    const lines = text.trim().split('\r\n');
    // Header + the member records (two role changes), newest first.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('member.role_changed');
    expect(lines[1]).toContain("'=HYPERLINK(1)");
    expect(lines[1]).not.toMatch(/,=HYPERLINK/);
    expect(lines[1]).toContain('관리자 권한: 아니요 → 예');
    expect(lines[1]).toContain(CLIENT.userAgent);
    const [exported] = await recordsOf(t, 'audit.exported');
    expect(exported).toMatchObject({
      actorIdx: f.admin.memberIdx,
      projectIdx: f.projectA,
      ip: CLIENT.remoteAddress,
      changes: { count: 2, filters: { kind: 'member' } },
    });
  });

  it('twenty audited changes at once make one unbroken chain', async () => {
    const before = await verify(t);
    expect(before.ok).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        req('POST', '/member-in-project/invite', f.admin.key, {
          projectIdx: f.projectA,
          email: `parallel-${i}@example.com`,
          role: 'depth2',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const invited = await recordsOf(t, 'member.invited');
    expect(invited).toHaveLength(20);
    expect(new Set(invited.map((r) => r.changes.email)).size).toBe(20);
    const after = await verify(t);
    expect(after).toMatchObject({ ok: true });
    expect(after.records).toBe(before.records + 20);
  });
});
