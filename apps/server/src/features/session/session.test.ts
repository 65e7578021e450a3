import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, mailsTo, PASSWORD, signUp, type TestApp } from '../../test/test-app.js';

/** The devices page and the new-browser mail (issue 30, docs/security.md "Sessions and logs"). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const cookieIn = (res: { headers: Record<string, unknown> }, name: string) =>
  [res.headers['set-cookie']]
    .flat()
    .map((line) => new RegExp(`^${name}=([^;]*)`).exec(String(line))?.[1])
    .find((v) => v !== undefined);

/** A browser signing in: its User-Agent, its address and, when it has been here before, its device cookie. */
async function browserLogin(email: string, from: { ua: string; ip: string; device?: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/general',
    payload: { email, password: PASSWORD },
    remoteAddress: from.ip,
    headers: {
      'sec-fetch-site': 'same-origin',
      'user-agent': from.ua,
      ...(from.device ? { cookie: `teamline_device=${from.device}` } : {}),
    },
  });
  expect(res.statusCode).toBe(201);
  return {
    key: res.json().data.key as string,
    refresh: cookieIn(res, 'teamline_refresh')!,
    device: cookieIn(res, 'teamline_device')!,
  };
}

const call = (method: 'GET' | 'DELETE', url: string, key?: string) =>
  t.app.inject({ method, url, headers: key ? bearer(key) : {} });
const sessionsOf = async (key: string) => {
  const res = await call('GET', '/api/member/sessions', key);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    sessionId: string;
    browser: string | null;
    os: string | null;
    ip: string | null;
    signedInAt: string;
    lastUsedAt: string;
    current: boolean;
  }[];
};
const refreshBy = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { 'sec-fetch-site': 'same-origin', cookie: `teamline_refresh=${cookie}` },
  });
const works = async (key: string) => (await call('GET', '/api/member', key)).statusCode === 200;

describe('GET /member/sessions', () => {
  it('lists every signed-in session with browser, system, address and last use, this one marked', async () => {
    await signUp(t, 'devices@example.com');
    const phone = await browserLogin('devices@example.com', { ua: SAFARI_IPHONE, ip: '198.51.100.2' });
    const desk = await browserLogin('devices@example.com', { ua: CHROME_WINDOWS, ip: '203.0.113.7' });

    const list = await sessionsOf(desk.key);
    expect(list).toHaveLength(3); // the join's session, the phone, the desk
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Chrome 126', os: 'Windows', ip: '203.0.113.7' });
    expect(list).toContainEqual(
      expect.objectContaining({ browser: 'Safari 17', os: 'iOS', ip: '198.51.100.2', current: false }),
    );
    for (const s of list) {
      expect(s.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(s.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(s.signedInAt));
    }
    // Seen from the phone, the phone is "this device".
    expect((await sessionsOf(phone.key)).find((s) => s.current)).toMatchObject({ os: 'iOS' });

    // A session signed out is no longer listed.
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(phone.key) });
    expect(await sessionsOf(desk.key)).toHaveLength(2);

    expect((await call('GET', '/api/member/sessions')).statusCode).toBe(401);
  });

  it('a refresh moves last use and address; use alone moves last use at most every five minutes', async () => {
    await signUp(t, 'last-used@example.com');
    const s = await browserLogin('last-used@example.com', { ua: CHROME_WINDOWS, ip: '203.0.113.10' });
    const mine = async () => (await sessionsOf(s.key)).find((x) => x.current)!;
    const first = (await mine()).lastUsedAt;
    try {
      // A minute of use writes nothing (the key's cache expired, so each call asked the database).
      t.clock.advanceMinutes(1);
      expect(await works(s.key)).toBe(true);
      expect((await mine()).lastUsedAt).toBe(first);
      // Past five minutes, the next use moves it.
      t.clock.advanceMinutes(5);
      expect(await works(s.key)).toBe(true);
      const moved = (await mine()).lastUsedAt;
      expect(Date.parse(moved)).toBeGreaterThan(Date.parse(first));

      t.clock.advanceMinutes(1);
      const renewed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        remoteAddress: '192.0.2.99',
        headers: { 'sec-fetch-site': 'same-origin', cookie: `teamline_refresh=${s.refresh}` },
      });
      expect(renewed.statusCode).toBe(201);
      const after = (await sessionsOf(renewed.json().data.key)).find((x) => x.current)!;
      expect(after.ip).toBe('192.0.2.99');
      expect(Date.parse(after.lastUsedAt)).toBeGreaterThan(Date.parse(moved));
    } finally {
      t.clock.reset();
    }
  });
});

