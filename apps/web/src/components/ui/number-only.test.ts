import { describe, expect, it } from 'vitest';
import { isAllowedNumberKey, keepNumberChars } from './number-only';

describe('number-only input (docs/product/i18n-and-modes.md#widgets)', () => {
  it.each(['0', '5', '9', 'Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', '.'])('allows %s', (key) => {
    expect(isAllowedNumberKey({ key })).toBe(true);
  });
  it.each(['a', 'e', '-', '+', ',', ' ', 'ArrowUp', 'ㄱ'])('blocks %s', (key) => {
    expect(isAllowedNumberKey({ key })).toBe(false);
  });
  it('keeps only digits and dots of pasted text', () => {
    expect(keepNumberChars('010-1234 abc.5')).toBe('0101234.5');
  });
});
