import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToProject,
  bearer,
  createProject,
  createTestApp,
  latestMail,
  PASSWORD,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { createLocalPubSub } from '../../infra/pubsub.js';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let carol: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t, 'alice@example.com', {
    name: 'Alice',
    phone: '01000000001',
    birth: '19900102',
    gender: 'F',
  });
  bob = await signUp(t, 'bob@example.com', { name: 'Bob', phone: '01000000002', hopePrice: 300 });
  carol = await signUp(t, 'carol@example.com', { name: 'Carol', phone: '01000000003' });
  // Alice administers a project with Bob in it; Carol shares a project with Bob as a plain member.
  const shared = await createProject(t, alice.key, 'Shared');
  await addToProject(t, shared, bob.memberIdx, 'depth1');
  const other = await createProject(t, bob.key, 'Bob owns');
  await addToProject(t, other, carol.memberIdx, 'depth2');
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: key ? bearer(key) : {} });

describe('GET and PATCH /member', () => {
  it('returns the own profile', async () => {
    const res = await req('GET', '/api/member', alice.key);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      memberId: 'alice@example.com',
      email: 'alice@example.com',
      name: 'Alice',
      nickname: 'alice',
      colorCode: '#00D696',
      career: [],
      coupons: [],
      lang: 'en',
      birth: '19900102',
    });
    expect((await req('GET', '/api/member')).statusCode).toBe(401);
  });

  it('updates only the fields sent', async () => {
    // Read first, so the profile cache holds the old profile the change must replace.
    expect((await req('GET', '/api/member', alice.key)).json().data.job).not.toBe('Designer');
    const res = await req('PATCH', '/api/member', alice.key, {
      nickname: 'Ally',
      job: 'Designer',
      lang: 'kr',
      career: [{ startDt: '202001', endDt: '202112', company: 'Acme', level: 'Senior', salary: 50000 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      nickname: 'Ally',
      job: 'Designer',
      lang: 'kr',
      colorCode: '#00D696',
    });
    expect(res.json().data.career[0]).toMatchObject({ company: 'Acme', description: '' });
    const again = await req('PATCH', '/api/member', alice.key, { colorCode: '#3DB9F5' });
    expect(again.json().data).toMatchObject({ nickname: 'Ally', colorCode: '#3DB9F5', job: 'Designer' });
    expect(again.json().data.career).toHaveLength(1);
    expect((await req('GET', '/api/member', alice.key)).json().data).toMatchObject({
      nickname: 'Ally',
      colorCode: '#3DB9F5',
      lang: 'kr',
    });
  });

  it('refuses invalid fields and a career ending before it starts', async () => {
    const res = await req('PATCH', '/api/member', alice.key, {
      colorCode: 'green',
      nickname: 'x'.repeat(16),
      career: [{ startDt: '20200105', endDt: '20200101', company: 'Acme' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldErrors).toEqual({
      colorCode: 'colorCode',
      nickname: 'nicknameLength',
      'career.0.endDt': 'careerEndBeforeStart',
    });
    expect((await req('PATCH', '/api/member', undefined, { nickname: 'a' })).statusCode).toBe(401);
  });

  it('stores, clears and checks the birth date and gender the profile form sends', async () => {
    const set = await req('PATCH', '/api/member', carol.key, { birth: '19851231', gender: 'M' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ birth: '19851231', gender: 'M' });
    const refused = await req('PATCH', '/api/member', carol.key, { birth: '19850230', gender: 'X' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fieldErrors).toMatchObject({
      birth: 'dateFormat',
      gender: expect.any(String),
    });
    const cleared = await req('PATCH', '/api/member', carol.key, { birth: null, gender: null });
    expect(cleared.json().data).toMatchObject({ birth: null, gender: null });
  });

  it('accepts only an own uploaded image as profile picture', async () => {
    const res = await req('PATCH', '/api/member', alice.key, { profileFileIdx: 9999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('FILE_NOT_FOUND');
  });
});

describe('GET /member/profile', () => {
  it('shows contact fields to an admin of a shared project', async () => {
    const res = await req('GET', '/api/member/profile?memberId=bob@example.com', alice.key);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'bob@example.com',
      name: 'Bob',
      phone: '01000000002',
      hopePrice: 300,
      contactVisible: true,
    });
  });

  it('hides them from a non-admin, and accepts a numeric memberIdx', async () => {
    const res = await req('GET', `/api/member/profile?memberId=${bob.memberIdx}`, carol.key);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      memberIdx: bob.memberIdx,
      nickname: 'bob',
      email: null,
      memberId: null,
      name: null,
      phone: null,
      birth: null,
      gender: null,
      hopePrice: null,
      contactVisible: false,
    });
    // Carol shares a project with Bob (no admin there): she finds him by e-mail, without his contact.
    const byEmail = await req('GET', '/api/member/profile?memberId=bob@example.com', carol.key);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data).toMatchObject({ memberIdx: bob.memberIdx, phone: null, email: null });
  });

  it('an e-mail lookup by a stranger answers exactly as for an address without an account', async () => {
    // Alice shares no project with Carol: whether carol@example.com has an account is not hers to learn.
    const known = await req('GET', '/api/member/profile?memberId=carol@example.com', alice.key);
    const unknown = await req('GET', '/api/member/profile?memberId=nobody-here@example.com', alice.key);
    expect(known.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().error.code).toBe('MEMBER_NOT_FOUND');
    // The caller always finds themself, in any spelling of the address.
    const self = await req('GET', '/api/member/profile?memberId=Carol@Example.com', carol.key);
    expect(self.json().data).toMatchObject({ memberIdx: carol.memberIdx, contactVisible: true });
  });

  it('answers 404, 400 and 401', async () => {
    expect(
      (await req('GET', '/api/member/profile?memberId=ghost@example.com', alice.key)).json().error.code,
    ).toBe('MEMBER_NOT_FOUND');
    const missing = await req('GET', '/api/member/profile', alice.key);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fieldErrors).toHaveProperty('memberId');
    expect((await req('GET', '/api/member/profile?memberId=1')).statusCode).toBe(401);
  });
});

