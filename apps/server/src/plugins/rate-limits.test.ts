import { resources } from '@teamline/contract/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  bearer,
  createProject,
  createTestApp,
  latestLink,
  signUp,
  type TestApp,
} from '../test/test-app.js';

/*
 * Rate limits on, as in production; with TEST_REDIS_URL the counters live in Redis (the store every
 * instance of a deployment shares), under this file's own prefix.
 */
const limitsOn = { rateLimit: true, redisUrl: process.env.TEST_REDIS_URL };
const OFFICE = '10.20.0.1';

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;
const post = (t: TestApp, url: string, payload: unknown, remoteAddress: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress,
    ...(key ? { headers: bearer(key) } : {}),
  });
const login = (t: TestApp, email: string, password: string, remoteAddress: string) =>
  post(t, '/api/auth/login/general', { email, password }, remoteAddress);
const profile = (email: string) => ({
  password: PASSWORD,
  name: 'Colleague',
  nickname: email.split('@')[0]!.slice(0, 15),
  phone: '01012345678',
});
const statuses = (answers: Injected[]) => answers.map((a) => a.statusCode);

describe('an office behind one address (issue 30)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: limitsOn });
  });
  afterAll(() => t?.close());

  // Sixty-odd password hashes and thirty mails: slow on a busy machine, so a long timeout.
  it(
    'thirty invitees join from one address without a second mail, then all sign in',
    { timeout: 180_000 },
    async () => {
      const admin = await signUp(t, 'office-admin@example.com');
      const projectIdx = await createProject(t, admin.key, 'Office');
      const people = Array.from({ length: 30 }, (_, i) => `colleague${i + 1}@office.example`);
      for (const email of people) {
        const invited = await post(
          t,
          '/api/member-in-project/invite',
          { projectIdx, email, role: 'depth2' },
          '10.20.9.9',
          admin.key,
        );
        expect(invited.statusCode, email).toBe(201);
      }

      const keys = new Map<string, string>();
      for (const email of people) {
        // The invitation mail's link is all the proof of the address the join needs.
        const { token } = await latestLink(t.config, email);
        const ticket = await post(t, '/api/member-in-project/invite/verify', { token }, OFFICE);
        expect(ticket.statusCode, `${email} verify: ${ticket.body}`).toBe(200);
        expect(ticket.json().data.email).toBe(email);
        const joined = await post(
          t,
          '/api/member/join/general',
          { verifiedToken: ticket.json().data.verifiedToken, ...profile(email) },
          OFFICE,
        );
        expect(joined.statusCode, `${email} join: ${joined.body}`).toBe(201);
        const accepted = await post(
          t,
          '/api/member-in-project/invite/accept',
          { token },
          OFFICE,
          joined.json().data.key,
        );
        expect(accepted.statusCode, `${email} accept: ${accepted.body}`).toBe(200);
        expect(accepted.json().data.projectIdx).toBe(projectIdx);
        keys.set(email, joined.json().data.key);
      }
      // No join mail went out: the invitation was the only mail each invitee received.
      for (const email of people)
        expect((await latestLink(t.config, email)).link).toContain('/verify/invite');

      // Monday morning: everybody signs in from the office, a few mistype their password first.
      const mistypers = new Set(people.slice(0, 8));
      for (const email of people) {
        if (mistypers.has(email))
          expect((await login(t, email, 'not-my-password', OFFICE)).statusCode).toBe(401);
        const signedIn = await login(t, email, PASSWORD, OFFICE);
        expect(signedIn.statusCode, `${email} sign-in: ${signedIn.body}`).toBe(201);
      }
      const members = await t.app.inject({
        method: 'GET',
        url: `/api/member-in-project?projectIdx=${projectIdx}`,
        headers: bearer(admin.key),
      });
      expect(members.statusCode).toBe(200);
      expect(JSON.stringify(members.json().data)).toContain('colleague30');
    },
  );

  it('thirty people sign up by e-mail from one address', { timeout: 120_000 }, async () => {
    const address = '10.21.0.1';
    for (let i = 1; i <= 30; i++) {
      const email = `walk-in${i}@office.example`;
      expect((await post(t, '/api/auth/email', { email, purpose: 'join' }, address)).statusCode).toBe(201);
      const { token } = await latestLink(t.config, email);
      const verified = await post(t, '/api/auth/email/verify', { token }, address);
      expect(verified.statusCode, verified.body).toBe(200);
      const joined = await post(
        t,
        '/api/member/join/general',
        { verifiedToken: verified.json().data.verifiedToken, ...profile(email) },
        address,
      );
      expect(joined.statusCode, `${email}: ${joined.body}`).toBe(201);
    }
  });

  it(
    'sign-ins that work are not counted: fifty in a row from one address all get in',
    { timeout: 120_000 },
    async () => {
      const me = await signUp(t, 'often@office.example');
      const answers: number[] = [];
      for (let i = 0; i < 50; i++) answers.push((await login(t, me.email, PASSWORD, '10.22.0.1')).statusCode);
      expect(answers.every((s) => s === 201)).toBe(true);
    },
  );
});

