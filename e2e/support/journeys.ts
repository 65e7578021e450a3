import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkFromOutbox } from './outbox.js';

export interface TestUser {
  email: string;
  password: string;
  name: string;
  nickname: string;
  phone: string;
}

let counter = 0;
/** A new, unique user for one test. */
export function newUser(prefix = 'user'): TestUser {
  counter += 1;
  // The pid keeps two workers' users apart when they start in the same millisecond.
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    email: `${prefix}-${id}@example.com`,
    password: 'correct-horse-1',
    name: `${prefix} ${counter}`.slice(0, 15),
    nickname: `${prefix}${counter}`.slice(0, 15),
    phone: `0101234${String(1000 + counter).slice(-4)}`,
  };
}

type Envelope<T> = { data: T };

/**
 * Signs a user up through the real API (e-mail link read from the outbox) and returns the tokens.
 * For tests whose subject is not the sign-up itself.
 */
export async function signUpByApi(request: APIRequestContext, user: TestUser) {
  const since = Date.now();
  const sent = await request.post('/api/auth/email', { data: { email: user.email, purpose: 'join' } });
  expect(sent.status()).toBe(201);
  const link = await linkFromOutbox(user.email, '/verify/email', since);
  const token = new URL(link, 'http://x').hash.split('token=')[1];
  const verified = await request.post('/api/auth/email/verify', { data: { token } });
  expect(verified.status()).toBe(200);
  const { verifiedToken } = ((await verified.json()) as Envelope<{ verifiedToken: string }>).data;
  const joined = await request.post('/api/member/join/general', {
    data: {
      verifiedToken,
      password: user.password,
      name: user.name,
      nickname: user.nickname,
      phone: user.phone,
    },
  });
  expect(joined.status()).toBe(201);
  return ((await joined.json()) as Envelope<{ key: string; refresh: string; expires: string }>).data;
}

/** Calls the API as a signed-in user. */
export async function apiAs<T>(
  request: APIRequestContext,
  key: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${key}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path} → ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

/** Creates a project through the API; `isClient` puts the creator on the client side. */
export async function createProjectByApi(
  request: APIRequestContext,
  key: string,
  name: string,
  isClient = false,
) {
  return apiAs<{ projectIdx: number; name: string }>(request, key, 'POST', '/project', { name, isClient });
}

/** Logs in through the login page and waits until the app has left it. */
export async function logIn(page: Page, user: Pick<TestUser, 'email' | 'password'>, path = '/#/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in with email' }).click();
  await expect(page).not.toHaveURL(/#\/login/);
}

/**
 * A member joins a project through the real invitation routes: invited by e-mail, accepting with the
 * token from the mailed link. Returns the accept answer (the new membership).
 */
export async function joinByInvitation(
  request: APIRequestContext,
  invite: { adminKey: string; projectIdx: number; role: 'client' | 'depth1' | 'depth2' },
  user: Pick<TestUser, 'email'>,
  userKey: string,
) {
  const since = Date.now();
  await apiAs(request, invite.adminKey, 'POST', '/member-in-project/invite', {
    projectIdx: invite.projectIdx,
    email: user.email,
    role: invite.role,
  });
  const link = await linkFromOutbox(user.email, '/verify/invite', since);
  const token = new URL(link, 'http://x').hash.split('token=')[1];
  return apiAs<{ memberInProjectIdx: number }>(request, userKey, 'POST', '/member-in-project/invite/accept', {
    token,
  });
}
