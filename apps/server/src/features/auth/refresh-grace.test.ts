import { desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTokens } from '../../db/schema/index.js';
import { bearer, createTestApp, PASSWORD, signUp, type TestApp } from '../../test/test-app.js';
import { REFRESH_REUSE_GRACE_SECONDS } from './refresh-grace.js';

/**
 * Parallel refreshes of one token (a browser restoring its tabs) keep the login; a replay after the
 * grace still ends it (docs/security.md "Sessions and logs", issue 30).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * A second instance on the same database, made after the sign-ups (its job runner would otherwise
 * take their mail jobs into its own outbox, where the sign-up helper does not look).
 */
async function withSecondInstance(work: (t2: TestApp) => Promise<void>) {
  const t2 = await createTestApp({ database: t.database });
  try {
    await work(t2);
  } finally {
    await t2.close();
  }
}

const browser = { 'sec-fetch-site': 'same-origin' };
const refreshCookieOf = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie']]
    .flat()
    .map(String)
    .map((line) => /^teamline_refresh=([^;]*)/.exec(line)?.[1])
    .find((v) => v !== undefined);
const refreshBy = (app: TestApp, cookie: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { ...browser, cookie: `teamline_refresh=${cookie}` },
  });
const member = (app: TestApp, key: string) =>
  app.app.inject({ method: 'GET', url: '/api/member', headers: bearer(key) });

async function browserLogin(email: string) {
  await signUp(t, email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/general',
    payload: { email, password: PASSWORD },
    headers: browser,
  });
  expect(res.statusCode).toBe(201);
  return refreshCookieOf(res)!;
}

describe('five refreshes of one refresh token at the same instant', () => {
  it('all succeed with the same successor, and the login goes on', async () => {
    const cookie = await browserLogin('five-tabs@example.com');
    const answers = await Promise.all(Array.from({ length: 5 }, () => refreshBy(t, cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    // The same answer for each: one key, one rotated cookie, as if one tab had refreshed.
    const keys = new Set(answers.map((a) => a.json().data.key));
    const cookies = new Set(answers.map(refreshCookieOf));
    expect(keys.size).toBe(1);
    expect(cookies.size).toBe(1);
    const [key] = [...keys] as string[];
    const [next] = [...cookies] as string[];
    expect(next).not.toBe(cookie);
    expect((await member(t, key!)).statusCode).toBe(200);
    // The successor rotates on as usual, and its key works.
    const later = await refreshBy(t, next!);
    expect(later.statusCode).toBe(201);
    expect((await member(t, later.json().data.key)).statusCode).toBe(200);
  });

  it('on two instances of one database as well', async () => {
    const cookie = await browserLogin('two-instances@example.com');
    await withSecondInstance(async (t2) => {
      const answers = await Promise.all([t, t2, t, t2, t2].map((app) => refreshBy(app, cookie)));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.json().data.key)).size).toBe(1);
      expect(new Set(answers.map(refreshCookieOf)).size).toBe(1);
      const next = refreshCookieOf(answers[0]!)!;
      const key = answers[0]!.json().data.key as string;
      expect((await member(t, key)).statusCode).toBe(200);
      expect((await member(t2, key)).statusCode).toBe(200);
      expect((await refreshBy(t2, next)).statusCode).toBe(201);
    });
  });

  it('a replay of the original token after the grace is AUTH_REFRESH_REUSED and ends the login', async () => {
    const cookie = await browserLogin('late-replay@example.com');
    const answers = await Promise.all(Array.from({ length: 5 }, () => refreshBy(t, cookie)));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const key = answers[0]!.json().data.key as string;
    const next = refreshCookieOf(answers[0]!)!;
    // Within the grace, one more replay still answers the same successor.
    t.clock.advanceMinutes((REFRESH_REUSE_GRACE_SECONDS - 5) / 60);
    try {
      const inGrace = await refreshBy(t, cookie);
      expect(inGrace.statusCode).toBe(201);
      expect(inGrace.json().data.key).toBe(key);
      t.clock.advanceMinutes(10 / 60);
      const replay = await refreshBy(t, cookie);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error.code).toBe('AUTH_REFRESH_REUSED');
      // The whole login is over: the successor refreshes no more and its key is refused everywhere.
      expect((await refreshBy(t, next)).json().error.code).toBe('AUTH_SESSION_EXPIRED');
      expect((await member(t, key)).statusCode).toBe(401);
      await withSecondInstance(async (t2) => {
        expect((await member(t2, key)).statusCode).toBe(401);
        expect((await refreshBy(t2, cookie)).statusCode).toBe(401);
      });
    } finally {
      t.clock.reset();
    }
  });

  it('the stored answer is sealed: the table holds neither the key nor the refresh token it gives', async () => {
    const cookie = await browserLogin('sealed@example.com');
    const answer = await refreshBy(t, cookie);
    const key = answer.json().data.key as string;
    const next = refreshCookieOf(answer)!;
    const rows = await t.database.db
      .select({ successor: sessionTokens.successor })
      .from(sessionTokens)
      .where(isNotNull(sessionTokens.successor));
    expect(rows.length).toBeGreaterThan(0);
    for (const { successor } of rows) {
      expect(successor).not.toContain(key);
      expect(successor).not.toContain(next);
    }
  });

  it('a sealed answer is dropped once its grace is long over (at the next rotation of the login)', async () => {
    const cookie = await browserLogin('dropped@example.com');
    const first = await refreshBy(t, cookie);
    /** Sealed answers kept for the login of the newest token. */
    const sealedOf = async () => {
      const [newest] = await t.database.db
        .select({ familyId: sessionTokens.familyId })
        .from(sessionTokens)
        .orderBy(desc(sessionTokens.id))
        .limit(1);
      const rows = await t.database.db
        .select({ successor: sessionTokens.successor })
        .from(sessionTokens)
        .where(eq(sessionTokens.familyId, newest!.familyId));
      return rows.filter((r) => r.successor !== null).length;
    };
    t.clock.advanceMinutes(1);
    try {
      const second = await refreshBy(t, refreshCookieOf(first)!);
      expect(second.statusCode).toBe(201);
      // Only the rotation just made keeps its sealed answer; the first one's is gone.
      expect(await sealedOf()).toBe(1);
    } finally {
      t.clock.reset();
    }
  });
});
