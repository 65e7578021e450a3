import { resources } from '@teamline/contract/i18n';
import { LOGIN_LOCK_AFTER, LOGIN_LOCK_MINUTES } from '@teamline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, bearer, createTestApp, signUp, type TestApp } from '../test/test-app.js';

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimit: true } });
  });
  afterAll(() => t?.close());

  const login = (email: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login/general',
      payload: { email, password: 'wrong-password-1' },
      remoteAddress,
      headers,
    });

  it('answers 429 RATE_LIMITED with Retry-After after a burst of logins from one address', async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await login(`nobody${i}@example.com`, '10.1.0.1');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited ??= res;
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited!.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);
    expect(limited!.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: resources.en.errors.RATE_LIMITED,
    });
    expect(resources.kr.errors.RATE_LIMITED).not.toBe(resources.en.errors.RATE_LIMITED);
    // Another address is not affected.
    expect((await login('nobody@example.com', '10.1.0.2')).statusCode).toBe(401);
  });

  it('a spoofed X-Forwarded-For does not move a client to a fresh bucket (trustProxy off)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push(
        (await login(`spoof${i}@example.com`, '10.2.0.1', { 'x-forwarded-for': `198.18.0.${i + 1}` }))
          .statusCode,
      );
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('limits one address from many IPs, and mail sending per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await login('target@example.com', `10.3.0.${i + 1}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);

    const mails: number[] = [];
    for (let i = 0; i < 7; i++)
      mails.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/member/find/password',
            payload: { email: 'someone@example.com' },
            remoteAddress: `10.4.0.${i + 1}`,
          })
        ).statusCode,
      );
    expect(mails.slice(5)).toEqual([429, 429]);
  });

  it('find-id by name and phone is limited per person guessed', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/member/find/id',
            payload: { name: 'Kim', phone: '01000000000' },
            remoteAddress: `10.5.0.${i + 1}`,
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 5).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('limits wrong current passwords on password change per account', async () => {
    const me = await signUp(t, 'changer@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
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
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('login lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it(`locks after ${LOGIN_LOCK_AFTER} wrong passwords for ${LOGIN_LOCK_MINUTES} minutes, then lets the owner in`, async () => {
    const me = await signUp(t, 'locked@example.com');
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login/general',
        payload: { email: me.email, password },
      });
    for (let i = 0; i < LOGIN_LOCK_AFTER - 1; i++)
      expect((await attempt('wrong-password-1')).statusCode).toBe(401);
    expect((await attempt('wrong-password-1')).statusCode).toBe(423);
    const locked = await attempt(PASSWORD);
    expect(locked.statusCode).toBe(423);
    expect(Number(locked.headers['retry-after'])).toBe(LOGIN_LOCK_MINUTES * 60);

    t.clock.advanceMinutes(LOGIN_LOCK_MINUTES - 1);
    expect((await attempt(PASSWORD)).statusCode).toBe(423);
    t.clock.advanceMinutes(2);
    expect((await attempt(PASSWORD)).statusCode).toBe(201);
    // The count starts again: one wrong password after the lockout does not lock at once.
    expect((await attempt('wrong-password-1')).statusCode).toBe(401);
  });
});
