import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  latestLink,
  latestMail,
  PASSWORD,
  signUp,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const login = (email: string, password: string) => post('/api/auth/login/general', { email, password });

describe('POST /auth/email and /auth/email/verify', () => {
  it('mails a join link in the requested language and verifies it once', async () => {
    const res = await post('/api/auth/email', { email: 'Join.One@Example.com', purpose: 'join', lang: 'kr' });
    expect(res.statusCode).toBe(201);
    const mail = await latestMail(t.config, 'join.one@example.com');
    expect(mail?.subject).toBe('Teamline 이메일 인증');
    const { link, token } = await latestLink(t.config, 'join.one@example.com');
    expect(link.startsWith('http://teamline.test/#/verify/email?token=')).toBe(true);

    const verified = await post('/api/auth/email/verify', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.email).toBe('join.one@example.com');
    expect(verified.json().data.verifiedToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await post('/api/auth/email/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('EMAIL_AUTH_FAILED');
  });

  it('uses Accept-Language when no lang is given, else English', async () => {
    await post(
      '/api/auth/email',
      { email: 'vi@example.com', purpose: 'join' },
      { 'accept-language': 'vi-VN' },
    );
    expect((await latestMail(t.config, 'vi@example.com'))?.subject).toBe(
      'Xác nhận email của bạn cho Teamline',
    );
    await post('/api/auth/email', { email: 'en@example.com', purpose: 'join' });
    expect((await latestMail(t.config, 'en@example.com'))?.subject).toBe('Confirm your email for Teamline');
  });

  it('refuses a bad e-mail with INVALID_EMAIL and a bad purpose with fieldErrors', async () => {
    const bad = await post('/api/auth/email', { email: 'not-an-email', purpose: 'join' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_EMAIL');
    expect(bad.json().error.fieldErrors.email).toBe('emailFormat');
    const purpose = await post('/api/auth/email', { email: 'a@example.com', purpose: 'other' });
    expect(purpose.statusCode).toBe(400);
    expect(purpose.json().error.code).toBe('VALIDATION_FAILED');
    expect(purpose.json().error.fieldErrors).toHaveProperty('purpose');
  });

  it('expires a link after 30 minutes', async () => {
    await post('/api/auth/email', { email: 'late@example.com', purpose: 'join' });
    const { token } = await latestLink(t.config, 'late@example.com');
    t.clock.advanceMinutes(31);
    try {
      const res = await post('/api/auth/email/verify', { token });
      expect(res.json().error.code).toBe('EMAIL_AUTH_FAILED');
    } finally {
      t.clock.reset();
    }
  });

  it('throttles link mails to one address', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/api/auth/email', { email: 'flood@example.com', purpose: 'join' })).statusCode,
      ).toBe(201);
    const sixth = await post('/api/auth/email', { email: 'flood@example.com', purpose: 'join' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('RATE_LIMITED');
    expect((await latestMail(t.config, 'flood@example.com'))?.count).toBe(5);
    t.clock.advanceMinutes(16);
    try {
      expect(
        (await post('/api/auth/email', { email: 'flood@example.com', purpose: 'join' })).statusCode,
      ).toBe(201);
    } finally {
      t.clock.reset();
    }
  });

  it('rejects an unknown token', async () => {
    const res = await post('/api/auth/email/verify', { token: 'made-up' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('EMAIL_AUTH_FAILED');
  });
});

describe('POST /member/join/general', () => {
  it('joins once per verified token, and a registered e-mail cannot join again', async () => {
    await post('/api/auth/email', { email: 'joiner@example.com', purpose: 'join' });
    const { token } = await latestLink(t.config, 'joiner@example.com');
    const { verifiedToken } = (await post('/api/auth/email/verify', { token })).json().data;
    const body = { verifiedToken, password: PASSWORD, name: 'Kim', nickname: 'kim', phone: '01011112222' };
    const joined = await post('/api/member/join/general', body);
    expect(joined.statusCode).toBe(201);
    const tokens = joined.json().data;
    expect(Object.keys(tokens).sort()).toEqual(['expires', 'key', 'refresh']);
    expect(new Date(tokens.expires).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);

    const reused = await post('/api/member/join/general', body);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('JOIN_SESSION_EXPIRED');

    const dup = await post('/api/auth/email', { email: 'joiner@example.com', purpose: 'join' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('EMAIL_ALREADY_REGISTERED');
  });

  it('validates the form with translation keys', async () => {
    const res = await post('/api/member/join/general', {
      verifiedToken: 'x',
      password: 'short',
      name: 'a'.repeat(16),
      nickname: '',
      phone: '010-1234',
      career: [{ startDt: '202401', endDt: '202312', company: 'Acme' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: {
        password: 'passwordLength',
        name: 'nameLength',
        nickname: 'required',
        phone: 'phoneDigits',
        'career.0.endDt': 'careerEndBeforeStart',
      },
    });
  });

  it('expires the verified token after 30 minutes', async () => {
    await post('/api/auth/email', { email: 'slow@example.com', purpose: 'join' });
    const { token } = await latestLink(t.config, 'slow@example.com');
    const { verifiedToken } = (await post('/api/auth/email/verify', { token })).json().data;
    t.clock.advanceMinutes(31);
    try {
      const res = await post('/api/member/join/general', {
        verifiedToken,
        password: PASSWORD,
        name: 'Lee',
        nickname: 'lee',
        phone: '0101',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('JOIN_SESSION_EXPIRED');
    } finally {
      t.clock.reset();
    }
  });
});

describe('POST /auth/login/general', () => {
  it('signs in, and tells a wrong password from an unknown account', async () => {
    await signUp(t, 'login@example.com');
    const ok = await login('login@example.com', PASSWORD);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.key).toBeTruthy();
    const wrong = await login('login@example.com', 'wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('AUTH_INCORRECT_PASSWORD');
    const unknown = await login('nobody@example.com', PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('AUTH_NO_ACCOUNT');
    const invalid = await login('nope', '');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fieldErrors).toMatchObject({ password: 'required' });
  });

  it('a right password resets the counter of wrong ones', async () => {
    await signUp(t, 'counter@example.com');
    for (let i = 0; i < 4; i++)
      expect((await login('counter@example.com', 'wrong-password-1')).statusCode).toBe(401);
    expect((await login('counter@example.com', PASSWORD)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++)
      expect((await login('counter@example.com', 'wrong-password-1')).statusCode).toBe(401);
    expect((await login('counter@example.com', PASSWORD)).statusCode).toBe(201);
  });

  it('locks on the fifth wrong password until a reset by e-mail', async () => {
    await signUp(t, 'lock@example.com');
    for (let i = 0; i < 4; i++) {
      const res = await login('lock@example.com', 'wrong-password-1');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('AUTH_INCORRECT_PASSWORD');
    }
    const fifth = await login('lock@example.com', 'wrong-password-1');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error.code).toBe('AUTH_ACCOUNT_LOCKED');
    const right = await login('lock@example.com', PASSWORD);
    expect(right.statusCode).toBe(423);

    expect((await post('/api/member/find/password', { email: 'lock@example.com' })).statusCode).toBe(201);
    const { link, token } = await latestLink(t.config, 'lock@example.com');
    expect(link.startsWith('http://teamline.test/#/find/repassword?token=')).toBe(true);
    const reset = await post('/api/member/password/reset', { token, password: 'new-password-22' });
    expect(reset.statusCode).toBe(200);
    expect((await login('lock@example.com', PASSWORD)).json().error.code).toBe('AUTH_INCORRECT_PASSWORD');
    expect((await login('lock@example.com', 'new-password-22')).statusCode).toBe(201);
  });
});

describe('POST /auth/refresh and /auth/logout', () => {
  it('rotates the refresh token and revokes the family on reuse', async () => {
    const first = await signUp(t, 'rotate@example.com');
    const r1 = await post('/api/auth/refresh', undefined, bearer(first.refresh));
    expect(r1.statusCode).toBe(201);
    const second = r1.json().data;
    expect(second.refresh).not.toBe(first.refresh);
    const r2 = await post('/api/auth/refresh', undefined, bearer(second.refresh));
    expect(r2.statusCode).toBe(201);
    const third = r2.json().data;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/member', headers: bearer(third.key) })).statusCode,
    ).toBe(200);

    const reuse = await post('/api/auth/refresh', undefined, bearer(first.refresh));
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('AUTH_REFRESH_REUSED');
    // The whole family is gone: the newest refresh and access key no longer work.
    const newest = await post('/api/auth/refresh', undefined, bearer(third.refresh));
    expect(newest.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/member', headers: bearer(third.key) })).statusCode,
    ).toBe(401);
    // Another login of the same member is unaffected.
    expect((await login('rotate@example.com', PASSWORD)).statusCode).toBe(201);
  });

  it('accepts an empty JSON body and rejects a missing or unknown token', async () => {
    const s = await signUp(t, 'empty-body@example.com');
    const res = await post('/api/auth/refresh', undefined, {
      ...bearer(s.refresh),
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(201);
    const missing = await post('/api/auth/refresh');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('AUTH_SESSION_EXPIRED');
    const unknown = await post('/api/auth/refresh', undefined, bearer('unknown'));
    expect(unknown.json().error.code).toBe('AUTH_SESSION_EXPIRED');
  });

  it('expires access keys after 30 minutes and refresh tokens after 14 days', async () => {
    const s = await signUp(t, 'expiry@example.com');
    t.clock.advanceMinutes(31);
    try {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/member', headers: bearer(s.key) })).statusCode,
      ).toBe(401);
      const refreshed = await post('/api/auth/refresh', undefined, bearer(s.refresh));
      expect(refreshed.statusCode).toBe(201);
      t.clock.advanceMinutes(15 * 24 * 60);
      const late = await post('/api/auth/refresh', undefined, bearer(refreshed.json().data.refresh));
      expect(late.json().error.code).toBe('AUTH_SESSION_EXPIRED');
    } finally {
      t.clock.reset();
    }
  });

  it('logs out: the key and its refresh token stop working', async () => {
    const s = await signUp(t, 'logout@example.com');
    expect((await post('/api/auth/logout')).statusCode).toBe(401);
    const res = await post('/api/auth/logout', undefined, bearer(s.key));
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/member', headers: bearer(s.key) })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/refresh', undefined, bearer(s.refresh))).statusCode).toBe(401);
  });
});

describe('the refresh token in an httpOnly cookie (browsers)', () => {
  /** A browser request: every current browser sends Sec-Fetch-Site, script cannot forge or drop it. */
  const browser = { 'sec-fetch-site': 'same-origin' };
  // A sign-in sets the known-browser cookie too (known-browser.ts); these tests read the refresh one.
  const setCookie = (res: { headers: Record<string, unknown> }) =>
    String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('teamline_refresh=')));
  const cookieValue = (res: { headers: Record<string, unknown> }) =>
    /^teamline_refresh=([^;]*)/.exec(setCookie(res))?.[1];
  const withCookie = (value: string) => ({ ...browser, cookie: `other=1; teamline_refresh=${value}` });
  const member = (key: string) => t.app.inject({ method: 'GET', url: '/api/member', headers: bearer(key) });

  it('login sets it httpOnly, SameSite=Strict, on /api/auth for 14 days, and keeps it out of the JSON', async () => {
    await signUp(t, 'cookie-login@example.com');
    const res = await post(
      '/api/auth/login/general',
      { email: 'cookie-login@example.com', password: PASSWORD },
      browser,
    );
    expect(res.statusCode).toBe(201);
    expect(setCookie(res)).toMatch(
      /^teamline_refresh=[A-Za-z0-9_-]{43}; Path=\/api\/auth; Max-Age=1209600; HttpOnly; SameSite=Strict$/,
    );
    expect(Object.keys(res.json().data).sort()).toEqual(['expires', 'key']);
    expect((await member(res.json().data.key)).statusCode).toBe(200);
  });

  it('a client that is not a browser still gets the refresh token in the JSON (spec shape)', async () => {
    await signUp(t, 'cookie-cli@example.com');
    const res = await login('cookie-cli@example.com', PASSWORD);
    expect(res.json().data.refresh).toBe(cookieValue(res));
  });

  it('refresh by cookie rotates it; the used one coming back revokes the whole login', async () => {
    await signUp(t, 'cookie-rotate@example.com');
    const logged = await post(
      '/api/auth/login/general',
      { email: 'cookie-rotate@example.com', password: PASSWORD },
      browser,
    );
    const first = cookieValue(logged)!;
    const r1 = await post('/api/auth/refresh', undefined, withCookie(first));
    expect(r1.statusCode).toBe(201);
    const second = cookieValue(r1)!;
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    expect(r1.json().data.refresh).toBeUndefined();
    // Even without Sec-Fetch-Site, a token that came in the cookie goes back only in the cookie.
    const r2 = await post('/api/auth/refresh', undefined, { cookie: `teamline_refresh=${second}` });
    expect(r2.statusCode).toBe(201);
    expect(r2.json().data.refresh).toBeUndefined();
    const third = cookieValue(r2)!;
    const key = r2.json().data.key as string;
    expect((await member(key)).statusCode).toBe(200);

    const reuse = await post('/api/auth/refresh', undefined, withCookie(first));
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('AUTH_REFRESH_REUSED');
    expect(setCookie(reuse)).toMatch(
      /^teamline_refresh=; Path=\/api\/auth; Max-Age=0; HttpOnly; SameSite=Strict$/,
    );
    expect((await post('/api/auth/refresh', undefined, withCookie(third))).json().error.code).toBe(
      'AUTH_SESSION_EXPIRED',
    );
    expect((await member(key)).statusCode).toBe(401);
  });

  it('the header wins over the cookie, and no token at all is AUTH_SESSION_EXPIRED without a cookie change', async () => {
    const s = await signUp(t, 'cookie-header@example.com');
    const res = await post('/api/auth/refresh', undefined, {
      ...bearer(s.refresh),
      cookie: 'teamline_refresh=stale',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.refresh).toBe(cookieValue(res));
    const none = await post('/api/auth/refresh', undefined, { ...browser, cookie: 'other=1' });
    expect(none.json().error.code).toBe('AUTH_SESSION_EXPIRED');
    expect(none.headers['set-cookie']).toBeUndefined();
  });

  it('logout and withdrawal clear it, and the cleared token no longer refreshes', async () => {
    await signUp(t, 'cookie-logout@example.com');
    const logged = await post(
      '/api/auth/login/general',
      { email: 'cookie-logout@example.com', password: PASSWORD },
      browser,
    );
    const out = await post('/api/auth/logout', undefined, { ...bearer(logged.json().data.key), ...browser });
    expect(out.statusCode).toBe(200);
    expect(setCookie(out)).toMatch(
      /^teamline_refresh=; Path=\/api\/auth; Max-Age=0; HttpOnly; SameSite=Strict$/,
    );
    expect((await post('/api/auth/refresh', undefined, withCookie(cookieValue(logged)!))).statusCode).toBe(
      401,
    );

    const s = await signUp(t, 'cookie-withdraw@example.com');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/member',
      headers: { ...bearer(s.key), ...browser },
      payload: { password: PASSWORD },
    });
    expect(gone.statusCode).toBe(200);
    expect(setCookie(gone)).toMatch(/^teamline_refresh=; Path=\/api\/auth; Max-Age=0;/);
    expect((await post('/api/auth/refresh', undefined, withCookie(s.refresh))).statusCode).toBe(401);
  });

  it('join sets it too, keeping the token out of the JSON of a browser', async () => {
    await post('/api/auth/email', { email: 'cookie-join@example.com', purpose: 'join' });
    const { token } = await latestLink(t.config, 'cookie-join@example.com');
    const { verifiedToken } = (await post('/api/auth/email/verify', { token })).json().data;
    const joined = await post(
      '/api/member/join/general',
      { verifiedToken, password: PASSWORD, name: 'Tester', nickname: 'cookiejoin', phone: '01012345678' },
      browser,
    );
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data.refresh).toBeUndefined();
    const refreshed = await post('/api/auth/refresh', undefined, withCookie(cookieValue(joined)!));
    expect(refreshed.statusCode).toBe(201);
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    // The app reads PUBLIC_URL per request; one app with a changed address costs less than a second.
    const config = t.app.ctx.config as { publicUrl: string };
    const before = config.publicUrl;
    config.publicUrl = 'https://team.example.com';
    try {
      const s = await signUp(t, 'cookie-secure@example.com');
      const res = await post('/api/auth/refresh', undefined, withCookie(s.refresh));
      expect(res.statusCode).toBe(201);
      expect(setCookie(res)).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    } finally {
      config.publicUrl = before;
    }
  });
});
