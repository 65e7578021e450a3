import { useCallback, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';

/** A random key for one user intent (the server keeps its first answer for 24 hours). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain http on a LAN address has no randomUUID: 16 random bytes as a version-4 UUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether the server answered for certain (a refusal): another try of the same intent needs a new key. */
export const isDefiniteAnswer = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/**
 * The `Idempotency-Key` of one opened dialog (mount the dialog only while it is open). The same key
 * goes with a retry after a lost answer and with a double click, so the card is charged once; what
 * the user pays for changing (another count, plan or coupon), or a refusal the user answers by
 * changing something, is a new intent with a new key.
 */
export function useIdempotencyKey(): {
  keyFor: (intent: unknown) => string;
  settle: (error: unknown) => void;
} {
  const current = useRef<{ intent: string; key: string } | null>(null);
  const keyFor = useCallback((intent: unknown) => {
    const text = JSON.stringify(intent);
    if (current.current?.intent !== text) current.current = { intent: text, key: newIdempotencyKey() };
    return current.current.key;
  }, []);
  const settle = useCallback((error: unknown) => {
    if (isDefiniteAnswer(error)) current.current = null;
  }, []);
  return { keyFor, settle };
}