describe('the ceiling of wrong passwords per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: limitsOn });
  });
  afterAll(() => t?.close());

  it('refuses with 429 RATE_LIMITED and Retry-After after 100 failures, also sent all at once', async () => {
    // Sent in parallel: every attempt is counted before its password is checked, so none slip past.
    const burst = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        login(t, `nobody${i}@example.com`, 'wrong-password-1', '10.1.0.1'),
      ),
    );
    const counts = statuses(burst);
    expect(counts.filter((s) => s === 401)).toHaveLength(100);
    expect(counts.filter((s) => s === 429)).toHaveLength(30);
    const limited = burst.find((a) => a.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(limited.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: resources.en.errors.RATE_LIMITED,
    });
    expect(resources.kr.errors.RATE_LIMITED).not.toBe(resources.en.errors.RATE_LIMITED);
    // Another address is not affected.
    expect((await login(t, 'nobody@example.com', 'wrong-password-1', '10.1.0.2')).statusCode).toBe(401);
  });

  it('a spoofed X-Forwarded-For does not move a client to a fresh bucket (TRUST_PROXY off)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 105; i++)
      answers.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login/general',
            payload: { email: `spoof${i}@example.com`, password: 'wrong-password-1' },
            remoteAddress: '10.2.0.1',
            headers: { 'x-forwarded-for': `198.18.0.${i + 1}` },
          })
        ).statusCode,
      );
    expect(answers.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { ...limitsOn, trustProxy: 1 } });
  });
  afterAll(() => t?.close());

  it('counts each client the proxy names in X-Forwarded-For, not the proxy', async () => {
    const through = (client: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login/general',
        payload: { email: `behind${i}@example.com`, password: 'wrong-password-1' },
        remoteAddress: '10.30.0.1',
        headers: { 'x-forwarded-for': client },
      });
    const first: number[] = [];
    for (let i = 0; i < 101; i++) first.push((await through('203.0.113.7', i)).statusCode);
    expect(first.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(first[100]).toBe(429);
    // Another client behind the same proxy still gets its own answer.
    expect((await through('203.0.113.8', 0)).statusCode).toBe(401);
  });
});

describe('limits that protect a person', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: limitsOn });
  });
  afterAll(() => t?.close());

  it('mails to one address: five per 15 minutes, from any number of client addresses', async () => {
    const mails: number[] = [];
    for (let i = 0; i < 7; i++)
      mails.push(
        (await post(t, '/api/member/find/password', { email: 'someone@example.com' }, `10.4.0.${i + 1}`))
          .statusCode,
      );
    expect(mails).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });

  it('find-id by name and phone is limited per person guessed', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 7; i++)
      answers.push(
        (await post(t, '/api/member/find/id', { name: 'Kim', phone: '01000000000' }, `10.5.0.${i + 1}`))
          .statusCode,
      );
    expect(answers).toEqual([404, 404, 404, 404, 404, 429, 429]);
  });

  it('limits wrong current passwords on password change per account', async () => {
    const me = await signUp(t, 'changer@example.com');
    const answers: number[] = [];
    for (let i = 0; i < 7; i++)
      answers.push(
        (
          await t.app.inject({
            method: 'PATCH',
            url: '/api/member/password',
            headers: bearer(me.key),
            payload: { currentPassword: 'not-the-password', password: 'another-pass-1' },
            remoteAddress: `10.6.0.${i + 1}`,
          })
        ).statusCode,
      );
    expect(answers.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(answers.slice(5)).toEqual([429, 429]);
  });

  it('sign-in links: five mails per address, answered alike whether or not it has an account', async () => {
    await signUp(t, 'linked@example.com');
    for (const email of ['linked@example.com', 'nobody-here@example.com']) {
      const answers: Injected[] = [];
      for (let i = 0; i < 6; i++)
        answers.push(await post(t, '/api/auth/login/link', { email }, `10.7.0.${i + 1}`));
      expect(statuses(answers)).toEqual([201, 201, 201, 201, 201, 429]);
      expect(answers[0]!.json()).toEqual({ data: {} });
    }
  });
});

describe('Redis keys per deployment (REDIS_PREFIX)', () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  // Three apps, each with its own fresh database: a long timeout.
  it.skipIf(!redisUrl)(
    'two deployments on one Redis count their clients apart',
    { timeout: 120_000 },
    async () => {
      const findId = (t: TestApp) =>
        post(t, '/api/member/find/id', { name: 'Lee', phone: '01099999999' }, '10.8.0.1');
      const prefix = `teamline:test:prefix-${Date.now()}`;
      const a = await createTestApp({ config: { ...limitsOn, redisPrefix: `${prefix}:a` } });
      const b = await createTestApp({ config: { ...limitsOn, redisPrefix: `${prefix}:b` } });
      const aAgain = await createTestApp({ config: { ...limitsOn, redisPrefix: `${prefix}:a` } });
      try {
        for (let i = 0; i < 5; i++) expect((await findId(a)).statusCode).toBe(404);
        expect((await findId(a)).statusCode).toBe(429);
        // Another deployment's counters are its own…
        expect((await findId(b)).statusCode).toBe(404);
        // …while a second instance of the same deployment shares them.
        expect((await findId(aAgain)).statusCode).toBe(429);
      } finally {
        await Promise.all([a.close(), b.close(), aAgain.close()]);
      }
    },
  );
});
