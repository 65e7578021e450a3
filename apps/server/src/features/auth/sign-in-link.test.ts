import { LOGIN_LOCK_AFTER, SIGN_IN_LINK_TTL_MINUTES } from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  bearer,
  browserCookieOf,
  createTestApp,
  latestLink,
  latestMail,
  signUp,
  type TestApp,
} from '../../test/test-app.js';

describe('a mailed one-time sign-in link (issue 30)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, ...(cookie ? { headers: { cookie } } : {}) });
  const askForLink = (email: string) => post('/api/auth/login/link', { email });
  const useLink = (token: string) => post('/api/auth/login/link/verify', { token });
  const login = (email: string, password: string) => post('/api/auth/login/general', { email, password });

  it('lets the owner in at once from a new browser while a stranger has the account waiting', async () => {
    const me = await signUp(t, 'mailbox@example.com', { lang: 'kr' });
    for (let i = 0; i < LOGIN_LOCK_AFTER; i++) await login(me.email, `stranger-guess-${i}`);
    expect((await login(me.email, PASSWORD)).statusCode).toBe(423);

    expect((await askForLink(me.email)).statusCode).toBe(201);
    const mail = await latestMail(t.config, me.email);
    // In the account's language, like every mail to a member.
    expect(mail!.subject).toBe(resources.kr.mail.signInLink.subject);
    const { link, token } = await latestLink(t.config, me.email);
    expect(link).toBe(`http://teamline.test/#/login/link?token=${token}`);

    const signedIn = await useLink(token);
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/member',
      headers: bearer(signedIn.json().data.key),
    });
    expect(profile.json().data.email).toBe(me.email);
    // The browser that used the link is known from now on, and the wait has ended for everyone.
    expect(browserCookieOf(signedIn)).toMatch(/^teamline_device=/);
    expect((await login(me.email, PASSWORD)).statusCode).toBe(201);
  });

  it('works once, expires, and is stored only as its hash', async () => {
    const me = await signUp(t, 'once@example.com');
    await askForLink(me.email);
    const { token } = await latestLink(t.config, me.email);
    const stored = (await t.database.db.execute(
      sql`select token_hash from email_token where purpose = 'signIn' and email = ${me.email}`,
    )) as { rows: { token_hash: string }[] };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.token_hash).not.toContain(token);

    expect((await useLink(token)).statusCode).toBe(201);
    const again = await useLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('SIGN_IN_LINK_INVALID');

    await askForLink(me.email);
    const late = await latestLink(t.config, me.email);
    t.clock.advanceMinutes(SIGN_IN_LINK_TTL_MINUTES + 1);
    expect((await useLink(late.token)).json().error.code).toBe('SIGN_IN_LINK_INVALID');
    t.clock.reset();
  });

  it('answers an unknown address exactly as a known one, and mails nothing to it', async () => {
    await signUp(t, 'known@example.com');
    const known = await askForLink('known@example.com');
    const unknown = await askForLink('unknown@example.com');
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    expect(await latestMail(t.config, 'unknown@example.com')).toBeNull();
  });

  it('another purpose of mailed token cannot sign in, nor can a withdrawn account', async () => {
    const me = await signUp(t, 'leaving@example.com');
    await post('/api/member/find/password', { email: me.email });
    const reset = await latestLink(t.config, me.email);
    expect((await useLink(reset.token)).json().error.code).toBe('SIGN_IN_LINK_INVALID');

    await askForLink(me.email);
    const { token } = await latestLink(t.config, me.email);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/member',
      headers: bearer(me.key),
      payload: { password: PASSWORD },
    });
    expect(gone.statusCode).toBe(200);
    expect((await useLink(token)).json().error.code).toBe('SIGN_IN_LINK_INVALID');
  });
});
