import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPubSub } from '../../infra/pubsub.js';
import { bearer, createTestApp, PASSWORD, signUp, type TestApp } from '../../test/test-app.js';
import { SESSION_CACHE_MS } from './session-cache.js';

/**
 * Two instances of one deployment on one database (and one Redis in the TEST_REDIS_URL pass, else
 * one in-process bus): a session revoked through A is refused by B at once, though B had just
 * checked its access key and keeps it in its session cache for SESSION_CACHE_MS.
 */
describe('a revocation on one instance reaches the other', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const config = { pubsubChannel: `teamline:test:session-revocation:${Date.now()}` };
    const overrides = process.env.TEST_REDIS_URL ? {} : { pubsub: createLocalPubSub() };
    a = await createTestApp({ config, overrides });
    b = await createTestApp({ database: a.database, config, overrides });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const member = (t: TestApp, key: string) =>
    t.app.inject({ method: 'GET', url: '/api/member', headers: bearer(key) });

  /** Polls B until it refuses the key; the time from the revocation's request to the refusal. */
  async function refusedWithin(key: string, revokedAt: number): Promise<number> {
    for (;;) {
      const res = await member(b, key);
      if (res.statusCode === 401) return Date.now() - revokedAt;
      expect(res.statusCode).toBe(200);
      if (Date.now() - revokedAt > SESSION_CACHE_MS + 1_000) throw new Error('never refused');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  it('logout through A: B refuses the access key within a second', async () => {
    const s = await signUp(a, 'logout-twice@example.com');
    // B has checked the key: it is in B's session cache now.
    expect((await member(b, s.key)).statusCode).toBe(200);
    expect((await member(b, s.key)).statusCode).toBe(200);
    const started = Date.now();
    const logout = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(s.key) });
    expect(logout.statusCode).toBe(200);
    const answered = Date.now();
    const delay = await refusedWithin(s.key, started);
    console.warn(
      `revocation delay (logout on A → 401 on B, ${process.env.TEST_REDIS_URL ? 'Redis' : 'in-process bus'}): ${delay} ms from the logout's request, ${started + delay - answered} ms after its answer`,
    );
    expect(delay).toBeLessThan(1_000);
  });

  it("a password change through A: B refuses the account's other sessions, keeps the changer's", async () => {
    const s = await signUp(a, 'change-twice@example.com');
    const other = await b.app.inject({
      method: 'POST',
      url: '/api/auth/login/general',
      payload: { email: 'change-twice@example.com', password: PASSWORD },
    });
    expect(other.statusCode).toBe(201);
    const otherKey = other.json<{ data: { key: string } }>().data.key;
    expect((await member(b, otherKey)).statusCode).toBe(200);
    expect((await member(b, s.key)).statusCode).toBe(200);
    const changed = await a.app.inject({
      method: 'PATCH',
      url: '/api/member/password',
      headers: bearer(s.key),
      payload: { currentPassword: PASSWORD, password: 'another-horse-2' },
    });
    expect(changed.statusCode).toBe(200);
    // From the change's answer: hashing the new password is not the revocation's delay, and on a
    // loaded machine it alone took most of a second.
    const delay = await refusedWithin(otherKey, Date.now());
    console.warn(`revocation delay (password change answered on A → 401 on B): ${delay} ms`);
    expect(delay).toBeLessThan(1_000);
    expect((await member(b, s.key)).statusCode).toBe(200);
  });

  it('the devices page through B ends a session A had cached', async () => {
    const s = await signUp(a, 'devices-twice@example.com');
    const second = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login/general',
      payload: { email: 'devices-twice@example.com', password: PASSWORD },
    });
    const secondKey = second.json<{ data: { key: string } }>().data.key;
    expect((await member(a, secondKey)).statusCode).toBe(200);
    const at = Date.now();
    const ended = await b.app.inject({
      method: 'DELETE',
      url: '/api/member/sessions/others',
      headers: bearer(s.key),
    });
    expect(ended.statusCode).toBe(200);
    await expect
      .poll(async () => (await member(a, secondKey)).statusCode, { timeout: 1_000, interval: 2 })
      .toBe(401);
    console.warn(`revocation delay (devices page on B → 401 on A): ${Date.now() - at} ms`);
  });
});
