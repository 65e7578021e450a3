import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test/planning-fixture.js';
import {
  addToProject,
  createProject,
  createTestApp,
  PASSWORD,
  signUp,
  type TestApp,
} from '../../test/test-app.js';

/**
 * The last-admin rule under concurrency: real HTTP requests sent at the same moment (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL, where they run on separate connections and meet at the
 * project row lock). Each race runs a few rounds so both orders get their chance.
 */
let t: TestApp;
let call: ReturnType<typeof api>;
let round = 0;
const ROUNDS = 3;

beforeAll(async () => {
  t = await createTestApp();
  call = api(t);
});
afterAll(async () => {
  await t?.close();
});

/** A project with two admins (a created it, b is added as admin) and a plain member. */
async function twoAdmins(tag: string) {
  round += 1;
  const [a, b, dev] = await Promise.all(
    ['a', 'b', 'dev'].map((who) => signUp(t, `${tag}-${who}-${round}@race.test`)),
  );
  const projectIdx = await createProject(t, a!.key, `${tag} ${round}`);
  const aRow = (await t.app.services.projectRepo.findMembership(projectIdx, a!.memberIdx))!;
  const bRow = await addToProject(t, projectIdx, b!.memberIdx, 'admin', { isAdmin: true });
  await addToProject(t, projectIdx, dev!.memberIdx, 'depth2');
  return {
    projectIdx,
    a: { ...a!, mip: aRow.memberInProjectIdx },
    b: { ...b!, mip: bRow.memberInProjectIdx },
    dev: dev!,
  };
}

/** Members of the project who hold admin authority, read from the database after the race. */
async function adminsOf(projectIdx: number) {
  const rows = await t.app.services.membershipRepo.listActive(projectIdx);
  return rows.filter((m) => m.role === 'admin' || m.isAdmin).map((m) => m.memberIdx);
}

const codes = (responses: { statusCode: number; json(): { error?: { code: string } } }[]) =>
  responses.map((r) => (r.statusCode === 200 ? 200 : `${r.statusCode} ${r.json().error?.code}`)).sort();

describe('last admin under concurrency', () => {
  it('two admins step down at once: one succeeds, the other gets 409 LAST_ADMIN', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const { projectIdx, a, b } = await twoAdmins('stepdown');
      const results = await Promise.all([
        call('PATCH', `/member-in-project/${a.mip}`, a.key, { role: 'depth1' }),
        call('PATCH', `/member-in-project/${b.mip}`, b.key, { role: 'depth2' }),
      ]);
      expect(codes(results)).toEqual([200, '409 LAST_ADMIN']);
      // The refused one is still the admin.
      const kept = results[0].statusCode === 200 ? b : a;
      expect(await adminsOf(projectIdx)).toEqual([kept.memberIdx]);
    }
  });

  it('two admins demote each other at once: one succeeds, the loser has no authority left', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const { projectIdx, a, b } = await twoAdmins('mutual');
      const results = await Promise.all([
        call('PATCH', `/member-in-project/${b.mip}`, a.key, { role: 'depth1' }),
        call('PATCH', `/member-in-project/${a.mip}`, b.key, { role: 'depth1' }),
      ]);
      // The second request is checked after the first committed: its caller is no admin any more.
      expect(codes(results)).toEqual([200, '403 ADMIN_ONLY']);
      // The winner demoted the other and is the one admin left.
      const winner = results[0].statusCode === 200 ? a : b;
      expect(await adminsOf(projectIdx)).toEqual([winner.memberIdx]);
    }
  });

  it('one admin leaves while the other steps down: one succeeds, the other gets 409 LAST_ADMIN', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const { projectIdx, a, b } = await twoAdmins('leave');
      const results = await Promise.all([
        call('DELETE', `/member-in-project/${a.mip}`, a.key),
        call('PATCH', `/member-in-project/${b.mip}`, b.key, { role: 'client' }),
      ]);
      expect(codes(results)).toEqual([200, '409 LAST_ADMIN']);
      // The refused one is still the admin.
      const kept = results[0].statusCode === 200 ? b : a;
      expect(await adminsOf(projectIdx)).toEqual([kept.memberIdx]);
    }
  });

  it('an admin removes the other while being demoted by them: one admin always remains', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const { projectIdx, a, b } = await twoAdmins('remove');
      const [removal, demotion] = await Promise.all([
        call('DELETE', `/member-in-project/${b.mip}`, a.key),
        call('PATCH', `/member-in-project/${a.mip}`, b.key, { role: 'depth2' }),
      ]);
      // Whichever commits first wins, and the outcome follows from the winner: if the removal
      // won, b is gone (404) and a is the admin; if the demotion won, a is no admin any more (403).
      if (removal.statusCode === 200) {
        expect(codes([demotion])).toEqual(['404 MEMBER_IN_PROJECT_NOT_FOUND']);
        expect(await adminsOf(projectIdx)).toEqual([a.memberIdx]);
      } else {
        expect(codes([removal, demotion])).toEqual([200, '403 ADMIN_ONLY']);
        expect(await adminsOf(projectIdx)).toEqual([b.memberIdx]);
      }
    }
  });

  it('two admins withdraw their accounts at once: one succeeds, the other gets 409 LAST_ADMIN', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const { projectIdx, a, b, dev } = await twoAdmins('withdraw');
      const results = await Promise.all([
        call('DELETE', '/member', a.key, { password: PASSWORD }),
        call('DELETE', '/member', b.key, { password: PASSWORD }),
      ]);
      expect(codes(results)).toEqual([200, '409 LAST_ADMIN']);
      const refused = results.find((r) => r.statusCode === 409)!;
      expect(refused.json().error.details).toEqual({ projectIdxs: [projectIdx] });
      // The refused withdrawal changed nothing: that account is still there, still the admin.
      const kept = results[0].statusCode === 409 ? a : b;
      expect(await adminsOf(projectIdx)).toEqual([kept.memberIdx]);
      expect((await call('GET', '/member', kept.key)).statusCode).toBe(200);
      expect((await call('GET', `/member-in-project?projectIdx=${projectIdx}`, kept.key)).statusCode).toBe(
        200,
      );
      expect(
        (await call('GET', `/member-in-project?projectIdx=${projectIdx}`, dev.key)).json().data,
      ).toHaveLength(2);
    }
  });

  it('a withdrawal and a demotion of the other admin at once: one admin always remains', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const { projectIdx, a, b } = await twoAdmins('mixed');
      const [withdrawal, demotion] = await Promise.all([
        call('DELETE', '/member', a.key, { password: PASSWORD }),
        call('PATCH', `/member-in-project/${b.mip}`, b.key, { role: 'depth1' }),
      ]);
      expect(codes([withdrawal, demotion])).toEqual([200, '409 LAST_ADMIN']);
      const kept = withdrawal.statusCode === 200 ? b : a;
      expect(await adminsOf(projectIdx)).toEqual([kept.memberIdx]);
    }
  });
});

