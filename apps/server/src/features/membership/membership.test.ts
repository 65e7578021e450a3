import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  latestLink,
  latestMail,
  projectsOf,
  signUp,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
type Session = Awaited<ReturnType<typeof signUp>>;
let admin: Session;
let lead: Session;
let dev: Session;
let stranger: Session;

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key?: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: key ? bearer(key) : {} });

const expireInvites = () =>
  t.database.db.execute(sql`update project_invitation set expires_at = now() - interval '1 minute'`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, 'admin@settings.test');
  lead = await signUp(t, 'lead@settings.test');
  dev = await signUp(t, 'dev@settings.test');
  stranger = await signUp(t, 'stranger@settings.test');
});
afterAll(async () => {
  await t?.close();
});

const listed = (key: string) => projectsOf(t, key);

describe('members', () => {
  it('changes role, lead and authority; the last admin stays', async () => {
    const p = await createProject(t, admin.key, 'Members');
    const leadRow = await addToProject(t, p, lead.memberIdx, 'depth1');
    const devRow = await addToProject(t, p, dev.memberIdx, 'depth2');
    const adminRow = (await t.app.services.projectRepo.findMembership(p, admin.memberIdx))!;

    const setLead = await req('PATCH', `/member-in-project/${devRow.memberInProjectIdx}`, admin.key, {
      depth1Idx: leadRow.memberInProjectIdx,
    });
    expect(setLead.statusCode).toBe(200);
    expect(setLead.json().data).toMatchObject({ role: 'depth2', depth1Idx: leadRow.memberInProjectIdx });
    const badLead = await req('PATCH', `/member-in-project/${devRow.memberInProjectIdx}`, admin.key, {
      depth1Idx: devRow.memberInProjectIdx,
    });
    expect(badLead.json().error.fieldErrors).toEqual({ depth1Idx: 'invalid' });
    expect(
      (await req('PATCH', `/member-in-project/${devRow.memberInProjectIdx}`, admin.key, {})).statusCode,
    ).toBe(400);
    expect(
      (
        await req('PATCH', `/member-in-project/${devRow.memberInProjectIdx}`, dev.key, { role: 'admin' })
      ).json().error.code,
    ).toBe('ADMIN_ONLY');
    expect((await req('PATCH', `/member-in-project/999999`, admin.key, { role: 'client' })).statusCode).toBe(
      404,
    );
    expect(
      (await req('PATCH', `/member-in-project/${devRow.memberInProjectIdx}`, undefined, { role: 'client' }))
        .statusCode,
    ).toBe(401);

    // Demoting the lead frees their team.
    await req('PATCH', `/member-in-project/${leadRow.memberInProjectIdx}`, admin.key, { role: 'depth2' });
    const list = (await req('GET', `/member-in-project?projectIdx=${p}`, admin.key)).json().data;
    expect(
      list.find((m: { memberInProjectIdx: number }) => m.memberInProjectIdx === devRow.memberInProjectIdx),
    ).toMatchObject({ depth1Idx: null });

    // Last admin: neither demoted nor removed, not even by themselves.
    const demote = await req('PATCH', `/member-in-project/${adminRow.memberInProjectIdx}`, admin.key, {
      role: 'depth1',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe('LAST_ADMIN');
    const remove = await req('DELETE', `/member-in-project/${adminRow.memberInProjectIdx}`, admin.key);
    expect(remove.json().error.code).toBe('LAST_ADMIN');

    // With a second admin, the first may step down.
    await req('PATCH', `/member-in-project/${leadRow.memberInProjectIdx}`, admin.key, { role: 'admin' });
    const stepDown = await req('PATCH', `/member-in-project/${adminRow.memberInProjectIdx}`, admin.key, {
      role: 'depth1',
    });
    expect(stepDown.json().data).toMatchObject({ role: 'depth1', isAdmin: false });

    // Removal; a member may also leave on their own.
    expect(
      (await req('DELETE', `/member-in-project/${devRow.memberInProjectIdx}`, admin.key)).json().error.code,
    ).toBe('ADMIN_ONLY');
    expect((await req('DELETE', `/member-in-project/${devRow.memberInProjectIdx}`, dev.key)).statusCode).toBe(
      200,
    );
    expect(await listed(dev.key)).not.toContain(p);
    expect(
      (await req('DELETE', `/member-in-project/${devRow.memberInProjectIdx}`, lead.key)).statusCode,
    ).toBe(404);
    expect(
      (await req('DELETE', `/member-in-project/${adminRow.memberInProjectIdx}`, lead.key)).statusCode,
    ).toBe(200);
  });
});

describe('can on the member list', () => {
  type Listed = { memberInProjectIdx: number; can: Record<string, boolean> };
  const canOf = async (key: string, p: number) => {
    const list = (await req('GET', `/member-in-project?projectIdx=${p}`, key)).json().data as Listed[];
    return (idx: number) => list.find((m) => m.memberInProjectIdx === idx)!.can;
  };

  it('answers per member what the caller may do, by the rules the writes apply', async () => {
    const client = await signUp(t, 'client-can@settings.test');
    const p = await createProject(t, admin.key, 'Member can');
    const adminRow = (await t.app.services.projectRepo.findMembership(p, admin.memberIdx))!;
    const leadRow = await addToProject(t, p, lead.memberIdx, 'depth1');
    const devRow = await addToProject(t, p, dev.memberIdx, 'depth2', {
      depth1Idx: leadRow.memberInProjectIdx,
    });
    const clientRow = await addToProject(t, p, client.memberIdx, 'client');

    // The admin manages everyone; the last holder of admin authority cannot be removed (LAST_ADMIN).
    const asAdmin = await canOf(admin.key, p);
    expect(asAdmin(adminRow.memberInProjectIdx)).toEqual({
      role: true,
      lead: false,
      authority: false, // the admin role holds it
      remove: false,
      beLead: false,
    });
    expect(asAdmin(leadRow.memberInProjectIdx)).toEqual({
      role: true,
      lead: false,
      authority: true,
      remove: true,
      beLead: true,
    });
    expect(asAdmin(devRow.memberInProjectIdx)).toMatchObject({ lead: true, authority: true, beLead: false });
    expect(asAdmin(clientRow.memberInProjectIdx)).toMatchObject({ lead: false, remove: true });
    expect(
      (await req('DELETE', `/member-in-project/${adminRow.memberInProjectIdx}`, admin.key)).json().error.code,
    ).toBe('LAST_ADMIN');

    // A depth1, a depth2 and a client change nobody; each may leave.
    for (const [key, self] of [
      [lead.key, leadRow.memberInProjectIdx],
      [dev.key, devRow.memberInProjectIdx],
      [client.key, clientRow.memberInProjectIdx],
    ] as const) {
      const of = await canOf(key, p);
      expect(of(self)).toMatchObject({ role: false, lead: false, authority: false, remove: true });
      for (const other of [adminRow, leadRow, devRow, clientRow].filter((r) => r.memberInProjectIdx !== self))
        expect(of(other.memberInProjectIdx)).toMatchObject({
          role: false,
          lead: false,
          authority: false,
          remove: false,
        });
    }
    // Which the server confirms.
    expect(
      (
        await req('PATCH', `/member-in-project/${devRow.memberInProjectIdx}`, lead.key, { depth1Idx: null })
      ).json().error.code,
    ).toBe('ADMIN_ONLY');

    // With a second holder of admin authority, the first may be removed.
    await req('PATCH', `/member-in-project/${leadRow.memberInProjectIdx}`, admin.key, { isAdmin: true });
    expect((await canOf(admin.key, p))(adminRow.memberInProjectIdx).remove).toBe(true);
  });
});

describe('invitations', () => {
  const invite = (p: number, email: string, role = 'client', key = admin.key) =>
    req('POST', '/member-in-project/invite', key, { projectIdx: p, email, role });

  it('mails a translated link; the invitee signs up and lands with the role', async () => {
    const p = await createProject(t, admin.key, 'Shop');
    const sent = await invite(p, 'New.Client@Settings.test');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({
      email: 'new.client@settings.test',
      role: 'client',
      status: 'pending',
    });
    const mail = await latestMail(t.config, 'new.client@settings.test');
    expect(mail?.subject).toContain('Shop');
    expect(mail?.text).toContain('admin');
    const { link, token } = await latestLink(t.config, 'new.client@settings.test');
    expect(link).toMatch(/^http:\/\/teamline\.test\/#\/verify\/invite\?token=/);

    const preview = await req('GET', `/member-in-project/invite?token=${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      projectIdx: p,
      projectName: 'Shop',
      inviterNickname: 'admin',
      role: 'client',
      status: 'pending',
    });

    const client = await signUp(t, 'new.client@settings.test');
    const accepted = await req('POST', '/member-in-project/invite/accept', client.key, { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ projectIdx: p, role: 'client', isClient: true });
    const roles = await req('GET', `/project/${p}/roles`, client.key);
    expect(roles.json().data.roles).toEqual([{ role: { name: 'client' } }]);

    // Single use.
    const again = await req('POST', '/member-in-project/invite/accept', client.key, { token });
    expect(again.json().error.code).toBe('INVITE_INVALID');
    expect((await req('GET', `/member-in-project/invite?token=${token}`)).json().data.status).toBe(
      'accepted',
    );
    const list = (await req('GET', `/member-in-project/invite/list?projectIdx=${p}`, admin.key)).json().data;
    expect(list[0]).toMatchObject({ status: 'accepted' });
    expect((await invite(p, 'new.client@settings.test')).json().error.code).toBe('ALREADY_MEMBER');
  });

  it('expired, revoked, resent, mismatched, already member, validation and access', async () => {
    const p = await createProject(t, admin.key, 'Rules');
    await addToProject(t, p, dev.memberIdx, 'depth2');

    const expiring = (await invite(p, stranger.email, 'depth1')).json().data;
    const { token: expiredToken } = await latestLink(t.config, stranger.email);
    await expireInvites();
    const expired = await req('POST', '/member-in-project/invite/accept', stranger.key, {
      token: expiredToken,
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('INVITE_EXPIRED');
    expect((await req('GET', `/member-in-project/invite?token=${expiredToken}`)).json().data.status).toBe(
      'expired',
    );

    // Resend: a new link, the old one dead.
    const resent = await req('POST', `/member-in-project/invite/${expiring.inviteIdx}/resend`, admin.key);
    expect(resent.statusCode).toBe(200);
    const { token: fresh } = await latestLink(t.config, stranger.email);
    expect(fresh).not.toBe(expiredToken);
    const old = await req('POST', '/member-in-project/invite/accept', stranger.key, { token: expiredToken });
    expect(old.json().error.code).toBe('INVITE_INVALID');

    // Wrong account.
    const mismatch = await req('POST', '/member-in-project/invite/accept', lead.key, { token: fresh });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().error.code).toBe('INVITE_EMAIL_MISMATCH');

    // Revoked.
    expect(
      (await req('DELETE', `/member-in-project/invite/${expiring.inviteIdx}`, admin.key)).json().data.status,
    ).toBe('revoked');
    const revoked = await req('POST', '/member-in-project/invite/accept', stranger.key, { token: fresh });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json().error.code).toBe('INVITE_INVALID');
    expect(
      (await req('POST', `/member-in-project/invite/${expiring.inviteIdx}/resend`, admin.key)).json().error
        .code,
    ).toBe('INVITE_INVALID');

    // Already a member when accepting.
    await invite(p, dev.email, 'depth2').then((r) => expect(r.json().error.code).toBe('ALREADY_MEMBER'));
    await invite(p, lead.email, 'depth1');
    const { token: leadToken } = await latestLink(t.config, lead.email);
    await addToProject(t, p, lead.memberIdx, 'depth1');
    const dup = await req('POST', '/member-in-project/invite/accept', lead.key, { token: leadToken });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('ALREADY_MEMBER');

    // Validation, unknown tokens, access.
    expect((await invite(p, 'not-an-email')).statusCode).toBe(400);
    expect((await invite(p, 'x@settings.test', 'owner')).statusCode).toBe(400);
    expect((await req('GET', '/member-in-project/invite?token=nope')).json().error.code).toBe(
      'INVITE_INVALID',
    );
    expect((await req('POST', '/member-in-project/invite/accept', stranger.key, {})).statusCode).toBe(400);
    expect(
      (await req('POST', '/member-in-project/invite/accept', undefined, { token: fresh })).statusCode,
    ).toBe(401);
    expect((await invite(p, 'x@settings.test', 'client', dev.key)).json().error.code).toBe('ADMIN_ONLY');
    expect((await invite(p, 'x@settings.test', 'client', stranger.key)).statusCode).toBe(403);
    expect((await req('GET', `/member-in-project/invite/list?projectIdx=${p}`, dev.key)).statusCode).toBe(
      403,
    );
    expect((await req('POST', '/member-in-project/invite/999999/resend', admin.key)).statusCode).toBe(404);
    expect(
      (await req('DELETE', `/member-in-project/invite/${expiring.inviteIdx}`, stranger.key)).statusCode,
    ).toBe(404);
  });
});
