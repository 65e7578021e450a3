import type { Contract, EmptyResponse } from '@teamline/contract';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError, createApiClient, pathOf, type SessionPort } from './api-client';

/** The address a fetch was called with, whatever form it took. */
const urlOf = (url: string | URL | Request): string =>
  typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A session as the web app holds it: the access key in memory and a login flag; the refresh token
 * is an httpOnly cookie the fake server below checks, which the client never sees.
 */
function setup(initial = { key: 'old-key', signedIn: true }, refreshOk = true) {
  const state = { ...initial };
  const session: SessionPort = {
    getKey: () => state.key,
    isSignedIn: () => state.signedIn,
    setTokens: vi.fn((t) => {
      state.key = t.key;
    }),
    onSessionLost: vi.fn(),
  };
  let refreshCalls = 0;
  const refreshRequests: RequestInit[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = urlOf(url);
    const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
    if (path === '/api/auth/refresh') {
      refreshCalls++;
      refreshRequests.push(init ?? {});
      await new Promise((r) => setTimeout(r, 10));
      // A browser gets no refresh token in the JSON: it stays in the cookie.
      return refreshOk
        ? json(201, { data: { key: 'new-key', expires: '2099-01-01T00:00:00Z' } })
        : json(401, { error: { code: 'AUTH_SESSION_EXPIRED', message: 'x' } });
    }
    if (auth === 'Bearer new-key') return json(200, { data: { path } });
    return json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
  });
  const api = createApiClient(session, fetchMock);
  return { api, session, fetchMock, refreshCount: () => refreshCalls, refreshRequests, state };
}