describe('withdrawal', () => {
  it('detaches the team the member led and removes them from every project in one go', async () => {
    round += 1;
    const [admin, lead, dev, other] = await Promise.all(
      ['admin', 'lead', 'dev', 'other'].map((who) => signUp(t, `team-${who}-${round}@race.test`)),
    );
    const p = await createProject(t, admin!.key, 'Team');
    const q = await createProject(t, other!.key, 'Other');
    const leadRow = await addToProject(t, p, lead!.memberIdx, 'depth1');
    const devRow = await addToProject(t, p, dev!.memberIdx, 'depth2', {
      depth1Idx: leadRow.memberInProjectIdx,
    });
    await addToProject(t, q, lead!.memberIdx, 'depth2');

    expect((await call('DELETE', '/member', lead!.key, { password: PASSWORD })).statusCode).toBe(200);

    const members = await t.app.services.membershipRepo.listActive(p);
    expect(members.map((m) => m.memberIdx)).not.toContain(lead!.memberIdx);
    expect(members.find((m) => m.memberInProjectIdx === devRow.memberInProjectIdx)).toMatchObject({
      depth1Idx: null,
    });
    expect(await t.app.services.membershipRepo.recordsOfMember(lead!.memberIdx)).toEqual([]);
  });

  it('a refused withdrawal leaves account, memberships and teams as they were', async () => {
    round += 1;
    const [admin, dev] = await Promise.all(
      ['admin', 'dev'].map((who) => signUp(t, `keep-${who}-${round}@race.test`)),
    );
    const p = await createProject(t, admin!.key, 'Keep');
    const q = await createProject(t, admin!.key, 'Solo');
    const devRow = await addToProject(t, p, dev!.memberIdx, 'depth2');

    const res = await call('DELETE', '/member', admin!.key, { password: PASSWORD });
    expect(res.statusCode).toBe(409);
    // Only the project with other members blocks; the solo project alone would not.
    expect(res.json().error).toMatchObject({ code: 'LAST_ADMIN', details: { projectIdxs: [p] } });
    expect((await call('GET', '/member', admin!.key)).statusCode).toBe(200);
    expect(
      (await t.app.services.membershipRepo.recordsOfMember(admin!.memberIdx)).map((m) => m.projectIdx),
    ).toEqual([p, q]);
    expect((await t.app.services.membershipRepo.findActive(p, [devRow.memberInProjectIdx])).length).toBe(1);
  });
});
