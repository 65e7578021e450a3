import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type SessionPort } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(initial = { key: 'old-key', refresh: 'refresh-1' }, refreshOk = true) {
  const state = { ...initial };
  const session: SessionPort = {
    getKey: () => state.key,
    getRefresh: () => state.refresh,
    setTokens: vi.fn((t) => {
      state.key = t.key;
      state.refresh = t.refresh;
    }),
    onSessionLost: vi.fn(),
  };
  let refreshCalls = 0;
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
    if (path === '/api/auth/refresh') {
      refreshCalls++;
      await new Promise((r) => setTimeout(r, 10));
      return refreshOk
        ? json(201, { data: { key: 'new-key', expires: '2099-01-01T00:00:00Z', refresh: 'refresh-2' } })
        : json(401, { error: { code: 'AUTH_SESSION_EXPIRED', message: 'x' } });
    }
    if (auth === 'Bearer new-key') return json(200, { data: { path } });
    return json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
  });
  const api = createApiClient(session, fetchMock as unknown as typeof fetch);
  return { api, session, fetchMock, refreshCount: () => refreshCalls, state };
}

describe('api client session refresh (spec §4)', () => {
  it('adds the bearer key to non-auth calls and not to auth calls', async () => {
    const { api, fetchMock } = setup({ key: 'new-key', refresh: 'r' });
    await api('/member');
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBe(
      'Bearer new-key',
    );
    await api('/auth/login/general', { method: 'POST', body: {} }).catch(() => undefined);
    expect((fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('concurrent 401s share one refresh, and every call is replayed with the new key', async () => {
    const { api, refreshCount, session } = setup();
    const results = await Promise.all([
      api<{ path: string }>('/member'),
      api<{ path: string }>('/project/list-of-member'),
      api('/link?x'),
    ]);
    expect(refreshCount()).toBe(1);
    expect(results[0]).toEqual({ path: '/api/member' });
    expect(results[1]).toEqual({ path: '/api/project/list-of-member' });
    expect(session.setTokens).toHaveBeenCalledTimes(1);
    expect(session.onSessionLost).not.toHaveBeenCalled();
  });

  it('a failed refresh resets the session once per failing call and rejects', async () => {
    const { api, session, refreshCount } = setup(undefined, false);
    await expect(api('/member')).rejects.toMatchObject({ code: 'AUTH_SESSION_EXPIRED' });
    expect(refreshCount()).toBe(1);
    expect(session.onSessionLost).toHaveBeenCalled();
    expect(session.setTokens).not.toHaveBeenCalled();
  });

  it('an empty refresh token resets the session without calling refresh', async () => {
    const { api, session, refreshCount } = setup({ key: 'old', refresh: '' });
    await expect(api('/member')).rejects.toBeInstanceOf(ApiError);
    expect(refreshCount()).toBe(0);
    expect(session.onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('a call made after logout is refused without a refresh and without sending the user to login', async () => {
    const { api, session, refreshCount } = setup({ key: '', refresh: '' });
    await expect(api('/member')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(refreshCount()).toBe(0);
    expect(session.onSessionLost).not.toHaveBeenCalled();
  });

  it('a 401 from an auth call is an error of that call, not a session loss', async () => {
    const { api, session, refreshCount } = setup();
    await expect(api('/auth/login/general', { method: 'POST', body: {} })).rejects.toMatchObject({
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
      { getKey: () => '', getRefresh: () => '', setTokens: vi.fn(), onSessionLost: vi.fn() },
      fetchMock as unknown as typeof fetch,
    );
    const error = await api('/auth/email', { method: 'POST', body: {} }).catch((e: unknown) => e);
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
        { getKey: () => 'k', getRefresh: () => 'r', setTokens: vi.fn(), onSessionLost: vi.fn() },
        vi.fn(async () => response()) as unknown as typeof fetch,
      );
    const quota = client(() => json(413, { error: { code: 'STORAGE_QUOTA_EXCEEDED', message: 'x' } }));
    await expect(quota('/file', { method: 'POST', body: new FormData() })).rejects.toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
      status: 413,
    });
    // A proxy's 413 without a JSON body still reads as a too-large file.
    const proxy = client(() => new Response('Request Entity Too Large', { status: 413 }));
    await expect(proxy('/file', { method: 'POST', body: new FormData() })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
  });
});