describe('DELETE /member/sessions/:sessionId and /member/sessions/others', () => {
  it('signs out one session: its key and refresh stop; another account’s session is not found and goes on', async () => {
    await signUp(t, 'one-out@example.com');
    const here = await browserLogin('one-out@example.com', { ua: CHROME_WINDOWS, ip: '203.0.113.20' });
    const there = await browserLogin('one-out@example.com', { ua: SAFARI_IPHONE, ip: '198.51.100.20' });
    const stranger = await signUp(t, 'stranger-out@example.com');
    const thereId = (await sessionsOf(there.key)).find((s) => s.current)!.sessionId;

    // Another account cannot end it, nor learn that it exists.
    const refused = await call('DELETE', `/api/member/sessions/${thereId}`, stranger.key);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('SESSION_NOT_FOUND');
    const unknown = await call('DELETE', `/api/member/sessions/${crypto.randomUUID()}`, stranger.key);
    expect(unknown.json()).toEqual(refused.json());
    expect(await works(there.key)).toBe(true);

    const ended = await call('DELETE', `/api/member/sessions/${thereId}`, here.key);
    expect(ended.statusCode).toBe(200);
    expect(await works(there.key)).toBe(false);
    expect((await refreshBy(there.refresh)).json().error.code).toBe('AUTH_SESSION_EXPIRED');
    expect(await works(here.key)).toBe(true);
    // Already ended.
    expect((await call('DELETE', `/api/member/sessions/${thereId}`, here.key)).statusCode).toBe(404);

    expect((await call('DELETE', '/api/member/sessions/not-a-uuid', here.key)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/member/sessions/${thereId}`)).statusCode).toBe(401);
  });

  it('signs out every other session and keeps this one', async () => {
    const joined = await signUp(t, 'all-out@example.com');
    const a = await browserLogin('all-out@example.com', { ua: CHROME_WINDOWS, ip: '203.0.113.30' });
    const b = await browserLogin('all-out@example.com', { ua: SAFARI_IPHONE, ip: '198.51.100.30' });
    const other = await signUp(t, 'all-out-other@example.com');

    const res = await call('DELETE', '/api/member/sessions/others', a.key);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ count: 2 });
    expect(await works(b.key)).toBe(false);
    expect(await works(joined.key)).toBe(false);
    expect((await refreshBy(b.refresh)).statusCode).toBe(401);
    expect(await works(a.key)).toBe(true);
    expect((await refreshBy(a.refresh)).statusCode).toBe(201);
    expect((await sessionsOf(a.key)).map((s) => s.current)).toEqual([true]);
    // Another account's sessions are untouched.
    expect(await works(other.key)).toBe(true);

    expect((await call('DELETE', '/api/member/sessions/others')).statusCode).toBe(401);
  });
});

describe('the new-browser mail', () => {
  /** Mails of the new-browser notice, in Korean (the member's language). */
  const noticesTo = async (email: string) =>
    (await mailsTo(t.config, email)).filter((m) => m.subject === 'Teamline 계정에 새 로그인이 있습니다');

  it('is sent once per new browser, in the member’s language, and never for a browser seen before', async () => {
    await signUp(t, 'notice@example.com', { lang: 'kr' });
    // The account's first session (the join) is no news.
    expect(await noticesTo('notice@example.com')).toHaveLength(0);

    const desk = await browserLogin('notice@example.com', { ua: CHROME_WINDOWS, ip: '203.0.113.40' });
    const first = await noticesTo('notice@example.com');
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain('Windows의 Chrome 126');
    expect(first[0]!.text).toContain('203.0.113.40');
    expect(first[0]!.text).toContain('http://teamline.test/#/profile');
    expect(desk.device).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The same browser again (it brings its device cookie back), even after signing out: no mail.
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(desk.key) });
    const again = await browserLogin('notice@example.com', {
      ua: CHROME_WINDOWS,
      ip: '203.0.113.41',
      device: desk.device,
    });
    expect(again.device).toBe(desk.device);
    expect(await noticesTo('notice@example.com')).toHaveLength(1);

    // Another browser is news once.
    const phone = await browserLogin('notice@example.com', { ua: SAFARI_IPHONE, ip: '198.51.100.40' });
    expect(await noticesTo('notice@example.com')).toHaveLength(2);
    await browserLogin('notice@example.com', {
      ua: SAFARI_IPHONE,
      ip: '198.51.100.40',
      device: phone.device,
    });
    expect(await noticesTo('notice@example.com')).toHaveLength(2);
  });

  it('a device cookie of another account does not make a browser known to this one', async () => {
    await signUp(t, 'shared-pc-a@example.com', { lang: 'kr' });
    await signUp(t, 'shared-pc-b@example.com', { lang: 'kr' });
    const a = await browserLogin('shared-pc-a@example.com', { ua: CHROME_WINDOWS, ip: '203.0.113.50' });
    await browserLogin('shared-pc-b@example.com', {
      ua: CHROME_WINDOWS,
      ip: '203.0.113.50',
      device: a.device,
    });
    expect(await noticesTo('shared-pc-b@example.com')).toHaveLength(1);
  });
});
