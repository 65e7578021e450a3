import { URL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseIssuer, startTestIssuer, type TestIssuer } from '../../test/oidc-provider.js';
import { twoFactorHelpers } from '../../test/two-factor.js';
import { createTestApp, PASSWORD, signUp, type TestApp } from '../../test/test-app.js';

const PUBLIC_URL = 'http://teamline.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oauth/google/callback`;

let issuer: TestIssuer;
let t: TestApp;
let h: ReturnType<typeof twoFactorHelpers>;
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
  h = twoFactorHelpers(t);
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

/** The browser's trip through the issuer, then the web page's `POST /auth/login`. */
async function signInWithGoogle(login: string) {
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/oauth/google' });
  const back = await browseIssuer(new URL(start.headers.location as string).toString(), {
    login,
    stopAt: CALLBACK,
  });
  const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
  const location = callback.headers.location as string;
  const query = new URLSearchParams(location.slice(location.indexOf('?') + 1));
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: {
      provider: 'google',
      code: query.get('code'),
      state: query.get('state'),
      redirectUri: CALLBACK,
    },
  });
}

describe('outside sign-in of an account with a second factor asks for it the same way', () => {
  it('a returning Google account with an authenticator app gets the challenge, then the session', async () => {
    issuer.accounts.set('g2fa-1', { email: 'g2fa@example.com', email_verified: true, name: 'G Two' });
    const pre = (await signInWithGoogle('g2fa-1')).json().data;
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/member/join',
      payload: { preToken: pre.preToken, name: 'G Two', nickname: 'gtwo', phone: '01055557777' },
    });
    const { secret } = await h.enableTotp(joined.json().data.key);

    const again = await signInWithGoogle('g2fa-1');
    expect(again.statusCode, again.body).toBe(401);
    expect(again.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(again.headers['set-cookie']).toBeUndefined();
    const { challengeToken, methods } = again.json().error.details;
    expect(methods).toEqual(['totp', 'recovery']);
    t.clock.advanceMinutes(1);
    const done = await h.secondFactor({ challengeToken, method: 'totp', code: h.code(secret) });
    expect(done.statusCode, done.body).toBe(201);
    expect([done.headers['set-cookie']].flat().join('\n')).toMatch(/^teamline_refresh=/m);
  });

  it('linking Google to an e-mail account with a factor: the password, then the factor', async () => {
    const me = await signUp(t, 'linked2fa@example.com');
    const { recoveryCodes } = await h.enableTotp(me.key);
    issuer.accounts.set('l2fa-1', { email: 'linked2fa@example.com', email_verified: true });
    const first = await signInWithGoogle('l2fa-1');
    expect(first.json().error.code).toBe('OAUTH_LINK_REQUIRED');
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/link',
      payload: { linkToken: first.json().error.details.linkToken, password: PASSWORD },
    });
    expect(linked.statusCode, linked.body).toBe(401);
    expect(linked.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const res = await h.secondFactor({
      challengeToken: linked.json().error.details.challengeToken,
      method: 'recovery',
      code: recoveryCodes[0],
    });
    expect(res.statusCode, res.body).toBe(201);
    // From now on Google signs in, and still asks for the factor.
    expect((await signInWithGoogle('l2fa-1')).json().error.code).toBe('SECOND_FACTOR_REQUIRED');
  });
});
