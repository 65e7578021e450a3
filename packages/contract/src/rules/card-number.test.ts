import { describe, expect, it } from 'vitest';
import { isLuhnValid } from './card-number.js';

describe('isLuhnValid (the card number check digit)', () => {
  // A hand table: the sandbox's test cards, well-known test numbers of each brand, and the same
  // numbers with one digit changed or two neighbours swapped.
  it.each([
    ['4242424242424242', true], // sandbox ok
    ['4000000000000002', true], // sandbox declined
    ['4000000000009995', true], // sandbox insufficient funds
    ['5555555555554444', true], // Mastercard
    ['378282246310005', true], // Amex, 15 digits
    ['6011111111111117', true], // Discover
    ['79927398713', true], // the textbook example
    ['0', true], // the sum 0 is a multiple of 10
    ['4242424242424241', false], // last digit off by one
    ['4242424242424224', false], // two neighbours swapped
    ['5555555555554445', false],
    ['378282246310006', false],
    ['79927398710', false],
    ['1', false],
  ])('%s → %s', (digits, valid) => {
    expect(isLuhnValid(digits)).toBe(valid);
  });

  it('takes digits only: spaces, dashes, letters and the empty string fail', () => {
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('4242 4242 4242 4242')).toBe(false);
    expect(isLuhnValid('4242-4242-4242-4242')).toBe(false);
    expect(isLuhnValid('424242424242424a')).toBe(false);
  });
});
