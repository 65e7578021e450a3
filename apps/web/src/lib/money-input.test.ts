import { describe, expect, it } from 'vitest';
import { parseMajorToMinor, parsePercentToBp } from './money-input';
import { formatMinorUnits } from './format';

describe('amounts typed in major units become exact minor units', () => {
  it.each([
    ['12.34', 2, 'en', 1234],
    ['12.3', 2, 'en', 1230],
    ['12', 2, 'en', 1200],
    ['1,234.56', 2, 'en', 123456],
    ['0.29', 2, 'en', 29],
    ['150,000', 0, 'en', 150000],
    ['150000', 0, 'kr', 150000],
    [' 150,000 ', 0, 'kr', 150000],
    ['150.000', 0, 'vi', 150000],
    ['12,34', 2, 'vi', 1234],
    ['1.234,5', 2, 'vi', 123450],
  ] as const)('%s (%i decimals, %s) → %i', (text, digits, lang, expected) => {
    expect(parseMajorToMinor(text, digits, lang)).toBe(expected);
  });

  it.each([
    ['12.345', 2, 'en'],
    ['150.5', 0, 'en'],
    ['12,34', 2, 'en'],
    ['1,23,456', 0, 'en'],
    ['-5', 0, 'en'],
    ['1e3', 0, 'en'],
    ['', 0, 'en'],
    ['12.34', 2, 'vi'],
    ['9999999999999999', 0, 'en'],
  ] as const)('refuses %j (%i decimals, %s)', (text, digits, lang) => {
    expect(parseMajorToMinor(text, digits, lang)).toBeNull();
  });

  it('reads percentages as basis points', () => {
    expect(parsePercentToBp('3.3', 'en')).toBe(330);
    expect(parsePercentToBp('3,3', 'vi')).toBe(330);
    expect(parsePercentToBp('0', 'kr')).toBe(0);
    expect(parsePercentToBp('100', 'en')).toBe(10000);
    expect(parsePercentToBp('3.333', 'en')).toBeNull();
  });
});

describe('formatMinorUnits', () => {
  it('shows won and cents per language, exactly', () => {
    expect(formatMinorUnits(1234567, 'KRW', 'kr')).toBe('1,234,567원');
    expect(formatMinorUnits(1234567, 'KRW', 'en')).toBe('₩1,234,567');
    expect(formatMinorUnits(1234, 'USD', 'en')).toBe('$12.34');
    expect(formatMinorUnits(100, 'USD', 'en')).toBe('$1.00');
    expect(formatMinorUnits(1234, 'USD', 'vi').replace(/\s/g, ' ')).toBe('12,34 US$');
    expect(formatMinorUnits(null, 'USD', 'en')).toBe('$0.00');
  });
});
