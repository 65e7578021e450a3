import { afterEach, describe, expect, it, vi } from 'vitest';

/** Fresh module per test, so the store hydrates from whatever local storage holds at import. */
async function loadStore() {
  vi.resetModules();
  return (await import('./auth-store')).useAuthStore;
}

afterEach(() => localStorage.clear());

describe('auth store: what survives a reload', () => {
  it('persists only the login flag; the key stays in memory and a refresh token is never kept', async () => {
    const store = await loadStore();
    store
      .getState()
      .setTokens({ key: 'secret-key', expires: '2099-01-01T00:00:00Z', refresh: 'secret-refresh' });
    expect(store.getState()).toMatchObject({ isLogin: true, key: 'secret-key' });
    expect(store.getState()).not.toHaveProperty('refresh');
    const stored = localStorage.getItem('teamline.auth') ?? '';
    expect(JSON.parse(stored)).toEqual({ state: { isLogin: true }, version: 1 });
    expect(stored).not.toContain('secret');
  });

  it('after a reload it is still signed in, without a key (the API client gets one from the cookie)', async () => {
    (await loadStore()).getState().setTokens({ key: 'k', expires: 'e' });
    const reloaded = await loadStore();
    expect(reloaded.getState()).toMatchObject({ isLogin: true, key: '', expires: '' });
  });

  it('drops the key and refresh token an older version stored in local storage', async () => {
    localStorage.setItem(
      'teamline.auth',
      JSON.stringify({
        state: { isLogin: true, key: 'old-key', expires: 'e', refresh: 'old-refresh' },
        version: 0,
      }),
    );
    const store = await loadStore();
    expect(store.getState()).toMatchObject({ isLogin: true, key: '' });
    expect(localStorage.getItem('teamline.auth')).not.toContain('old-');
  });
});