describe('account recovery', () => {
  it('finds a masked id by name and phone', async () => {
    const res = await req('POST', '/api/member/find/id', undefined, { name: 'Bob', phone: '01000000002' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('bo*@example.com');
    const none = await req('POST', '/api/member/find/id', undefined, { name: 'Bob', phone: '0999' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('FIND_ID_NO_MATCH');
    const bad = await req('POST', '/api/member/find/id', undefined, { name: '', phone: 'abc' });
    expect(bad.json().error.fieldErrors).toEqual({ name: 'required', phone: 'phoneDigits' });
  });

  it('answers 201 for an unknown address but sends nothing', async () => {
    const res = await req('POST', '/api/member/find/password', undefined, { email: 'unknown@example.com' });
    expect(res.statusCode).toBe(201);
    expect(await latestMail(t.config, 'unknown@example.com')).toBeNull();
    const bad = await req('POST', '/api/member/find/password', undefined, { email: 'bad' });
    expect(bad.json().error.code).toBe('INVALID_EMAIL');
  });

  it('mails the reset link in the member’s language and refuses a bad token', async () => {
    const kr = await signUp(t, 'kr@example.com', { lang: 'kr' });
    expect(kr.key).toBeTruthy();
    await req('POST', '/api/auth/email', undefined, { email: 'kr@example.com', purpose: 'password' });
    expect((await latestMail(t.config, 'kr@example.com'))?.subject).toBe('Teamline 비밀번호 재설정');
    const res = await req('POST', '/api/member/password/reset', undefined, {
      token: 'bad',
      password: 'new-password-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('PASSWORD_RESET_FAILED');
    const short = await req('POST', '/api/member/password/reset', undefined, {
      token: 'bad',
      password: 'short',
    });
    expect(short.json().error.fieldErrors).toEqual({ password: 'passwordLength' });
  });
});

describe('PATCH /member/password and DELETE /member', () => {
  it('changes the password with the current one', async () => {
    const s = await signUp(t, 'change@example.com');
    const wrong = await req('PATCH', '/api/member/password', s.key, {
      currentPassword: 'nope',
      password: 'another-pass-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('AUTH_INCORRECT_PASSWORD');
    const ok = await req('PATCH', '/api/member/password', s.key, {
      currentPassword: PASSWORD,
      password: 'another-pass-1',
    });
    expect(ok.statusCode).toBe(200);
    const login = await req('POST', '/api/auth/login/general', undefined, {
      email: 'change@example.com',
      password: 'another-pass-1',
    });
    expect(login.statusCode).toBe(201);
    expect((await req('PATCH', '/api/member/password', undefined, {})).statusCode).toBe(401);
    expect((await req('PATCH', '/api/member/password', s.key, {})).statusCode).toBe(400);
  });

  it('a password change signs out every other session of the account; the current one goes on', async () => {
    const here = await signUp(t, 'thief-out@example.com');
    // Someone else signed in with the old password (the reason people change it).
    const elsewhere = (
      await req('POST', '/api/auth/login/general', undefined, {
        email: 'thief-out@example.com',
        password: PASSWORD,
      })
    ).json().data;
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) });
    expect((await req('GET', '/api/member', elsewhere.key)).statusCode).toBe(200);

    const changed = await req('PATCH', '/api/member/password', here.key, {
      currentPassword: PASSWORD,
      password: 'brand-new-pass-1',
    });
    expect(changed.statusCode).toBe(200);
    expect((await req('GET', '/api/member', elsewhere.key)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh)).json().error.code).toBe('AUTH_SESSION_EXPIRED');
    expect((await req('GET', '/api/member', here.key)).statusCode).toBe(200);
    const renewed = await refresh(here.refresh);
    expect(renewed.statusCode).toBe(201);
    expect((await req('GET', '/api/member', renewed.json().data.key)).statusCode).toBe(200);
  });

  it('refuses to withdraw the last admin of a project with other members', async () => {
    const boss = await signUp(t, 'boss@example.com');
    const projectIdx = await createProject(t, boss.key, 'Orphan risk');
    await addToProject(t, projectIdx, carol.memberIdx, 'depth1');
    const res = await req('DELETE', '/api/member', boss.key, { password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'LAST_ADMIN', details: { projectIdxs: [projectIdx] } });
    await addToProject(t, projectIdx, carol.memberIdx, 'admin');
    expect((await req('DELETE', '/api/member', boss.key, { password: PASSWORD })).statusCode).toBe(200);
  });

  it('withdraws: sessions end, login finds no account, the e-mail can register again', async () => {
    const s = await signUp(t, 'leaver@example.com');
    const wrong = await req('DELETE', '/api/member', s.key, { password: 'wrong-password' });
    expect(wrong.json().error.code).toBe('AUTH_INCORRECT_PASSWORD');
    expect((await req('DELETE', '/api/member', s.key, {})).statusCode).toBe(400);
    // The e-mail confirms only an account without a password.
    const byEmail = await req('DELETE', '/api/member', s.key, { email: 'leaver@example.com' });
    expect(byEmail.json().error.code).toBe('AUTH_INCORRECT_PASSWORD');
    const res = await req('DELETE', '/api/member', s.key, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await req('GET', '/api/member', s.key)).statusCode).toBe(401);
    const login = await req('POST', '/api/auth/login/general', undefined, {
      email: 'leaver@example.com',
      password: PASSWORD,
    });
    expect(login.json().error.code).toBe('AUTH_NO_ACCOUNT');
    expect((await req('GET', `/api/member/profile?memberId=${s.memberIdx}`, alice.key)).statusCode).toBe(404);
    const again = await signUp(t, 'leaver@example.com');
    expect(again.memberIdx).not.toBe(s.memberIdx);
  });
});

describe('GET /member on two instances of one database', () => {
  it('a profile change through one instance is read at once through the other', async () => {
    // One bus between the two: a Redis channel in the TEST_REDIS_URL pass, else one in-process bus.
    const config = { pubsubChannel: `member-test-${Date.now()}` };
    const overrides = process.env.TEST_REDIS_URL ? {} : { pubsub: createLocalPubSub() };
    const other = await createTestApp({ database: t.database, config, overrides });
    const first = await createTestApp({ database: t.database, config, overrides });
    try {
      const s = await signUp(first, 'twice@example.com');
      const read = async (app: TestApp) =>
        (await app.app.inject({ method: 'GET', url: '/api/member', headers: bearer(s.key) })).json().data;
      expect((await read(other)).job).toBeNull(); // now cached on the other instance
      const changed = await first.app.inject({
        method: 'PATCH',
        url: '/api/member',
        headers: bearer(s.key),
        payload: { job: 'Tester' },
      });
      expect(changed.statusCode).toBe(200);
      // Through Redis the message takes a few milliseconds to arrive; it is never the 60 s expiry.
      await expect.poll(async () => (await read(other)).job, { timeout: 2_000, interval: 20 }).toBe('Tester');
    } finally {
      await first.close();
      await other.close();
    }
  });
});
