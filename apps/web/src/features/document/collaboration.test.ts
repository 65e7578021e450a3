import type { HocuspocusProvider } from '@hocuspocus/provider';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { caretColorOf, collabDocumentName, collabUrl, useLiveDocument } from './collaboration';

vi.mock('../../lib/api', () => ({ api: { get: vi.fn(() => Promise.resolve({})) } }));

type Config = ConstructorParameters<typeof HocuspocusProvider>[0];

/** A provider whose server answers are played by the test through the configuration's callbacks. */
function fakeProviders() {
  const made: {
    config: Config;
    provider: { authorizedScope?: string; destroy: () => void; sendToken: () => Promise<void> };
  }[] = [];
  const createProvider = (config: Config) => {
    const provider = {
      authorizedScope: undefined as string | undefined,
      destroy: vi.fn(),
      sendToken: vi.fn(() => Promise.resolve()),
    };
    made.push({ config, provider });
    return provider as unknown as HocuspocusProvider;
  };
  return { made, createProvider };
}

describe('useLiveDocument', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens document:{idx} and goes live on the first sync, read-only when the server says so', () => {
    const { made, createProvider } = fakeProviders();
    const { result } = renderHook(() => useLiveDocument(12, { createProvider }));
    expect(result.current.state).toBe('connecting');
    expect(made[0]?.config.name).toBe('document:12');
    made[0]!.provider.authorizedScope = 'readonly';
    act(() => made[0]!.config.onSynced?.({ state: true }));
    expect(result.current.state).toBe('live');
    expect(result.current.state === 'live' && result.current.session.readOnly).toBe(true);
    // Later events never swap the mode under the user.
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current.state).toBe('live');
  });

  it('edits without live co-editing when the server does not answer in time', () => {
    const { createProvider } = fakeProviders();
    const { result } = renderHook(() => useLiveDocument(3, { createProvider, timeoutMs: 1_000 }));
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(result.current.state).toBe('connecting');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.state).toBe('unavailable');
  });

  it('refreshes a refused key once and retries, then gives up', async () => {
    const { made, createProvider } = fakeProviders();
    const { result } = renderHook(() => useLiveDocument(5, { createProvider }));
    const { config, provider } = made[0]!;
    await act(async () => config.onAuthenticationFailed?.({ reason: 'expired' }));
    expect(provider.sendToken).toHaveBeenCalledTimes(1);
    expect(result.current.state).toBe('connecting');
    act(() => config.onAuthenticationFailed?.({ reason: 'denied' }));
    expect(result.current.state).toBe('unavailable');
  });

  it('is off when disabled and closes the session on unmount', () => {
    const { made, createProvider } = fakeProviders();
    expect(
      renderHook(() => useLiveDocument(1, { createProvider, enabled: false })).result.current.state,
    ).toBe('unavailable');
    expect(made).toHaveLength(0);
    const { unmount } = renderHook(() => useLiveDocument(2, { createProvider }));
    unmount();
    expect(made[0]!.provider.destroy).toHaveBeenCalled();
  });
});

describe('useLiveDocument after going live', () => {
  it('follows what the server allows on re-authentication: a share taken away makes it read-only', async () => {
    const { made, createProvider } = fakeProviders();
    const { result } = renderHook(() => useLiveDocument(8, { createProvider }));
    const { config } = made[0]!;
    act(() => config.onSynced?.({ state: true }));
    expect(result.current.state === 'live' && result.current.session.readOnly).toBe(false);
    act(() => config.onAuthenticated?.({ scope: 'readonly' }));
    expect(result.current.state === 'live' && result.current.session.readOnly).toBe(true);
    act(() => config.onAuthenticated?.({ scope: 'read-write' }));
    expect(result.current.state === 'live' && result.current.session.readOnly).toBe(false);
    await act(async () => config.onAuthenticationFailed?.({ reason: 'expired' }));
    expect(result.current.state === 'live' && result.current.session.readOnly).toBe(false);
    act(() => config.onAuthenticationFailed?.({ reason: 'permission-denied' }));
    expect(result.current.state).toBe('live');
    expect(result.current.state === 'live' && result.current.session.readOnly).toBe(true);
  });
});

describe('collaboration addresses', () => {
  it('uses the app host, wss behind https, and a stable caret colour per member', () => {
    expect(collabUrl({ protocol: 'https:', host: 'team.example' })).toBe(
      'wss://team.example/api/document/collab',
    );
    expect(collabUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/api/document/collab',
    );
    expect(collabDocumentName(7)).toBe('document:7');
    expect(caretColorOf(9)).toBe(caretColorOf(9));
    expect(caretColorOf(1)).not.toBe(caretColorOf(2));
  });
});
