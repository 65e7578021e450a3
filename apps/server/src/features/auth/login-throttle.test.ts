import { LOGIN_LOCK_AFTER, LOGIN_LOCK_MINUTES } from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, browserCookieOf, createTestApp, signUp, type TestApp } from '../../test/test-app.js';
import { loginWaitMinutes } from './login-throttle.js';

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

describe('wrong passwords slow a guesser without locking the owner out (issue 30)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-browser allowance is a rate limit: on here, as in production.
    t = await createTestApp({ config: { rateLimit: true, redisUrl: process.env.TEST_REDIS_URL } });
  });
  afterAll(() => t?.close());

  const login = (email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login/general',
      payload: { email, password },
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const strangerGuesses = async (email: string, times: number) => {
    const answers: Injected[] = [];
    for (let i = 0; i < times; i++) answers.push(await login(email, `guess-number-${i}`));
    return answers;
  };

  it("a stranger's five wrong passwords do not keep the owner's own browser out", async () => {
    const owner = await signUp(t, 'owner@example.com');
    const ownBrowser = browserCookieOf(await login(owner.email, PASSWORD));

    const guesses = await strangerGuesses(owner.email, LOGIN_LOCK_AFTER);
    expect(guesses.map((g) => g.statusCode)).toEqual([401, 401, 401, 401, 423]);
    const locked = guesses.at(-1)!;
    expect(locked.json().error).toMatchObject({
      code: 'AUTH_ACCOUNT_LOCKED',
      message: resources.en.errors.AUTH_ACCOUNT_LOCKED,
    });
    expect(Number(locked.headers['retry-after'])).toBe(60);
    // A browser the account never signed in from waits, whatever it types…
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(423);
    // …while the owner's own browser signs in with the right password at once.
    const mine = await login(owner.email, PASSWORD, ownBrowser);
    expect(mine.statusCode, mine.body).toBe(201);
    // And that success ends the wait for every browser.
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(201);
  });

  it('an unknown browser waits longer after each wrong password, at most LOGIN_LOCK_MINUTES', async () => {
    const me = await signUp(t, 'waits@example.com');
    await strangerGuesses(me.email, LOGIN_LOCK_AFTER);
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      const minutes = loginWaitMinutes(LOGIN_LOCK_AFTER + round);
      // During the wait nothing is checked or counted, not even the right password.
      const early = await login(me.email, PASSWORD);
      expect(early.statusCode).toBe(423);
      t.clock.advanceMinutes(minutes);
      const next = await login(me.email, 'still-guessing-1');
      expect(next.statusCode).toBe(423);
      waits.push(Number(next.headers['retry-after']) / 60);
    }
    expect(waits).toEqual([2, 4, 8, 15, 15, 15]);
    expect(LOGIN_LOCK_MINUTES).toBe(15);
    t.clock.advanceMinutes(LOGIN_LOCK_MINUTES);
    expect((await login(me.email, PASSWORD)).statusCode).toBe(201);
    // The right password cleared the count: the next wrong one is a first one again.
    const fresh = await login(me.email, 'typo-password-1');
    expect(fresh.statusCode).toBe(401);
    expect(fresh.json().error.details).toEqual({ remaining: LOGIN_LOCK_AFTER - 1 });
  });

  it('a known browser counts only its own wrong passwords: ten, then it is one more unknown browser', async () => {
    const me = await signUp(t, 'forgetful@example.com');
    const mine = browserCookieOf(await login(me.email, PASSWORD));
    for (let i = 0; i < 10; i++) {
      const wrong = await login(me.email, `forgot-it-${i}`, mine);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.details).toBeUndefined();
    }
    // The account's own count is untouched: another browser has all its tries.
    const after = await login(me.email, 'one-more-try-1', mine);
    expect(after.json().error.details).toEqual({ remaining: LOGIN_LOCK_AFTER - 1 });
  });

  it('a forged cookie, or one of another account, is an unknown browser', async () => {
    const me = await signUp(t, 'target@example.com');
    const other = await signUp(t, 'other@example.com');
    const othersBrowser = browserCookieOf(await login(other.email, PASSWORD));
    const mine = browserCookieOf(await login(me.email, PASSWORD));
    // A well-formed mark no session of this account was started from.
    const forged = `teamline_device=${'A'.repeat(43)}`;
    await strangerGuesses(me.email, LOGIN_LOCK_AFTER);
    expect((await login(me.email, PASSWORD, forged)).statusCode).toBe(423);
    expect((await login(me.email, PASSWORD, othersBrowser)).statusCode).toBe(423);
    expect((await login(me.email, PASSWORD, mine)).statusCode).toBe(201);
  });

  it('attempts sent at once get no more tries than attempts in a row', async () => {
    const me = await signUp(t, 'burst@example.com');
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(me.email, `parallel-guess-${i}`)),
    );
    const answers = burst.map((b) => b.statusCode);
    expect(answers.filter((s) => s === 401)).toHaveLength(LOGIN_LOCK_AFTER - 1);
    expect(answers.filter((s) => s === 423)).toHaveLength(20 - (LOGIN_LOCK_AFTER - 1));
  });

  it('the device cookie that makes a browser known is httpOnly, SameSite=Strict, on /api/auth, for a year', async () => {
    const me = await signUp(t, 'cookie@example.com');
    const res = await login(me.email, PASSWORD);
    const set = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('teamline_device='));
    expect(set).toMatch(
      /^teamline_device=[\w-]{43}; Path=\/api\/auth; Max-Age=31536000; HttpOnly; SameSite=Strict$/,
    );
  });
});
