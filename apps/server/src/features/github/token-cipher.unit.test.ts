import { describe, expect, it } from 'vitest';
import { createTokenCipher, TokenUnreadableError } from './token-cipher.js';

describe('the token cipher', () => {
  it('opens what it sealed, and nothing sealed with another key', () => {
    const cipher = createTokenCipher(() => 'a-key-of-at-least-thirty-two-characters');
    const sealed = cipher.seal('ghp_secret');
    expect(sealed).not.toContain('ghp_secret');
    expect(cipher.open(sealed)).toBe('ghp_secret');
    const other = createTokenCipher(() => 'another-key-of-at-least-thirty-two-chars');
    expect(() => other.open(sealed)).toThrow(TokenUnreadableError);
    expect(() => cipher.open('not sealed')).toThrow(TokenUnreadableError);
  });

  it('reads its key only when a token is first sealed or opened', () => {
    let reads = 0;
    const cipher = createTokenCipher(() => (reads++, 'a-key-of-at-least-thirty-two-characters'));
    expect(reads).toBe(0);
    cipher.open(cipher.seal('x'));
    expect(reads).toBe(1);
  });
});
