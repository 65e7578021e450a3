import { URL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  latestLink,
  mailsTo,
  PASSWORD,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { browseIssuer, startTestIssuer, type TestIssuer } from '../../test/oidc-provider.js';

const PUBLIC_URL = 'http://teamline.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oauth/google/callback`;

let issuer: TestIssuer;
let t: TestApp;
beforeAll(async () => {
  issuer = await startTestIssuer({ redirectUri: CALLBACK });
  t = await createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      outboundAllowPrivate: true,
      oidc: {
        issuer: issuer.issuer,
        clientId: issuer.clientId,
        clientSecret: issuer.clientSecret,
        allowedDomains: [],
        timeoutMs: 5_000,
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

/** The web page the app's callback sends the browser to, as its query parameters. */
function webQuery(location: string): URLSearchParams {
  expect(location.startsWith(`${PUBLIC_URL}/#/oauth/success?`)).toBe(true);
  return new URLSearchParams(location.slice(location.indexOf('?') + 1));
}

/** The browser's trip: the app → the issuer (login, consent) → the app's callback → the web page. */
async function signInAtIssuer(login: string, options: { cancel?: boolean } = {}) {
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/oauth/google' });
  expect(start.statusCode).toBe(302);
  const authorization = new URL(start.headers.location as string);
  expect(authorization.origin).toBe(issuer.issuer);
  const back = await browseIssuer(authorization.toString(), { login, stopAt: CALLBACK, ...options });
  const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(callback.statusCode).toBe(302);
  return { authorization, query: webQuery(callback.headers.location as string) };
}

const finish = (query: URLSearchParams) =>
  post('/api/auth/login', {
    provider: 'google',
    code: query.get('code'),
    state: query.get('state'),
    redirectUri: CALLBACK,
  });

const joinForm = { name: 'Lee Google', nickname: 'leeg', phone: '01055556666' };

/** The names of the cookies an answer sets, in order. */
const cookieNames = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie']].flat().map((line) => String(line).split('=')[0]);
const cookieIn = (res: { headers: Record<string, unknown> }, name: string) =>
  [res.headers['set-cookie']]
    .flat()
    .map((line) => new RegExp(`^${name}=([^;]*)`).exec(String(line))?.[1])
    .find((v) => v !== undefined);

describe('GET /auth/config', () => {
  it('shows the Google button when a client is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json()).toEqual({ data: { google: true } });
  });
});

describe('sign-in with an OpenID Connect issuer', () => {
  it('asks the issuer with PKCE, state, nonce and the fixed callback', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oauth/google' });
    const params = new URL(start.headers.location as string).searchParams;
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toBeTruthy();
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
  });

  it('a new person gets a preToken, joins with it, and later signs in straight away', async () => {
    issuer.accounts.set('new-1', {
      email: 'New.Person@Example.com',
      email_verified: true,
      name: 'New Person',
    });
    const { query } = await signInAtIssuer('new-1');
    const res = await finish(query);
    expect(res.statusCode).toBe(201);
    const pre = res.json().data;
    expect(pre).toMatchObject({ result: 'join', email: 'new.person@example.com', name: 'New Person' });
    // Nothing is registered until the join form is sent.
    expect(
      (await post('/api/auth/login/general', { email: 'new.person@example.com', password: 'x' })).json().error
        .code,
    ).toBe('AUTH_NO_ACCOUNT');

    const joined = await post('/api/member/join', { preToken: pre.preToken, ...joinForm });
    expect(joined.statusCode).toBe(201);
    expect(cookieNames(joined)).toEqual(['teamline_device', 'teamline_refresh']);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/member',
      headers: bearer(joined.json().data.key),
    });
    expect(me.json().data).toMatchObject({
      email: 'new.person@example.com',
      name: 'Lee Google',
      nickname: 'leeg',
    });

    // The preToken is used up.
    const again = await post('/api/member/join', { preToken: pre.preToken, ...joinForm, nickname: 'other' });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('OAUTH_SESSION_EXPIRED');

    // Returning: the same issuer and sub sign in, whatever the e-mail says now.
    issuer.accounts.set('new-1', { email: 'renamed@example.com', email_verified: true, name: 'New Person' });
    const back = await finish((await signInAtIssuer('new-1')).query);
    expect(back.statusCode).toBe(201);
    expect(back.json().data.result).toBe('signedIn');
    expect(cookieNames(back)).toEqual(['teamline_device', 'teamline_refresh']);
    const meAgain = await t.app.inject({
      method: 'GET',
      url: '/api/member',
      headers: bearer(back.json().data.key),
    });
    expect(meAgain.json().data.memberIdx).toBe(me.json().data.memberIdx);
  });

  it('an account made through Google has no password and withdraws by typing its e-mail', async () => {
    issuer.accounts.set('leaver-1', { email: 'leaver@example.com', email_verified: true, name: 'Leaver' });
    const pre = (await finish((await signInAtIssuer('leaver-1')).query)).json().data;
    const joined = await post('/api/member/join', {
      preToken: pre.preToken,
      ...joinForm,
      nickname: 'leaver',
    });
    const headers = bearer(joined.json().data.key);
    const me = await t.app.inject({ method: 'GET', url: '/api/member', headers });
    expect(me.json().data.hasPassword).toBe(false);

    const withdraw = (payload: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/member', headers, payload });
    const wrong = await withdraw({ email: 'someone@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WITHDRAW_EMAIL_MISMATCH');
    // A password is no key to an account that has none.
    expect((await withdraw({ password: 'anything-1' })).json().error.code).toBe('WITHDRAW_EMAIL_MISMATCH');
    expect((await t.app.inject({ method: 'GET', url: '/api/member', headers })).statusCode).toBe(200);

    expect((await withdraw({ email: ' Leaver@Example.com ' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/member', headers })).statusCode).toBe(401);
  });

  it('an account made through Google can add a password through "find password"', async () => {
    issuer.accounts.set('adder-1', { email: 'adder@example.com', email_verified: true, name: 'Adder' });
    const pre = (await finish((await signInAtIssuer('adder-1')).query)).json().data;
    await post('/api/member/join', { preToken: pre.preToken, ...joinForm, nickname: 'adder' });
    const key = (await finish((await signInAtIssuer('adder-1')).query)).json().data.key;
    const me = () => t.app.inject({ method: 'GET', url: '/api/member', headers: bearer(key) });
    expect((await me()).json().data.hasPassword).toBe(false);

    expect((await post('/api/member/find/password', { email: 'adder@example.com' })).statusCode).toBe(201);
    const { token } = await latestLink(t.config, 'adder@example.com');
    expect((await post('/api/member/password/reset', { token, password: 'added-pass-1' })).statusCode).toBe(
      200,
    );
    const login = await post('/api/auth/login/general', {
      email: 'adder@example.com',
      password: 'added-pass-1',
    });
    expect(login.statusCode).toBe(201);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/member',
      headers: bearer(login.json().data.key),
    });
    expect(after.json().data.hasPassword).toBe(true);
  });

  it('refuses an expired preToken and creates nobody', async () => {
    issuer.accounts.set('late-1', { email: 'late@example.com', email_verified: true });
    const pre = (await finish((await signInAtIssuer('late-1')).query)).json().data;
    t.clock.advanceMinutes(31);
    try {
      const res = await post('/api/member/join', { preToken: pre.preToken, ...joinForm, nickname: 'late' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('OAUTH_SESSION_EXPIRED');
    } finally {
      t.clock.reset();
    }
    const login = await post('/api/auth/login/general', { email: 'late@example.com', password: 'x' });
    expect(login.json().error.code).toBe('AUTH_NO_ACCOUNT');
  });

  it('links to an e-mail account with the same verified address only with its password', async () => {
    const local = await signUp(t, 'owner@example.com');
    issuer.accounts.set('owner-g', { email: 'owner@example.com', email_verified: true, name: 'Owner' });
    const res = await finish((await signInAtIssuer('owner-g')).query);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('OAUTH_LINK_REQUIRED');
    const { linkToken, email } = res.json().error.details;
    expect(email).toBe('owner@example.com');

    const wrong = await post('/api/auth/oauth/link', { linkToken, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('AUTH_INCORRECT_PASSWORD');
    // Still not linked: the next sign-in asks again.
    const stillAsks = await finish((await signInAtIssuer('owner-g')).query);
    expect(stillAsks.json().error.code).toBe('OAUTH_LINK_REQUIRED');

    const right = await post('/api/auth/oauth/link', { linkToken, password: PASSWORD });
    expect(right.statusCode).toBe(201);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/member',
      headers: bearer(right.json().data.key),
    });
    expect(me.json().data.memberIdx).toBe(local.memberIdx);
    // Used once.
    const replay = await post('/api/auth/oauth/link', { linkToken, password: PASSWORD });
    expect(replay.json().error.code).toBe('OAUTH_SESSION_EXPIRED');

    const back = await finish((await signInAtIssuer('owner-g')).query);
    expect(back.json().data.result).toBe('signedIn');
  });

  it('an outside sign-in records the browser and mails a new one, like an e-mail login', async () => {
    const CHROME =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36';
    issuer.accounts.set('roamer-g', { email: 'roamer@example.com', email_verified: true, name: 'Roamer' });
    const pre = (await finish((await signInAtIssuer('roamer-g')).query)).json().data;
    const joined = await post('/api/member/join', {
      preToken: pre.preToken,
      ...joinForm,
      nickname: 'roamer',
    });
    const notices = async () =>
      (await mailsTo(t.config, 'roamer@example.com')).filter(
        (m) => m.subject === 'New sign-in to your Teamline account',
      );
    expect(await notices()).toHaveLength(0);

    const signInFrom = async (device?: string) => {
      const { query } = await signInAtIssuer('roamer-g');
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.77',
        headers: { 'user-agent': CHROME, ...(device ? { cookie: `teamline_device=${device}` } : {}) },
        payload: {
          provider: 'google',
          code: query.get('code'),
          state: query.get('state'),
          redirectUri: CALLBACK,
        },
      });
    };
    // The browser that joined brings its device cookie back: no mail.
    const same = await signInFrom(cookieIn(joined, 'teamline_device'));
    expect(same.statusCode).toBe(201);
    expect(await notices()).toHaveLength(0);
    // A new browser: one mail, naming it.
    const fresh = await signInFrom();
    expect(fresh.statusCode).toBe(201);
    const mails = await notices();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Chrome 125 on Linux, address 203.0.113.77');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/member/sessions',
      headers: bearer(fresh.json().data.key),
    });
    expect(list.json().data.find((s: { current: boolean }) => s.current)).toMatchObject({
      browser: 'Chrome 125',
      os: 'Linux',
      ip: '203.0.113.77',
    });
  });

  it('does not link or create an account for an unverified e-mail', async () => {
    await signUp(t, 'victim@example.com');
    issuer.accounts.set('attacker', { email: 'victim@example.com', email_verified: false });
    const res = await finish((await signInAtIssuer('attacker')).query);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('OAUTH_EMAIL_UNVERIFIED');
    issuer.accounts.set('unverified-new', { email: 'someone@example.com', email_verified: false });
    const fresh = await finish((await signInAtIssuer('unverified-new')).query);
    expect(fresh.json().error.code).toBe('OAUTH_EMAIL_UNVERIFIED');
  });

  it('sends a cancelled sign-in back to the web page with access_denied', async () => {
    issuer.accounts.set('quitter', { email: 'quitter@example.com', email_verified: true });
    const { query } = await signInAtIssuer('quitter', { cancel: true });
    expect(query.get('error')).toBe('access_denied');
    expect(query.get('code')).toBeNull();
  });

  it('refuses a replayed or unknown state', async () => {
    issuer.accounts.set('replay', { email: 'replay@example.com', email_verified: true });
    const { query } = await signInAtIssuer('replay');
    expect((await finish(query)).json().data.result).toBe('join');
    const replayed = await finish(query);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('OAUTH_STATE_INVALID');
    const unknown = await post('/api/auth/login', { provider: 'google', code: 'x', state: 'made-up' });
    expect(unknown.json().error.code).toBe('OAUTH_STATE_INVALID');
  });

  it('refuses a state that expired while the person was at the issuer', async () => {
    issuer.accounts.set('slow', { email: 'slow@example.com', email_verified: true });
    const { query } = await signInAtIssuer('slow');
    t.clock.advanceMinutes(11);
    try {
      expect((await finish(query)).json().error.code).toBe('OAUTH_STATE_INVALID');
    } finally {
      t.clock.reset();
    }
  });

  it('refuses a code swapped in from another sign-in (state and PKCE are bound together)', async () => {
    issuer.accounts.set('swap-a', { email: 'swap-a@example.com', email_verified: true });
    issuer.accounts.set('swap-b', { email: 'swap-b@example.com', email_verified: true });
    const a = (await signInAtIssuer('swap-a')).query;
    const b = (await signInAtIssuer('swap-b')).query;
    const res = await post('/api/auth/login', {
      provider: 'google',
      code: b.get('code'),
      state: a.get('state'),
      redirectUri: CALLBACK,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('AUTH_LOGIN_FAILED');
  });
});

describe('configuration limits', () => {
  it('refuses a domain that is not allowed', async () => {
    const limited = await createTestApp({
      database: t.database,
      config: {
        publicUrl: PUBLIC_URL,
        oidc: {
          issuer: issuer.issuer,
          clientId: issuer.clientId,
          clientSecret: issuer.clientSecret,
          allowedDomains: ['company.example'],
          timeoutMs: 5_000,
        },
      },
    });
    try {
      issuer.accounts.set('outsider', { email: 'out@example.com', email_verified: true });
      const start = await limited.app.inject({ method: 'GET', url: '/api/auth/oauth/google' });
      const back = await browseIssuer(start.headers.location as string, {
        login: 'outsider',
        stopAt: CALLBACK,
      });
      const callback = await limited.app.inject({ method: 'GET', url: back.pathname + back.search });
      const query = webQuery(callback.headers.location as string);
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { provider: 'google', code: query.get('code'), state: query.get('state') },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('OAUTH_DOMAIN_NOT_ALLOWED');
    } finally {
      await limited.close();
    }
  });

  it('sends the browser back with OAUTH_ISSUER_UNREACHABLE when the issuer does not answer', async () => {
    const offline = await createTestApp({
      database: t.database,
      config: {
        publicUrl: PUBLIC_URL,
        oidc: {
          issuer: 'http://127.0.0.1:9',
          clientId: 'x',
          clientSecret: 'y',
          allowedDomains: [],
          timeoutMs: 2_000,
        },
      },
    });
    try {
      const start = await offline.app.inject({ method: 'GET', url: '/api/auth/oauth/google' });
      expect(start.statusCode).toBe(302);
      expect(webQuery(start.headers.location as string).get('error')).toBe('OAUTH_ISSUER_UNREACHABLE');
    } finally {
      await offline.close();
    }
  });

  it('without a client id the sign-in is not offered', async () => {
    const plain = await createTestApp({ database: t.database, config: { oidc: null } });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({
        data: { google: false },
      });
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { provider: 'google', code: 'c', state: 's' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('OAUTH_NOT_CONFIGURED');
    } finally {
      await plain.close();
    }
  });
});
