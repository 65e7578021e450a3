import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey, useIdempotencyKey } from './idempotency';

describe('Idempotency-Key per user intent', () => {
  it('is a version-4 UUID, different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('a double click or a retry after a lost answer reuses the key; another count is a new intent', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor({ direction: 'ADD', count: 2 });
    expect(result.current.keyFor({ direction: 'ADD', count: 2 })).toBe(first);
    act(() => result.current.settle(new ApiError('API_REQUEST_FAILED', 0)));
    act(() => result.current.settle(new ApiError('API_REQUEST_FAILED', 503)));
    expect(result.current.keyFor({ direction: 'ADD', count: 2 })).toBe(first);
    expect(result.current.keyFor({ direction: 'ADD', count: 3 })).not.toBe(first);
  });

  it('after a refusal (the card was declined) trying again is a new intent', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor({ plan: '30D' });
    act(() => result.current.settle(new ApiError('SUBSCRIPTION_FAILED', 402)));
    expect(result.current.keyFor({ plan: '30D' })).not.toBe(first);
  });

  it('each opened dialog (a new mount) has its own key', () => {
    const a = renderHook(() => useIdempotencyKey());
    const b = renderHook(() => useIdempotencyKey());
    expect(a.result.current.keyFor({ count: 1 })).not.toBe(b.result.current.keyFor({ count: 1 }));
  });
});