describe('api client session refresh (docs/product/accounts.md#sessions)', () => {
  it('adds the bearer key to non-auth calls and not to auth calls', async () => {
    const { api, fetchMock } = setup({ key: 'new-key', signedIn: true });
    await api.get('member');
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBe(
      'Bearer new-key',
    );
    await api.post('authLoginGeneral', { body: {} }).catch(() => undefined);
    expect((fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('concurrent 401s share one refresh by cookie, and every call is replayed with the new key', async () => {
    const { api, refreshCount, refreshRequests, session } = setup();
    const results = await Promise.all([
      api.get('member'),
      api.get('projectListOfMember'),
      api.get('link', { query: { projectIdx: 1 } }),
    ]);
    expect(refreshCount()).toBe(1);
    expect(results[0]).toEqual({ path: '/api/member' });
    expect(results[1]).toEqual({ path: '/api/project/list-of-member' });
    expect(session.setTokens).toHaveBeenCalledTimes(1);
    expect(session.onSessionLost).not.toHaveBeenCalled();
    // No token in the request: the browser adds the httpOnly cookie itself.
    expect(refreshRequests[0]).toEqual({ method: 'POST', credentials: 'same-origin' });
  });

  it('after a reload (no key in memory, signed in) gets a key from the cookie before the first call', async () => {
    const { api, fetchMock, refreshCount, session, state } = setup({ key: '', signedIn: true });
    const results = await Promise.all([api.get('member'), api.get('link')]);
    expect(results).toEqual([{ path: '/api/member' }, { path: '/api/link' }]);
    expect(refreshCount()).toBe(1);
    expect(state.key).toBe('new-key');
    // Nothing went out without a key: the refresh first, then both calls with the new key.
    expect(fetchMock.mock.calls.map(([url]) => urlOf(url))).toEqual([
      '/api/auth/refresh',
      '/api/member',
      '/api/link',
    ]);
    expect(session.onSessionLost).not.toHaveBeenCalled();
  });

  it('ensureKey (a socket about to send the key) joins the refresh the first call makes: one refresh', async () => {
    const { api, refreshCount } = setup({ key: '', signedIn: true });
    const [key, result] = await Promise.all([api.ensureKey(), api.get('member')]);
    expect(key).toBe('new-key');
    expect(result).toEqual({ path: '/api/member' });
    expect(refreshCount()).toBe(1);
    // With a key in memory, or signed out, nothing is asked.
    expect(await api.ensureKey()).toBe('new-key');
    expect(await setup({ key: '', signedIn: false }).api.ensureKey()).toBe('');
    expect(refreshCount()).toBe(1);
  });

  it('after a reload with a cookie that no longer works, the session is lost and the call rejects', async () => {
    const { api, fetchMock, session } = setup({ key: '', signedIn: true }, false);
    await expect(api.get('member')).rejects.toMatchObject({ code: 'AUTH_SESSION_EXPIRED', status: 401 });
    expect(fetchMock.mock.calls.map(([url]) => urlOf(url))).toEqual(['/api/auth/refresh']);
    expect(session.onSessionLost).toHaveBeenCalledTimes(1);
    expect(session.setTokens).not.toHaveBeenCalled();
  });

  it('a failed refresh resets the session once per failing call and rejects', async () => {
    const { api, session, refreshCount } = setup(undefined, false);
    await expect(api.get('member')).rejects.toMatchObject({ code: 'AUTH_SESSION_EXPIRED' });
    expect(refreshCount()).toBe(1);
    expect(session.onSessionLost).toHaveBeenCalled();
    expect(session.setTokens).not.toHaveBeenCalled();
  });

  it('a call made after logout is refused without a refresh and without sending the user to login', async () => {
    const { api, session, refreshCount } = setup({ key: '', signedIn: false });
    await expect(api.get('member')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(refreshCount()).toBe(0);
    expect(session.onSessionLost).not.toHaveBeenCalled();
  });

  it('a 401 from an auth call is an error of that call, not a session loss', async () => {
    const { api, session, refreshCount } = setup();
    await expect(api.post('authLoginGeneral', { body: {} })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(refreshCount()).toBe(0);
    expect(session.onSessionLost).not.toHaveBeenCalled();
  });

  it('turns the error envelope into an ApiError with code and field errors', async () => {
    const fetchMock = vi.fn(async () =>
      json(409, {
        error: { code: 'EMAIL_ALREADY_REGISTERED', message: 'x', fieldErrors: { email: 'emailFormat' } },
      }),
    );
    const api = createApiClient(
      { getKey: () => '', isSignedIn: () => false, setTokens: vi.fn(), onSessionLost: vi.fn() },
      fetchMock,
    );
    const error = await api.post('authEmail', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'EMAIL_ALREADY_REGISTERED',
      status: 409,
      fieldErrors: { email: 'emailFormat' },
    });
  });

  it('a 413 keeps the code of the body: a full storage quota is not shown as a too-large file', async () => {
    const client = (response: () => Response) =>
      createApiClient(
        { getKey: () => 'k', isSignedIn: () => true, setTokens: vi.fn(), onSessionLost: vi.fn() },
        vi.fn(async () => response()),
      );
    const quota = client(() => json(413, { error: { code: 'STORAGE_QUOTA_EXCEEDED', message: 'x' } }));
    await expect(quota.post('file', { body: new FormData() })).rejects.toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
      status: 413,
    });
    // A proxy's 413 without a JSON body still reads as a too-large file.
    const proxy = client(() => new Response('Request Entity Too Large', { status: 413 }));
    await expect(proxy.post('file', { body: new FormData() })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
  });
});

describe('calls named by their path (docs/decisions.md "API")', () => {
  it("builds the path from the name in apiPaths and the path function's arguments", () => {
    expect(pathOf('contract')).toBe('/contract');
    expect(pathOf(['contractMove', 7, 'accept'])).toBe('/contract/7/accept');
  });

  it("takes the answer's type from the contract, for the path and the method", () => {
    const { api } = setup();
    // Checked by the compiler only: the calls are never sent.
    const typed = () => {
      expectTypeOf(api.post(['contractMove', 7, 'accept'])).resolves.toEqualTypeOf<Contract>();
      expectTypeOf(api.delete(['linkOne', 3])).resolves.toEqualTypeOf<EmptyResponse>();
      expectTypeOf(api.file(['settlementExport', 2])).resolves.toEqualTypeOf<Blob>();
      // @ts-expect-error no GET answers on a contract's move
      expectTypeOf(api.get(['contractMove', 7, 'accept'])).toBeObject();
      // @ts-expect-error the move is one of the contract's
      expectTypeOf(api.post(['contractMove', 7, 'reopen'])).toBeObject();
      // @ts-expect-error an export is read as a file, not as JSON
      expectTypeOf(api.get(['settlementExport', 2])).toBeObject();
    };
    expect(typed).toBeTypeOf('function');
  });
});
